/**
 * The sitemap (sitemaps.org 0.9, with xhtml:link alternates), within the protocol's limits:
 * one file while the site fits in one, else files of at most MAX_URLS URLs and MAX_BYTES each,
 * listed by a sitemap index at the same address.
 */
import { escapeXml } from '../http/escape-xml.ts';
import type { SitemapUrl } from './sitemap-urls.ts';

export const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';
export const XHTML_NAMESPACE = 'http://www.w3.org/1999/xhtml';
/** The protocol's limits for one sitemap file; beyond them the URLs are split over several, listed by an index. */
export const MAX_URLS = 50_000;
export const MAX_BYTES = 50 * 1024 * 1024;
/** Where the files of a split sitemap are served, each by its number from 1. */
export const SITEMAP_FILE_PATH = '/sitemaps/:number.xml';
export const sitemapFilePath = (number: number) => SITEMAP_FILE_PATH.replace(':number', String(number));

export class SitemapLimitError extends Error {
  override name = 'SitemapLimitError';
}

function urlElement({ loc, lastmod, alternates }: SitemapUrl): string {
  return [
    '<url>',
    `<loc>${escapeXml(loc)}</loc>`,
    `<lastmod>${escapeXml(lastmod)}</lastmod>`,
    ...alternates.map(
      ({ hreflang, href }) =>
        `<xhtml:link rel="alternate" hreflang="${escapeXml(hreflang)}" href="${escapeXml(href)}"/>`,
    ),
    '</url>',
  ].join('');
}

export function sitemapXml(urls: readonly SitemapUrl[]): string {
  if (urls.length > MAX_URLS)
    throw new SitemapLimitError(
      `the sitemap would list ${urls.length} URLs, more than the ${MAX_URLS} one file may hold`,
    );
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<urlset xmlns="${SITEMAP_NAMESPACE}" xmlns:xhtml="${XHTML_NAMESPACE}">`,
    ...urls.map(urlElement),
    '</urlset>',
    '',
  ].join('\n');
  const bytes = Buffer.byteLength(xml);
  if (bytes > MAX_BYTES)
    throw new SitemapLimitError(`the sitemap would be ${bytes} bytes, more than the ${MAX_BYTES} one file may hold`);
  return xml;
}

export interface SitemapDocuments {
  /** What /sitemap.xml answers: the one sitemap, or the index of the files. */
  root: Buffer;
  /** The files of a split sitemap, numbered from 1; empty when the root is the sitemap itself. */
  files: Buffer[];
}

const URLSET_HEAD = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${SITEMAP_NAMESPACE}" xmlns:xhtml="${XHTML_NAMESPACE}">\n`;
const URLSET_TAIL = '</urlset>\n';

/**
 * Splits the URLs into files within the limits (smaller ones in tests), with an index when
 * there is more than one. Each URL is encoded to bytes as it comes: a site of 20,000 articles
 * has a sitemap of megabytes, which is never one string in the heap.
 */
export function sitemapDocuments(
  urls: Iterable<SitemapUrl>,
  siteUrl: string,
  limits: { urls: number; bytes: number } = { urls: MAX_URLS, bytes: MAX_BYTES },
): SitemapDocuments {
  const envelope = Buffer.byteLength(URLSET_HEAD) + Buffer.byteLength(URLSET_TAIL);
  const chunks: { parts: Buffer[]; bytes: number; newest: string }[] = [{ parts: [], bytes: envelope, newest: '' }];
  for (const url of urls) {
    const element = Buffer.from(`${urlElement(url)}\n`);
    let chunk = chunks.at(-1)!;
    if (chunk.parts.length > 0 && (chunk.parts.length >= limits.urls || chunk.bytes + element.length > limits.bytes)) {
      chunk = { parts: [], bytes: envelope, newest: '' };
      chunks.push(chunk);
    }
    chunk.parts.push(element);
    chunk.bytes += element.length;
    if (url.lastmod > chunk.newest) chunk.newest = url.lastmod;
  }
  const files = chunks.map(({ parts }) =>
    Buffer.concat([Buffer.from(URLSET_HEAD), ...parts, Buffer.from(URLSET_TAIL)]),
  );
  if (files.length === 1) return { root: files[0]!, files: [] };
  const root = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<sitemapindex xmlns="${SITEMAP_NAMESPACE}">`,
    ...chunks.map(
      ({ newest }, index) =>
        `<sitemap><loc>${escapeXml(new URL(sitemapFilePath(index + 1), siteUrl).href)}</loc><lastmod>${escapeXml(newest)}</lastmod></sitemap>`,
    ),
    '</sitemapindex>',
    '',
  ].join('\n');
  return { root: Buffer.from(root), files };
}
