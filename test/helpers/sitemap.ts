/**
 * Reads a sitemap strictly: well-formed XML (any parser warning fails), the sitemaps.org
 * shape (urlset of url elements in the protocol's namespace, each with exactly one loc and
 * a W3C datetime lastmod), xhtml:link alternates in the XHTML namespace, absolute locs on
 * the site's origin and no loc twice. Throws naming the first problem.
 */
import { DOMParser, type Element } from '@xmldom/xmldom';

export const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
export const XHTML_NS = 'http://www.w3.org/1999/xhtml';

export interface ParsedAlternate {
  hreflang: string;
  href: string;
}

export interface ParsedUrl {
  loc: string;
  lastmod: string;
  alternates: ParsedAlternate[];
}

/** YYYY, YYYY-MM, YYYY-MM-DD, or a day with a time (minutes, seconds, fractions) and a zone (W3C-DTF). */
const W3C_DATETIME =
  /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:Z|[+-](\d{2}):(\d{2})))?)?)?$/;

export function isW3cDatetime(value: string): boolean {
  const match = W3C_DATETIME.exec(value);
  if (!match) return false;
  const [
    ,
    year,
    month = '01',
    day = '01',
    hour = '00',
    minute = '00',
    second = '00',
    zoneHour = '00',
    zoneMinute = '00',
  ] = match;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  const realDay =
    date.getUTCFullYear() === Number(year) &&
    date.getUTCMonth() === Number(month) - 1 &&
    date.getUTCDate() === Number(day);
  return (
    realDay &&
    Number(hour) < 24 &&
    Number(minute) < 60 &&
    Number(second) < 60 &&
    Number(zoneHour) < 24 &&
    Number(zoneMinute) < 60
  );
}

const childElements = (element: Element): Element[] => {
  const children: Element[] = [];
  for (let node = element.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === node.ELEMENT_NODE) children.push(node as Element);
    else if (node.nodeType === node.TEXT_NODE && node.nodeValue?.trim())
      throw new Error(`text "${node.nodeValue.trim()}" inside <${element.tagName}>`);
    else if (node.nodeType !== node.TEXT_NODE && node.nodeType !== node.COMMENT_NODE)
      throw new Error(`unexpected node type ${node.nodeType} inside <${element.tagName}>`);
  }
  return children;
};

const textOf = (element: Element): string => {
  for (let node = element.firstChild; node; node = node.nextSibling) {
    if (node.nodeType !== node.TEXT_NODE) throw new Error(`<${element.tagName}> holds more than text`);
  }
  return element.textContent ?? '';
};

export function parseSitemap(xml: string, siteUrl: string): ParsedUrl[] {
  const document = new DOMParser({
    onError(level, message) {
      throw new Error(`not well-formed XML (${level}): ${message}`);
    },
  }).parseFromString(xml, 'text/xml');
  const root = document.documentElement;
  if (root?.localName !== 'urlset' || root.namespaceURI !== SITEMAP_NS)
    throw new Error(`the root is not a sitemaps.org urlset: ${root?.tagName}`);
  if (root.getAttribute('xmlns:xhtml') !== XHTML_NS) throw new Error('the urlset does not declare xmlns:xhtml');
  const seen = new Set<string>();
  return childElements(root).map((url) => {
    if (url.localName !== 'url' || url.namespaceURI !== SITEMAP_NS) throw new Error(`<${url.tagName}> in the urlset`);
    const locs: string[] = [];
    const lastmods: string[] = [];
    const alternates: ParsedAlternate[] = [];
    for (const child of childElements(url)) {
      if (child.namespaceURI === SITEMAP_NS && child.localName === 'loc') locs.push(textOf(child));
      else if (child.namespaceURI === SITEMAP_NS && child.localName === 'lastmod') lastmods.push(textOf(child));
      else if (
        child.namespaceURI === XHTML_NS &&
        child.localName === 'link' &&
        child.getAttribute('rel') === 'alternate'
      ) {
        textOf(child);
        alternates.push({ hreflang: child.getAttribute('hreflang') ?? '', href: child.getAttribute('href') ?? '' });
      } else throw new Error(`<${child.tagName}> (${child.namespaceURI}) in a url`);
    }
    if (locs.length !== 1) throw new Error(`a url with ${locs.length} locs`);
    const loc = locs[0]!;
    if (!URL.canParse(loc) || new URL(loc).href !== loc)
      throw new Error(`loc ${loc} is not an absolute URL in its normal form`);
    if (!loc.startsWith(`${siteUrl}/`)) throw new Error(`loc ${loc} is not on ${siteUrl}`);
    if (loc.length > 2048) throw new Error(`loc ${loc} is longer than 2048 characters`);
    if (seen.has(loc)) throw new Error(`loc ${loc} twice`);
    seen.add(loc);
    if (lastmods.length !== 1 || !isW3cDatetime(lastmods[0]!))
      throw new Error(`${loc}: lastmod ${lastmods.join(', ') || 'missing'} is not one W3C datetime`);
    for (const { href } of alternates)
      if (!URL.canParse(href) || !href.startsWith(`${siteUrl}/`))
        throw new Error(`${loc}: alternate ${href} is not an absolute URL on ${siteUrl}`);
    return { loc, lastmod: lastmods[0]!, alternates };
  });
}
