/**
 * The Nordstern Digital word mark with its north star. The words are outlines of the brand font (logo-paths.ts, drawn
 * from the icon sprite): the mark looks the same on every system and needs no font. Decorative: the link around it
 * carries the name.
 */
import { useEnvironment } from '../environment.tsx';

export function Logo({ width = 146, height = 26, className }: { width?: number; height?: number; className?: string }) {
  const { iconSprite } = useEnvironment();
  return (
    <svg className={className} width={width} height={height} viewBox="0 0 146 26" aria-hidden="true">
      <path d="M13 1l2.6 9.4L25 13l-9.4 2.6L13 25l-2.6-9.4L1 13l9.4-2.6z" fill="currentColor" />
      <path d="M13 7.5l1 4.5 4.5 1-4.5 1-1 4.5-1-4.5-4.5-1 4.5-1z" fill="#f2b33d" />
      <use href={`${iconSprite}#logo-nordstern`} fill="currentColor" />
      <use href={`${iconSprite}#logo-digital`} fill="currentColor" />
    </svg>
  );
}
