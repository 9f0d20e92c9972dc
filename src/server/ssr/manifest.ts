/** The client build's manifest: which hashed files the entry and each page module need. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { missingBuildAdvice } from '../cli/tool-command.ts';

export interface BuildManifest {
  /** URL of the client entry module. */
  entry: string;
  /** Modules the entry imports statically, the entry included. */
  entryModules: string[];
  css: string[];
  /** Per page module source file: its chunk and the chunks it imports that the entry does not. */
  pages: Record<string, string[]>;
  /** Per module loaded on demand (the login panel and its Firebase flow): its chunk and the chunks it imports that the entry does not. */
  lazy: Record<string, string[]>;
  /** Per module loaded on demand, page modules included, by its file name without folder and extension: the stylesheets it needs besides `css`. */
  styles: Record<string, string[]>;
  /** The brand font file(s) every page's first screen sets its text in, preloaded by every page. */
  fontPreloads?: string[];
  /** URL of the icon sprite (layout/icon-sprite.ts), hashed by its content. */
  iconSprite: string;
}

/** The stylesheets' text when they are set into the pages. */
export interface InlineStyles {
  /** The entry's stylesheets, in every page. */
  base: string;
  /** Each stylesheet of `styles` by its URL, in the pages whose module needs it. */
  sheets: Record<string, string>;
}

export const MANIFEST_FILE = 'manifest.json';

/** The version under which the build put the site's images (dist/images.json). */
export async function readImageVersion(distDir: string): Promise<string> {
  const file = path.join(distDir, 'images.json');
  try {
    const { version } = JSON.parse(await readFile(file, 'utf8')) as { version: string };
    return version;
  } catch (error) {
    throw new Error(`The image build is missing or unreadable (${file}); ${missingBuildAdvice()}`, { cause: error });
  }
}

/** A page's stylesheets up to this size are set in the page instead of linked: no request blocks the first paint. */
export const INLINE_CSS_MAX_BYTES = 64 * 1024;

/**
 * The text of the build's stylesheets when the most any page carries is small enough to inline,
 * else undefined. A page carries the base, its module's sheets and, answering with the error
 * page, that page's too (assetsOfPage in page-handler.ts); the sheets of other pages do not add
 * to it. `</` is written as `<\/`, which CSS reads the same, so no text can end the style element.
 */
export async function readInlineCss(distDir: string, manifest: BuildManifest): Promise<InlineStyles | undefined> {
  const read = async (url: string) =>
    (await readFile(path.join(distDir, 'public', url), 'utf8')).replace(/<\//g, '<\\/');
  const base = (await Promise.all(manifest.css.map(read))).join('\n');
  const urls = [...new Set(Object.values(manifest.styles).flat())];
  const sheets = Object.fromEntries(await Promise.all(urls.map(async (url) => [url, await read(url)] as const)));
  const sizeOf = (list: readonly string[]) =>
    [...new Set(list)].reduce((sum, url) => sum + Buffer.byteLength(sheets[url] ?? ''), 0);
  const sets = Object.values(manifest.styles);
  // Any two modules' sheets together: a page's own and the error page's, whichever those are.
  const largest = Math.max(0, ...sets.flatMap((one) => sets.map((other) => sizeOf([...one, ...other]))));
  const bytes = Buffer.byteLength(base) + largest;
  return bytes <= INLINE_CSS_MAX_BYTES ? { base, sheets } : undefined;
}

export async function readManifest(distDir: string): Promise<BuildManifest> {
  const file = path.join(distDir, MANIFEST_FILE);
  try {
    return JSON.parse(await readFile(file, 'utf8')) as BuildManifest;
  } catch (error) {
    throw new Error(`The client build is missing or unreadable (${file}); ${missingBuildAdvice()}`, { cause: error });
  }
}
