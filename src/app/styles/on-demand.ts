/**
 * Stylesheets of modules loaded on demand (ON_DEMAND_STYLES in build.mjs): the server sets a
 * page's own sheets into the page; in the browser a module that comes later brings its sheets
 * along, and is handed over once they apply, so nothing shows unstyled.
 */
import { ENVIRONMENT_GLOBAL, type AppEnvironment } from '../environment.tsx';

/** Resolves once the linked sheet applies, or failed to load (the page then shows, if plainer, rather than not at all). */
function applied(link: HTMLLinkElement): Promise<void> {
  if (link.sheet) return Promise.resolve();
  return new Promise((resolve) => {
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => resolve(), { once: true });
  });
}

function linkStylesheet(href: string): Promise<void> {
  const present = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].find((link) => link.getAttribute('href') === href);
  if (present) return applied(present);
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  const done = applied(link);
  document.head.append(link);
  return done;
}

/** The module once it and the sheets it needs that the page does not carry yet have loaded; on the server, the module alone. */
export async function withStyles<T>(source: string, load: Promise<T>): Promise<T> {
  if (typeof document === 'undefined') return load;
  const environment = (window as unknown as Record<string, AppEnvironment | undefined>)[ENVIRONMENT_GLOBAL];
  const sheets = environment?.assets.styles?.[source] ?? [];
  const [module] = await Promise.all([load, ...sheets.map(linkStylesheet)]);
  return module;
}
