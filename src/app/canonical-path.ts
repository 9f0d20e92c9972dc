/**
 * The one spelling of a page's address. The page matching reads a path as react-router does:
 * each segment percent-decoded, trailing slashes ignored; so `/company/about-us/` and
 * `/c%6Fmpany/about-us` are the same page as `/company/about-us`. The site's links write each
 * segment as encodeURIComponent does (paths.ts) and no trailing slash; the server answers any
 * other spelling of a page with a redirect to this one, so a page is rendered and kept once.
 */

/** The segment as encodeURIComponent writes its decoded text; undefined when it does not decode. */
function canonicalSegment(segment: string): string | undefined {
  if (!segment.includes('%')) return encodeURIComponent(segment);
  try {
    return encodeURIComponent(decodeURIComponent(segment));
  } catch {
    return undefined;
  }
}

/**
 * The canonical spelling of a path as a URL parser gives it (dot segments resolved): every
 * segment decoded and encoded again as encodeURIComponent does, trailing slashes dropped (the
 * root stays '/'). A path with a segment that does not decode is returned as it is: the page
 * matching reads such a path undecoded too.
 */
export function canonicalPath(pathname: string): string {
  let end = pathname.length;
  while (end > 1 && pathname.charCodeAt(end - 1) === 47) end -= 1;
  const trimmed = pathname.slice(0, end);
  if (trimmed === '/' || !trimmed.startsWith('/')) return trimmed;
  const segments: string[] = [];
  for (const segment of trimmed.slice(1).split('/')) {
    const canonical = canonicalSegment(segment);
    if (canonical === undefined) return pathname;
    segments.push(canonical);
  }
  return `/${segments.join('/')}`;
}
