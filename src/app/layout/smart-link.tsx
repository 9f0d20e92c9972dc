/** A link that navigates client-side for site paths, opens other sites in a new tab and mail links in the mail program. */
import type { ReactNode } from 'react';
import { Link, useHref, type LinkProps } from 'react-router';
import { mailtoAddressOf, mailtoHref } from '../email/mailto.ts';

export function isInternalUrl(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//');
}

/** On the server no document exists; PageLink renders what only the server needs there. */
const onServer = typeof document === 'undefined';

/**
 * A link to a page of the site. In the browser it is react-router's Link. On the server it is
 * the <a> Link renders there, made without the hooks only a browser uses (the click handler,
 * navigation, prefetching): Link's href (useHref), its attributes in its order, and
 * data-discover as Link sets it for an address on this site (a path that is no absolute URL).
 * A page has dozens of links and Link took about a twentieth of an uncached render; the markup
 * and the hydrated page are the same.
 */
export function PageLink(props: LinkProps) {
  if (!onServer || typeof props.to !== 'string' || !isInternalUrl(props.to)) return <Link {...props} />;
  return <ServerPageLink {...props} to={props.to} />;
}

function ServerPageLink({
  onClick: _onClick,
  discover = 'render',
  prefetch: _prefetch,
  relative,
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
}: LinkProps & { to: string }) {
  const href = useHref(to, { relative });
  return <a {...rest} href={href} target={target} data-discover={discover === 'render' ? 'true' : undefined} />;
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
