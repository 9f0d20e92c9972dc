/** A link that navigates client-side for site paths, opens other sites in a new tab and mail links in the mail program. */
import { useContext, type ReactNode } from 'react';
import { createPath, Link, parsePath, resolvePath, UNSAFE_NavigationContext, type LinkProps } from 'react-router';
import { mailtoAddressOf, mailtoHref } from '../email/mailto.ts';

export function isInternalUrl(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//');
}

/** On the server no document exists; PageLink renders what only the server needs there. */
const onServer = typeof document === 'undefined';
/** A path that react-router does not take for an absolute URL (it does so for two slashes or backslashes at the start). */
const SITE_PATH = /^\/(?![\\/])/;

/**
 * A link to a page of the site. In the browser it is react-router's Link. On the server it is
 * the <a> Link renders there, made without the hooks only a browser uses (the click handler,
 * navigation, prefetching) and without resolving the path against the route and location,
 * which an absolute path does not depend on: Link's attributes in its order, its href, and
 * data-discover as Link sets it for an address on this site. A page has dozens of links and
 * Link took about a twentieth of an uncached render; the markup and the hydrated page are the same.
 */
export function PageLink(props: LinkProps) {
  if (!onServer || typeof props.to !== 'string' || !SITE_PATH.test(props.to)) return <Link {...props} />;
  return <ServerPageLink {...props} to={props.to} />;
}

/** The href Link gives an absolute path (useHref under the static router, basename '/'): dot segments and double slashes resolved, a trailing slash kept. */
export function sitePathHref(to: string): string {
  const parsed = parsePath(to);
  const resolved = resolvePath(parsed);
  const pathname = parsed.pathname ?? '/';
  if (pathname !== '/' && pathname.endsWith('/') && !resolved.pathname.endsWith('/')) resolved.pathname += '/';
  return createPath(resolved);
}

function ServerPageLink(props: LinkProps & { to: string }) {
  // A site served below a path of its own: Link knows how to prefix it.
  if (useContext(UNSAFE_NavigationContext).basename !== '/') return <Link {...props} />;
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

interface SmartLinkProps {
  to: string;
  className?: string;
  children: ReactNode;
  'aria-label'?: string;
  onClick?: () => void;
}

export function SmartLink({ to, children, ...rest }: SmartLinkProps) {
  if (isInternalUrl(to)) {
    return (
      <PageLink to={to} {...rest}>
        {children}
      </PageLink>
    );
  }
  const address = mailtoAddressOf(to);
  if (address !== undefined) {
    // Built again from the address, so nothing after it in the content can become a header of the mail.
    return (
      <a href={mailtoHref(address)} {...rest}>
        {children}
      </a>
    );
  }
  return (
    <a href={to} target="_blank" rel="noopener noreferrer" {...rest}>
      {children}
    </a>
  );
}
