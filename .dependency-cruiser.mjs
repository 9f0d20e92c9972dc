/**
 * The import rules `npm run deps` checks (scripts/import-rules.ts): no circle, type imports included, and imports
 * that run one way only: `client` → `src/app` ← `src/server`, none of them into the tools (`scripts`, `test`), and no
 * Node built-in in the code that runs in the browser. Paths are relative to the folder checked, so the fixtures in
 * test/fixtures/import-rules are checked by these same rules.
 * @type {import('dependency-cruiser').IConfiguration}
 */
export default {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'Two modules that import each other, directly or through others, types included: move the shared part into a module of its own.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'app-not-to-server',
      comment: 'src/app runs in the browser as well: it never imports src/server, not even its types.',
      severity: 'error',
      from: { path: '^src/app/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'app-not-to-client',
      comment: 'client/ is the browser entry that imports src/app, never the other way.',
      severity: 'error',
      from: { path: '^src/app/' },
      to: { path: '^client/' },
    },
    {
      name: 'client-not-to-server',
      comment: 'client/ imports src/app only: server code must not reach the browser bundle.',
      severity: 'error',
      from: { path: '^client/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'server-not-to-client',
      comment: 'client/ is the browser entry; what the server shares with it lives in src/app.',
      severity: 'error',
      from: { path: '^src/server/' },
      to: { path: '^client/' },
    },
    {
      name: 'product-not-to-tools',
      comment: 'The shipped code (src, client) never imports the tools and tests that use it.',
      severity: 'error',
      from: { path: '^(src|client)/' },
      to: { path: '^(scripts|test)/|^build\\.mjs$' },
    },
    {
      name: 'no-node-builtins-in-browser-code',
      comment: 'src/app and client/ run in the browser, where Node built-ins do not exist.',
      severity: 'error',
      from: { path: '^(src/app|client)/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'not-to-unresolvable',
      comment:
        'An import the check cannot follow is an import the other rules cannot see. The built server (dist/) is the one allowed exception: scripts start it.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true, pathNot: '(^|/)dist/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // The planted breakages of the tests, and the build's output, which scripts start but nothing imports.
    exclude: { path: ['^test/fixtures/', '^dist/'] },
    moduleSystems: ['es6', 'cjs'],
    // Type-only imports are imports too: a circle of types is still a circle (STYLE #10).
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    detectProcessBuiltinModuleCalls: true,
    enhancedResolveOptions: {
      // package.json "imports" (#app/*, #server/*) and "exports" are read as Node and esbuild read them.
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
      extensions: ['.ts', '.tsx', '.mts', '.mjs', '.js', '.cjs', '.json', '.d.ts'],
    },
  },
};
