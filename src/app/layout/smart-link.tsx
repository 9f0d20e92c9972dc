/** A link that navigates client-side for site paths and opens other sites in a new tab. */
import type { ReactNode } from 'react';
import { Link } from 'react-router';

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
  return (
    <a href={to} target="_blank" rel="noopener noreferrer" {...rest}>
      {children}
    </a>
  );
}
