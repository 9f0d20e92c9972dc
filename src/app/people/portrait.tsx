/**
 * A named person's illustrated portrait beside their name. The name is the text next to it, so
 * the image only decorates (empty alt); it loads lazily because people appear below the first
 * screen, and its size is fixed so nothing moves when it arrives.
 */
import { Picture } from '../images/picture.tsx';
import { portraitPath } from './portrait-path.ts';

export function Portrait({ name, size, className }: { name: string; size: 48 | 64 | 96; className?: string }) {
  return (
    <Picture
      src={portraitPath(name)}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      className={className ? `portrait ${className}` : 'portrait'}
    />
  );
}
