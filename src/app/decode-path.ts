/** The path as react-router reads it, for the page matching of server and browser alike. */

/** The path as react-router reads it: each segment decoded, a decoded slash kept encoded. */
export function decodePath(pathname: string): string {
  // Nothing to decode (the usual case): the path as it is, without splitting it.
  if (!pathname.includes('%')) return pathname;
  try {
    return pathname
      .split('/')
      .map((segment) => decodeURIComponent(segment).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    return pathname;
  }
}
