// Builds the client (ESM, split per page module, minified, hashed, pre-compressed, with a
// manifest the server reads to send each page only its own chunks) and the server bundle.

import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import * as esbuild from 'esbuild';
import { brandFontPlugin } from './scripts/brand-font.mjs';
import { buildImages } from './scripts/build-images.mjs';
import { inputsStamp, isBuildFresh, STAMP_FILE } from './scripts/build-stamp.mjs';
import { iconSpriteSvg } from './src/app/layout/icon-sprite.ts';

export { inputsStamp, isBuildFresh };

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const DIST = path.join(ROOT, 'dist');
const ASSETS_DIR = path.join(DIST, 'public', 'assets');
const CLIENT_ENTRY = 'client/entry.tsx';
/** Server-side programs: the server itself and the operators' submissions, Galaxy directory, backup and restore tools. */
const SERVER_ENTRIES = {
  main: 'src/server/main.ts',
  submissions: 'src/server/cli/submissions-main.ts',
  galaxy: 'src/server/cli/galaxy-main.ts',
  backup: 'src/server/cli/backup-main.ts',
  restore: 'src/server/cli/restore-main.ts',
};
/** Where the versioned images go; the server answers them under /img/. */
const IMAGES_DIR = path.join(DIST, 'public', 'img');
/** Image encodes kept between builds, by content. */
const IMAGE_CACHE_DIR = path.join(ROOT, 'node_modules', '.cache', 'nordstern-images');
/**
 * Modules the browser loads on demand after hydration and the server never renders (the login
 * card and, behind it, the Firebase browser SDK): the server bundle leaves them out instead of
 * importing the browser SDK at its start.
 */
const BROWSER_ONLY = /\/login\/login-panel\.tsx$/;
const browserOnly = {
  name: 'browser-only',
  setup(build) {
    build.onResolve({ filter: BROWSER_ONLY }, (args) => ({ path: args.path, external: true }));
  },
};
/**
 * Modules the browser builds in a variant of its own (source → variant), so the client need not
 * carry code only the server needs. The head's consent scripts: their text ran before hydration,
 * and the browser keeps what the server wrote. The page matching: the server's compiled copy of
 * react-router's ranking, where the browser has react-router's own.
 */
const BROWSER_VARIANTS = {
  'src/app/consent/consent-head.tsx': 'src/app/consent/consent-head.browser.tsx',
  'src/app/page-matcher.ts': 'src/app/page-matcher.browser.ts',
  'src/app/layout/page-head.tsx': 'src/app/layout/page-head.browser.tsx',
};
const browserVariants = {
  name: 'browser-variants',
  setup(build) {
    const names = Object.keys(BROWSER_VARIANTS).map((source) => path.basename(source).replace(/\./g, '\\.'));
    build.onResolve({ filter: new RegExp(`/(${names.join('|')})$`) }, (args) => {
      const variant =
        BROWSER_VARIANTS[path.relative(ROOT, path.resolve(args.resolveDir, args.path)).split(path.sep).join('/')];
      return variant ? { path: path.join(ROOT, variant) } : undefined;
    });
  },
};
/**
 * The module whose exports the first load uses: every module the browser loads on demand
 * imports it (see firstLoadGroups), so what the first load needs is one chunk.
 */
const FIRST_LOAD_APP = 'client/first-load.ts';
/**
 * Stylesheets that only modules loaded on demand need, each built as an entry of its own instead
 * of into the entry's stylesheet, so no page carries the rules of every other page. The server
 * sets a page module's sheet into that page; the browser loads a sheet with its module
 * (src/app/styles/on-demand.ts). Named here: the modules cannot import them, as the server and
 * the tests load the modules as they are, and esbuild would put every sheet a dynamic import
 * reaches into the entry's stylesheet all the same.
 */
const ON_DEMAND_STYLES = {
  'src/app/pages/content-page.tsx': [
    'src/app/styles/secondary-buttons.css',
    'src/app/styles/inner-pages.css',
    'src/app/styles/content-blocks.css',
    'src/app/styles/download.css',
    'src/app/styles/pages.css',
  ],
  'src/app/pages/insights.tsx': [
    'src/app/styles/secondary-buttons.css',
    'src/app/styles/inner-pages.css',
    'src/app/styles/insights.css',
  ],
  'src/app/pages/insight-article.tsx': [
    'src/app/styles/inner-pages.css',
    'src/app/styles/insights.css',
    'src/app/styles/download.css',
  ],
  'src/app/layout/route-error-page.tsx': ['src/app/styles/error-page.css'],
  'src/app/login/login-panel.tsx': ['src/app/styles/login-panel.css'],
  'src/app/layout/consent-settings.tsx': ['src/app/styles/consent-settings.css'],
  'src/app/consent/consent-banner.tsx': [
    'src/app/styles/secondary-buttons.css',
    'src/app/styles/consent-settings.css',
    'src/app/styles/consent.css',
  ],
};
/** The name a module's stylesheets go by in the manifest and the page: its file name without folder and extension. */
const styleModuleName = (source) => path.basename(source).replace(/\.[^.]+$/, '');
/** The namespace of the modules loaded on demand, as seen through firstLoadGroups' wrapper. */
const ON_DEMAND = 'on-demand';
/**
 * Groups the first load into few chunks. esbuild's splitting puts code in one chunk per set
 * of entry points (the client entry and every dynamic import) that use it: code the first
 * load shares with one lazy module lands in a chunk of its own, with another in a second
 * one, and the homepage named 37 files. Each module loaded on demand is therefore reached
 * through a wrapper that also imports the first load's app module: every part of the first
 * load is then reached from the same set of entry points and lands in the one app chunk,
 * besides the libraries the entry evaluates itself (the vendor chunk). A lazy module's
 * chunk imports the first-load chunks, which the page has loaded already. A bare import, not
 * a re-export: esbuild groups files by the entry points that reach them, and a namespace
 * re-export would add a namespace object, esbuild's runtime chunk and its exports to every first load.
 */
const firstLoadGroups = {
  name: 'first-load-groups',
  setup(build) {
    build.onResolve({ filter: /.*/ }, async (args) => {
      if (args.kind !== 'dynamic-import' || args.pluginData?.resolving || args.namespace !== 'file') return undefined;
      if (
        args.importer.includes(`${path.sep}node_modules${path.sep}`) ||
        path.relative(ROOT, args.importer) === CLIENT_ENTRY
      )
        return undefined;
      const resolved = await build.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: { resolving: true },
      });
      if (resolved.errors.length > 0 || resolved.external) return resolved;
      return { path: path.relative(ROOT, resolved.path).split(path.sep).join('/'), namespace: ON_DEMAND };
    });
    build.onLoad({ filter: /.*/, namespace: ON_DEMAND }, async (args) => {
      const file = path.join(ROOT, args.path);
      const source = await readFile(file, 'utf8');
      const hasDefault = /^export default\b|^export \{[^}]*\bdefault\b/m.test(source);
      return {
        contents: [
          `export * from ${JSON.stringify(file)};`,
          hasDefault ? `export { default } from ${JSON.stringify(file)};` : '',
          `import ${JSON.stringify(path.join(ROOT, FIRST_LOAD_APP))};`,
        ].join('\n'),
        loader: 'js',
        resolveDir: ROOT,
      };
    });
  },
};
/** The source file of an entry point, also when it was reached through firstLoadGroups' wrapper. */
const sourceOf = (entryPoint) => entryPoint?.replace(`${ON_DEMAND}:`, '');
/** Files smaller than this are not worth compressing ahead of time. */
const PRECOMPRESS_MIN_BYTES = 1024;

/** Builds when dist/ is missing or older than its inputs. */
export async function ensureBuild(log = console.log) {
  if (await isBuildFresh()) return;
  log('building…');
  const { ms } = await build();
  log(`build finished in ${ms} ms`);
}

const shared = {
  bundle: true,
  jsx: 'automatic',
  logLevel: 'warning',
  absWorkingDir: ROOT,
};

/** The manifest the server reads, from the client build's metafile (assetsDir: where that build wrote). */
export function manifestOf(metafile, assetsDir = ASSETS_DIR) {
  const outputs = metafile.outputs;
  const url = (file) => '/assets/' + path.relative(path.relative(ROOT, assetsDir), file).split(path.sep).join('/');
  const closure = (file, seen = new Set()) => {
    if (seen.has(file)) return seen;
    seen.add(file);
    for (const imported of outputs[file]?.imports ?? []) {
      if (imported.kind === 'import-statement' && !imported.external) closure(imported.path, seen);
    }
    return seen;
  };
  const entryFile = Object.keys(outputs).find(
    (file) => outputs[file].entryPoint === CLIENT_ENTRY && file.endsWith('.js'),
  );
  if (!entryFile) throw new Error('The client entry is missing from the build output');
  // The entry loads its start-up steps by dynamic import (each is evaluated in a task of its own);
  // they are part of every first load all the same.
  const entryModules = closure(entryFile);
  for (const imported of outputs[entryFile].imports) {
    if (imported.kind === 'dynamic-import' && !imported.external) closure(imported.path, entryModules);
  }
  const pages = {};
  for (const [file, output] of Object.entries(outputs)) {
    if (!file.endsWith('.js') || !sourceOf(output.entryPoint)?.startsWith('src/app/pages/')) continue;
    pages[sourceOf(output.entryPoint)] = [...closure(file)].filter((f) => !entryModules.has(f)).map(url);
  }
  // Modules loaded on demand (the login panel, its Firebase flow), by their source file.
  const lazy = {};
  for (const [file, output] of Object.entries(outputs)) {
    const source = sourceOf(output.entryPoint);
    if (!file.endsWith('.js') || !source || source === CLIENT_ENTRY || source.startsWith('src/app/pages/')) continue;
    if (!entryModules.has(file)) lazy[source] = [...closure(file)].filter((f) => !entryModules.has(f)).map(url);
  }
  const css = [outputs[entryFile].cssBundle].filter(Boolean).map(url);
  // The stylesheets of modules loaded on demand (ON_DEMAND_STYLES).
  const sheetUrl = (sheet) => {
    const file = Object.keys(outputs).find((output) => outputs[output].entryPoint === sheet && output.endsWith('.css'));
    if (!file) throw new Error(`The stylesheet ${sheet} is missing from the build output`);
    return url(file);
  };
  // By the module's file name alone (withStyles names it so): each page carries the table, and the browser's code the names.
  const styles = {};
  for (const [source, sheets] of Object.entries(ON_DEMAND_STYLES)) {
    const name = styleModuleName(source);
    if (styles[name]) throw new Error(`Two modules of ON_DEMAND_STYLES are named ${name}`);
    styles[name] = sheets.map(sheetUrl);
  }
  return { entry: url(entryFile), entryModules: [...entryModules].map(url), css, pages, lazy, styles };
}

async function precompress(metafile) {
  let saved = 0;
  for (const file of Object.keys(metafile.outputs)) {
    if (!/\.(js|css)$/.test(file)) continue;
    const body = await readFile(path.join(ROOT, file));
    if (body.length < PRECOMPRESS_MIN_BYTES) continue;
    const br = brotliCompressSync(body, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
    });
    const gz = gzipSync(body, { level: 9 });
    await writeFile(path.join(ROOT, `${file}.br`), br);
    await writeFile(path.join(ROOT, `${file}.gz`), gz);
    saved += body.length - br.length;
  }
  return saved;
}

/** The client build's options, writing into assetsDir; brandFont: the plugin making the brand font's files. */
export function clientBuildOptions(assetsDir = ASSETS_DIR, brandFont = brandFontPlugin(ROOT)) {
  return {
    ...shared,
    entryPoints: {
      entry: CLIENT_ENTRY,
      ...Object.fromEntries(
        [...new Set(Object.values(ON_DEMAND_STYLES).flat())].map((sheet) => [path.basename(sheet, '.css'), sheet]),
      ),
    },
    outdir: path.relative(ROOT, assetsDir),
    platform: 'browser',
    format: 'esm',
    splitting: true,
    minify: true,
    target: ['chrome111', 'firefox111', 'safari16.4', 'edge111'],
    entryNames: '[name]-[hash]',
    chunkNames: 'chunks/[name]-[hash]',
    assetNames: 'media/[name]-[hash]',
    define: { 'process.env.NODE_ENV': '"production"' },
    legalComments: 'none',
    // V8's explicit compile hint: every function of a chunk is compiled with the chunk instead of
    // at its first call, so React DOM's 200 KB wrapper is not compiled in the middle of start-up.
    banner: { js: '//# allFunctionsCalledOnLoad' },
    metafile: true,
    plugins: [browserVariants, firstLoadGroups, brandFont.plugin],
  };
}

/** Writes the icon sprite under a name hashed from its content, with its compressed copies; returns its URL. */
async function writeIconSprite() {
  const svg = iconSpriteSvg();
  const name = `icons-${createHash('sha256').update(svg).digest('hex').slice(0, 10)}.svg`;
  const file = path.join(ASSETS_DIR, name);
  await writeFile(file, svg);
  await writeFile(`${file}.br`, brotliCompressSync(svg, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
  await writeFile(`${file}.gz`, gzipSync(svg, { level: 9 }));
  return `/assets/${name}`;
}

/** log: where the build notes what it made (the brand font's files, characters the font lacks). */
export async function build({ log = () => {} } = {}) {
  const started = performance.now();
  const stamp = await inputsStamp();
  await rm(DIST, { recursive: true, force: true });
  await mkdir(ASSETS_DIR, { recursive: true });

  const brandFont = brandFontPlugin(ROOT, { log });
  const client = await esbuild.build(clientBuildOptions(ASSETS_DIR, brandFont));
  const manifest = {
    ...manifestOf(client.metafile),
    fontPreloads: brandFont.preloads(),
    iconSprite: await writeIconSprite(),
  };
  await writeFile(path.join(DIST, 'manifest.json'), JSON.stringify(manifest, null, 2));
  await writeFile(path.join(DIST, 'meta-client.json'), JSON.stringify(client.metafile));
  await precompress(client.metafile);

  await esbuild.build({
    ...shared,
    entryPoints: SERVER_ENTRIES,
    outdir: 'dist/server',
    platform: 'node',
    format: 'esm',
    target: 'node24',
    packages: 'external',
    plugins: [browserOnly],
    sourcemap: 'linked',
    loader: { '.css': 'empty' },
    define: { 'process.env.NODE_ENV': '"production"' },
  });

  const images = await buildImages({
    sourceDir: path.join(ROOT, 'static', 'images'),
    outDir: IMAGES_DIR,
    cacheDir: IMAGE_CACHE_DIR,
  });
  await writeFile(path.join(DIST, 'images.json'), JSON.stringify({ version: images.version }));

  await writeFile(STAMP_FILE, stamp);
  return { ms: Math.round(performance.now() - started), manifest };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { ms } = await build({ log: console.log });
  console.log(`build finished in ${ms} ms`);
}
