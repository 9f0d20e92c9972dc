/**
 * Stylesheets of modules loaded on demand (ON_DEMAND_STYLES in build.mjs): the server sets a
 * page's own sheets into the page; in the browser a module that comes later brings the sheets
 * the page does not carry yet, and is handed over once they apply, so nothing shows unstyled.
 * The code that links them (link-stylesheets.ts) loads only when a module needs a sheet.
 */
import { type AppEnvironment, ENVIRONMENT_GLOBAL } from '../environment.tsx';

/**
 * The module once it and its sheets have loaded; on the server, the module alone. `module`: the
 * module's file name without folder and extension, which its sheets go by (build.mjs).
 */
export async function withStyles<T>(module: string, load: Promise<T>): Promise<T> {
  if (typeof document === 'undefined') return load;
  const environment = (window as unknown as Record<string, AppEnvironment | undefined>)[ENVIRONMENT_GLOBAL];
  const sheets = environment?.assets.styles?.[module];
  if (!sheets?.length) return load;
  const [loaded] = await Promise.all([
    load,
    import('./link-stylesheets.ts').then(({ linkStylesheets }) => linkStylesheets(sheets)),
  ]);
  return loaded;
}
