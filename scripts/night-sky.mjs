// What the site's raster artwork draws alike (generate-images.mjs, insight-card-art.mjs): a random
// generator seeded by text, so every run draws the same picture, and the night sky's pieces, star dust
// and a constellation whose lead star is amber. Each picture gives its own sizes and strengths.

export const ACCENT = '#f2b33d';

/** A small deterministic random generator seeded by text. */
export function seeded(text) {
  let state = 2166136261;
  for (const char of text) state = Math.imul(state ^ char.charCodeAt(0), 16777619) >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

export function starPath(x, y, r) {
  const inner = r * 0.28;
  return `M${x} ${y - r}L${x + inner} ${y - inner}L${x + r} ${y}L${x + inner} ${y + inner}L${x} ${y + r}L${x - inner} ${y + inner}L${x - r} ${y}L${x - inner} ${y - inner}Z`;
}

/**
 * Small white dots anywhere across the width, from `top` down to `height`; a dot's radius and opacity are
 * `[least, spread]`: the least plus up to the spread.
 */
export function starDustSvg(random, { count, width, top, height, radius, opacity }) {
  return Array.from(
    { length: count },
    () =>
      `<circle cx="${(random() * width).toFixed(1)}" cy="${(top + random() * (height - top)).toFixed(1)}" r="${(radius[0] + random() * radius[1]).toFixed(1)}" fill="#ffffff" opacity="${(opacity[0] + random() * opacity[1]).toFixed(2)}"/>`,
  ).join('');
}

/**
 * The points joined in order by faint lines, a star on each: the first an amber one of `leadRadius`, the others
 * white, their radius `[least, spread]` as in starDustSvg.
 */
export function constellationSvg(random, points, { lineOpacity, leadRadius, starRadius }) {
  const lines = points
    .slice(1)
    .map(
      ([x, y], i) =>
        `<line x1="${points[i][0]}" y1="${points[i][1]}" x2="${x}" y2="${y}" stroke="#ffffff" stroke-opacity="${lineOpacity}" stroke-width="2"/>`,
    )
    .join('');
  const stars = points
    .map(
      ([x, y], i) =>
        `<path d="${starPath(x, y, i === 0 ? leadRadius : starRadius[0] + random() * starRadius[1])}" fill="${i === 0 ? ACCENT : '#ffffff'}"/>`,
    )
    .join('');
  return lines + stars;
}
