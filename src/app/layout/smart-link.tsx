/** A link that navigates client-side for site paths, opens other sites in a new tab and mail links in the mail program. */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { mailtoAddressOf, mailtoHref } from '../email/mailto.ts';

export function isInternalUrl(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//');
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
      <Link to={to} {...rest}>
        {children}
      </Link>
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
