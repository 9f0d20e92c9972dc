/** The Nordstern Digital word mark with its north star. */
export function Logo({ width = 146, height = 26, className }: { width?: number; height?: number; className?: string }) {
  return (
    <svg className={className} width={width} height={height} viewBox="0 0 146 26" aria-hidden="true">
      <path d="M13 1l2.6 9.4L25 13l-9.4 2.6L13 25l-2.6-9.4L1 13l9.4-2.6z" fill="currentColor" />
      <path d="M13 7.5l1 4.5 4.5 1-4.5 1-1 4.5-1-4.5-4.5-1 4.5-1z" fill="#f2b33d" />
      <text x="32" y="18.5" fontSize="15" fill="currentColor" textLength="112" lengthAdjust="spacingAndGlyphs">
        {/* A real space, so the mark's text reads "Nordstern Digital", as the link's name begins. */}
        <tspan fontWeight="700">Nordstern</tspan> <tspan>Digital</tspan>
      </text>
    </svg>
  );
}
