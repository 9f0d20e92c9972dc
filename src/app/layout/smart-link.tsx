/** A link that navigates client-side for site paths, opens other sites in a new tab and mail links in the mail program. */
import { type ComponentType, createContext, type ReactNode, useContext } from 'react';
import { Link, type LinkProps, NavLink, type NavLinkProps } from 'react-router';
import { mailtoAddressOf, mailtoHref } from '../email/mailto.ts';

export function isInternalUrl(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//');
}

/** The components that render links to pages of the site. */
export interface PageLinkComponents {
  Link: ComponentType<LinkProps>;
  /** A link marked as the current page (class `active`, `aria-current`) where the address is at or below it. */
  NavLink: ComponentType<NavLinkProps>;
}

/**
 * What renders links to pages of the site: react-router's Link and NavLink, unless the server
 * provides its own, which make the same <a> without the hooks only a browser uses
 * (src/server/ssr/server-page-link.tsx). The server's stay out of the browser's bundle.
 */
export const PageLinkContext = createContext<PageLinkComponents>({ Link, NavLink });

/**
 * The site's links opt out of react-router's route discovery (`discover="none"`): its
 * `data-discover` attribute serves the lazy route discovery of react-router's framework mode,
 * which this data-mode router does not run, and it was on every link of every page.
 */
const DISCOVER = 'none';

/** A link to a page of the site (see PageLinkContext). */
export function PageLink(props: LinkProps) {
  const Component = useContext(PageLinkContext).Link;
  return <Component discover={DISCOVER} {...props} />;
}

/** A navigation link to a page of the site, marked while its page or one below it is shown (see PageLinkContext). */
export function PageNavLink(props: NavLinkProps) {
  const Component = useContext(PageLinkContext).NavLink;
  return <Component discover={DISCOVER} {...props} />;
}

interface SmartLinkProps {
  to: string;
  className?: string;
  children: ReactNode;
  'aria-label'?: string;
  onClick?: () => void;
}

export function SmartLink({ to, children, ...rest }: SmartLinkProps) {
  // PageLink's component taken here, so a page's many links each render one component less.
  const { Link: PageLinkComponent } = useContext(PageLinkContext);
  if (isInternalUrl(to)) {
    return (
      <PageLinkComponent to={to} discover={DISCOVER} {...rest}>
        {children}
      </PageLinkComponent>
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
