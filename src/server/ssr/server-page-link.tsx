/**
 * Links to pages of the site as the server renders them (PageLinkContext in
 * src/app/layout/smart-link.tsx): the <a> react-router's Link and NavLink render on the server,
 * made without the hooks only a browser uses (the click handler, navigation, prefetching) and
 * without resolving the path against the route and location, which an absolute path does not
 * depend on: Link's attributes in its order, its href, and data-discover as Link sets it for
 * an address on this site. A page has dozens of links, and Link and NavLink took about a tenth
 * of an uncached render; the markup and the hydrated page are the same.
 */
import { useContext } from 'react';
import {
  createPath,
  Link,
  type LinkProps,
  NavLink,
  type NavLinkProps,
  parsePath,
  resolvePath,
  UNSAFE_NavigationContext,
  useLocation,
} from 'react-router';
import type { PageLinkComponents } from '#app/layout/smart-link.tsx';

/** A path that react-router does not take for an absolute URL (it does so for two slashes or backslashes at the start). */
const SITE_PATH = /^\/(?![\\/])/;

/**
 * A path that resolving leaves as it is: segments without dots, backslashes or empty ones, no
 * query, no fragment (most links of a page). Anything else is resolved as Link resolves it.
 */
const RESOLVED_PATH = /^(?:\/[^/\\?#.]+)*\/?$/;

/** A resolved path that the URL parser leaves as it is, so NavLink's encoded form of it is the same. */
const ENCODED_PATH = /^[A-Za-z0-9\-_~/]*$/;

/** The href Link gives an absolute path (useHref under the static router, basename '/'): dot segments and double slashes resolved, a trailing slash kept. */
export function sitePathHref(to: string): string {
  if (RESOLVED_PATH.test(to)) return to;
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
  return (
    <a {...rest} href={sitePathHref(to)} target={target} data-discover={discover === 'render' ? 'true' : undefined} />
  );
}

/**
 * NavLink as the server renders it: a render has no navigation under way and no view
 * transition, so a link is only ever active, never pending or transitioning; active when the
 * page's path is its path or below it, compared without case unless it asks for case
 * (NavLink's own rule), and then rendered by ServerPageLink with NavLink's class and
 * aria-current. Class, style or children given as functions, and paths NavLink would encode,
 * are left to NavLink itself.
 */
export function ServerPageNavLink(props: NavLinkProps) {
  const { basename } = useContext(UNSAFE_NavigationContext);
  const { pathname } = useLocation();
  const {
    'aria-current': ariaCurrentProp = 'page',
    caseSensitive = false,
    className: classNameProp = '',
    end = false,
    style,
    to,
    viewTransition: _viewTransition,
    children,
    ...rest
  } = props;
  const href = typeof to === 'string' && SITE_PATH.test(to) && basename === '/' ? sitePathHref(to) : undefined;
  const resolved = href === undefined ? undefined : parsePath(href).pathname;
  if (
    resolved === undefined ||
    !ENCODED_PATH.test(resolved) ||
    typeof classNameProp === 'function' ||
    typeof style === 'function' ||
    typeof children === 'function'
  ) {
    return <NavLink {...props} />;
  }
  const toPathname = caseSensitive ? resolved : resolved.toLowerCase();
  const locationPathname = caseSensitive ? pathname : pathname.toLowerCase();
  const endSlashPosition = toPathname !== '/' && toPathname.endsWith('/') ? toPathname.length - 1 : toPathname.length;
  const isActive =
    locationPathname === toPathname ||
    (!end && locationPathname.startsWith(toPathname) && locationPathname.charAt(endSlashPosition) === '/');
  const className = isActive ? (classNameProp ? `${classNameProp} active` : 'active') : classNameProp;
  return (
    <ServerPageLink
      {...rest}
      aria-current={isActive ? ariaCurrentProp : undefined}
      className={className}
      style={style}
      to={to}
    >
      {children}
    </ServerPageLink>
  );
}

/** The server's link components, provided to every render. */
export const SERVER_PAGE_LINKS: PageLinkComponents = Object.freeze({
  Link: ServerPageLink,
  NavLink: ServerPageNavLink,
});
