// The types of brand-font.mjs for the TypeScript tests.
import type { Plugin } from 'esbuild';

export const BRAND_FAMILY: string;
export const FALLBACK_FAMILY: string;
export const AXES: { wght: { min: number; max: number }; wdth: { min: number; max: number } };

export interface BrandFontFile {
  /** archivo-{subset}.woff2 */
  name: string;
  /** Fontsource's subset the file was made from: latin, latin-ext. */
  subset: string;
  characters: string;
  bytes: Uint8Array;
}

export function unicodeRange(characters: string): string;
export function brandFontFiles(root: string): Promise<{ files: BrandFontFile[]; missing: string }>;
export function fallbackFace(): {
  sizeAdjust: string;
  ascentOverride: string;
  descentOverride: string;
  lineGapOverride: string;
};
export function facesCss(files: (BrandFontFile & { url: string })[]): string;
export function brandFontPlugin(
  root: string,
  options?: { urlPrefix?: string; log?: (line: string) => void },
): { preloads(): string[]; plugin: Plugin };
