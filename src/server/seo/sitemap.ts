/** The sitemap document (sitemaps.org 0.9, with xhtml:link alternates), within the protocol's limits. */
import { escapeXml } from '../http/escape-xml.ts';
import type { SitemapUrl } from './sitemap-urls.ts';

export const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';
export const XHTML_NAMESPACE = 'http://www.w3.org/1999/xhtml';
/** The protocol's limits for one sitemap file; beyond them a sitemap index would be needed. */
export const MAX_URLS = 50_000;
export const MAX_BYTES = 50 * 1024 * 1024;

export class SitemapLimitError extends Error {
  override name = 'SitemapLimitError';
}

function urlElement({ loc, lastmod, alternates }: SitemapUrl): string {
  return [
    '<url>',
    `<loc>${escapeXml(loc)}</loc>`,
    `<lastmod>${escapeXml(lastmod)}</lastmod>`,
    ...alternates.map(({ hreflang, href }) => `<xhtml:link rel="alternate" hreflang="${escapeXml(hreflang)}" href="${escapeXml(href)}"/>`),
    '</url>',
  ].join('');
}

export function sitemapXml(urls: readonly SitemapUrl[]): string {
  // The site has about a hundred pages; reaching the limits means the content went wrong, not that the site grew.
  if (urls.length > MAX_URLS) throw new SitemapLimitError(`the sitemap would list ${urls.length} URLs, more than the ${MAX_URLS} one file may hold`);
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<urlset xmlns="${SITEMAP_NAMESPACE}" xmlns:xhtml="${XHTML_NAMESPACE}">`,
    ...urls.map(urlElement),
    '</urlset>',
    '',
  ].join('\n');
  const bytes = Buffer.byteLength(xml);
  if (bytes > MAX_BYTES) throw new SitemapLimitError(`the sitemap would be ${bytes} bytes, more than the ${MAX_BYTES} one file may hold`);
  return xml;
}
