/**
 * Links to pages of the site as the server renders them (PageLinkContext in
 * src/app/layout/smart-link.tsx): the <a> react-router's Link renders on the server, made
 * without the hooks only a browser uses (the click handler, navigation, prefetching) and
 * without resolving the path against the route and location, which an absolute path does not
 * depend on: Link's attributes in its order, its href, and data-discover as Link sets it for
 * an address on this site. A page has dozens of links and Link took about a twentieth of an
 * uncached render; the markup and the hydrated page are the same.
 */
import { useContext } from 'react';
import { createPath, Link, parsePath, resolvePath, UNSAFE_NavigationContext, type LinkProps } from 'react-router';

/** A path that react-router does not take for an absolute URL (it does so for two slashes or backslashes at the start). */
const SITE_PATH = /^\/(?![\\/])/;

/** The href Link gives an absolute path (useHref under the static router, basename '/'): dot segments and double slashes resolved, a trailing slash kept. */
export function sitePathHref(to: string): string {
  const parsed = parsePath(to);
  const resolved = resolvePath(parsed);
  const pathname = parsed.pathname ?? '/';
  if (pathname !== '/' && pathname.endsWith('/') && !resolved.pathname.endsWith('/')) resolved.pathname += '/';
  return createPath(resolved);
}

export function ServerPageLink(props: LinkProps) {
  const { basename } = useContext(UNSAFE_NavigationContext);
  // Anything but a plain path, or a site served below a path of its own: Link itself.
  if (typeof props.to !== 'string' || !SITE_PATH.test(props.to) || basename !== '/') return <Link {...props} />;
  const {
    onClick: _onClick,
    discover = 'render',
    prefetch: _prefetch,
    relative: _relative,
    reloadDocument: _reloadDocument,
    replace: _replace,
    mask: _mask,
    state: _state,
    target,
    to,
    preventScrollReset: _preventScrollReset,
    viewTransition: _viewTransition,
    defaultShouldRevalidate: _defaultShouldRevalidate,
    ...rest
  } = props;
  return <a {...rest} href={sitePathHref(to)} target={target} data-discover={discover === 'render' ? 'true' : undefined} />;
}
