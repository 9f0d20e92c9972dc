/**
 * dependency-cruiser 18 reads TypeScript, and so sees type-only imports, through the compiler API of TypeScript 2 to 6.
 * The project's TypeScript 7 has no JavaScript API, and with it dependency-cruiser would read no TypeScript at all
 * and find nothing wrong. The lock file installs a TypeScript 5 as well (today for tap and tshy): this hands that one
 * to dependency-cruiser, and to nothing else. Where there is none, the check stops and says so.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire, registerHooks } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** The TypeScript majors dependency-cruiser 18 accepts (its `supportedTranspilers`). */
const SUPPORTED_MAJORS = new Set([2, 3, 4, 5, 6]);
const CRUISER_FOLDER = '/node_modules/dependency-cruiser/';

interface LockedPackage {
  version?: string;
}

/** The folder of a TypeScript the lock file installs that dependency-cruiser can use, found on disk. */
export function compilerForCruiser(root: string): string {
  const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
    packages?: Record<string, LockedPackage>;
  };
  const candidates = Object.entries(lock.packages ?? {})
    .filter(
      ([key, { version }]) =>
        key.endsWith('node_modules/typescript') && SUPPORTED_MAJORS.has(Number(version?.split('.')[0])),
    )
    .map(([key]) => path.join(root, key))
    .filter((folder) => existsSync(path.join(folder, 'package.json')));
  const [folder] = candidates;
  if (!folder) {
    throw new Error(
      'The import-rule check needs a TypeScript 2 to 6 for dependency-cruiser to read type imports, and package-lock.json installs none. ' +
        'Add one as a devDependency under another name (e.g. "typescript-for-cruiser": "npm:typescript@5.9.3"), or update dependency-cruiser to a version that reads TypeScript 7.',
    );
  }
  return folder;
}

/** Makes `typescript` (and `typescript/…`) imported from dependency-cruiser's own files resolve to `folder`. */
export function lendCompilerToCruiser(folder: string): void {
  const main = createRequire(path.join(folder, 'package.json')).resolve(folder);
  registerHooks({
    resolve(specifier, context, nextResolve) {
      const parent = context.parentURL;
      const fromCruiser = parent?.startsWith('file:') && new URL(parent).pathname.includes(CRUISER_FOLDER);
      if (!fromCruiser || (specifier !== 'typescript' && !specifier.startsWith('typescript/')))
        return nextResolve(specifier, context);
      const file = specifier === 'typescript' ? main : path.join(folder, specifier.slice('typescript/'.length));
      return { url: pathToFileURL(file).href, shortCircuit: true };
    },
  });
}
