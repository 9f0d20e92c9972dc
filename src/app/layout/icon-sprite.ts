/**
 * The icon sprite the build writes beside the scripts: one SVG file with each icon's path under
 * its name, which an icon on a page draws with `<use href="{file}#{name}">`. Same origin and hashed
 * like the scripts, so a browser fetches it once and keeps it.
 */
import { ICON_PATHS } from './icon-paths.ts';
import { LOGO_PATHS } from './logo-paths.ts';

/** The sprite's text: each path in `<defs>` (the icons and the logo's word mark), so the file itself draws nothing. */
export function iconSpriteSvg(): string {
  const paths = Object.entries({ ...ICON_PATHS, ...LOGO_PATHS }).map(([name, d]) => `<path id="${name}" d="${d}"/>`);
  return `<svg xmlns="http://www.w3.org/2000/svg"><defs>${paths.join('')}</defs></svg>\n`;
}
