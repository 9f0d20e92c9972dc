/**
 * The site's own line icons, drawn on a 24 px grid; decorative unless given a label. An icon of the
 * set refers to the build's sprite file by name (icon-sprite.ts), so no script carries its drawing.
 * The stroke is the stylesheet's (`.icon` in base.css): a page draws dozens of icons, and the same
 * five attributes on each made a sixth of its markup's attributes.
 */
import { useEnvironment } from '../environment.tsx';
import type { IconName } from './icon-paths.ts';

/**
 * An icon of the set by its name, or by its own path's data: the few that only one module shows
 * (the Google mark of the login, a block's arrow) live with that module, so no first load carries them.
 */
type IconProps = { className?: string; label?: string; size?: number } & (
  | { name: IconName; path?: never }
  | { path: string; name?: never }
);

export function Icon({ name, path, className, label, size = 24 }: IconProps) {
  const { iconSprite } = useEnvironment();
  return (
    <svg
      className={`icon${className ? ` ${className}` : ''}`}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden={label ? undefined : true}
      role={label ? 'img' : undefined}
      aria-label={label}
    >
      {name ? <use href={`${iconSprite}#${name}`} /> : <path d={path} />}
    </svg>
  );
}

/** The icon for a social profile URL, by its host. */
export function socialIconOf(url: string): IconName {
  let host = '';
  try {
    host = new URL(url).hostname;
  } catch {
    return 'link';
  }
  if (host.endsWith('linkedin.com')) return 'linkedin';
  if (host.endsWith('xing.com')) return 'xing';
  if (host.endsWith('instagram.com')) return 'instagram';
  if (host.endsWith('youtube.com')) return 'youtube';
  return 'link';
}
