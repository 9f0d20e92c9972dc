// The artwork of the insight cards (image.jpg): a night sky in the palette of the insight's first
// service, a colour band and a motif for its content type, and a constellation drawn from the
// folder's name, so two cards of one type still differ and every run draws the same picture.
import { constellationSvg, seeded, starDustSvg } from './night-sky.mjs';

/** One gradient per service: the cards of one topic share a sky. */
export const SERVICE_SKIES = {
  analytics: ['#174f78', '#0a1c2c'],
  'ad-technology': ['#2b2f6b', '#0a1c2c'],
  'data-platforms': ['#0f4f57', '#0a1c2c'],
  'marketing-automation': ['#4a2d5e', '#0d1a2b'],
  'cloud-engineering': ['#1f4f8f', '#0d2f4a'],
};
const DEFAULT_SKY = ['#174f78', '#0d2f4a'];

/** The band along the top and the motif's colour, per content type: the grid is scanned by these. */
export const TYPE_BANDS = {
  article: '#7ed3cc',
  'case-study': '#f2b33d',
  video: '#f07a6a',
  whitepaper: '#a9c7f5',
  'fact-sheet': '#9be08c',
  event: '#e3a6f2',
};
const DEFAULT_BAND = '#ffffff';
export const BAND_HEIGHT_SHARE = 0.045;

/** Each type's motif, drawn on a 100-unit square in line strokes like the site's icons. */
const MOTIFS = {
  // Lines of text on a page.
  article: '<rect x="18" y="8" width="64" height="84" rx="6"/><path d="M30 28h40M30 42h40M30 56h40M30 70h24"/>',
  // A result that rises.
  'case-study':
    '<path d="M12 88h76"/><path d="M22 88V62M42 88V48M62 88V34M82 88V18"/><path d="M16 52 40 34l18 10 28-26"/>',
  // Play.
  video: '<circle cx="50" cy="50" r="40"/><path d="M42 33v34l27-17z"/>',
  // A report of several pages.
  whitepaper:
    '<rect x="26" y="16" width="56" height="76" rx="6"/><path d="M18 26v62a6 6 0 0 0 6 6h46"/><path d="M38 36h32M38 50h32M38 64h20"/>',
  // Figures in a table.
  'fact-sheet': '<rect x="12" y="14" width="76" height="72" rx="6"/><path d="M12 38h76M12 62h76M38 14v72M63 14v72"/>',
  // A stage with a speaker.
  event: '<circle cx="50" cy="30" r="12"/><path d="M28 70c2-14 10-22 22-22s20 8 22 22"/><path d="M10 88h80"/>',
};

/**
 * The card for an insight: its folder seeds the constellation, its first service picks the sky,
 * its type the band and the motif.
 */
export function insightCardSvg({ seed, type, service }, width, height) {
  const random = seeded(seed);
  const [from, to] = SERVICE_SKIES[service] ?? DEFAULT_SKY;
  const band = TYPE_BANDS[type] ?? DEFAULT_BAND;
  const bandHeight = Math.round(height * BAND_HEIGHT_SHARE);
  // The constellation keeps to the left two thirds, the motif to the right third.
  const points = Array.from({ length: 5 + Math.floor(random() * 3) }, () => [
    Math.round(width * (0.08 + random() * 0.5)),
    Math.round(height * (0.2 + random() * 0.65)),
  ]);
  const dust = starDustSvg(random, {
    count: 70,
    width,
    top: bandHeight,
    height,
    radius: [0.6, 1.5],
    opacity: [0.12, 0.45],
  });
  const constellation = constellationSvg(random, points, { lineOpacity: 0.3, leadRadius: 26, starRadius: [6, 8] });
  const motifSize = height * 0.42;
  const motifX = width * 0.72;
  const motifY = (height + bandHeight - motifSize) / 2;
  const motif = MOTIFS[type]
    ? `<circle cx="${(motifX + motifSize / 2).toFixed(0)}" cy="${(motifY + motifSize / 2).toFixed(0)}" r="${(motifSize * 0.68).toFixed(0)}" fill="${band}" opacity="0.1"/>
<g transform="translate(${motifX.toFixed(0)} ${motifY.toFixed(0)}) scale(${(motifSize / 100).toFixed(3)})" fill="none" stroke="${band}" stroke-width="5" stroke-linecap="round" stroke-linejoin="round">${MOTIFS[type]}</g>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/>${dust}${constellation}${motif}<rect width="100%" height="${bandHeight}" fill="${band}"/></svg>`;
}
