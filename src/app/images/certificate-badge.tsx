/**
 * The site's own seal for a certification or partner status (no vendor artwork): one drawn
 * image, set beside the certification's name, which stays text so it is translated and read.
 * The seal's own name says what it stands for ("Certified").
 */
import { Picture } from './picture.tsx';

export function CertificateBadge({ alt, size, eager }: { alt: string; size: number; eager?: boolean }) {
  return (
    <Picture
      src="/images/badges/certified.svg"
      alt={alt}
      width={size}
      height={size}
      loading={eager ? 'eager' : 'lazy'}
    />
  );
}
