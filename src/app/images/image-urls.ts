/**
 * Where the build puts the site's images: every file of static/images again under
 * /img/{version}/, cacheable for a year, and every raster image also in IMAGE_WIDTHS as
 * AVIF, WebP and its own format (scripts/build-images.mjs makes them from the same widths).
 */
export const IMAGE_WIDTHS = [480, 800, 1200] as const;
export const VERSIONED_IMAGES_PATH = '/img/';

const IMAGES_PATH = '/images/';
const RASTER = /\.(jpe?g|png)$/i;

export interface ResponsiveImage {
  /** The middle width in the image's own format, for browsers that read no srcset. */
  src: string;
  srcSet: string;
  /** AVIF, then WebP: the browser takes the first type it can show. */
  sources: { type: string; srcSet: string }[];
}

const isSiteImage = (src: string) => src.startsWith(IMAGES_PATH) && !src.includes('..');

/** The year-long URL of a site image; any other URL as it is, and every URL as it is without a build version. */
export function versionedImageUrl(src: string, version: string | undefined): string {
  if (!version || !isSiteImage(src)) return src;
  return `${VERSIONED_IMAGES_PATH}${version}/${src.slice(IMAGES_PATH.length)}`;
}

/** The widths and formats of a raster site image; undefined for vector and foreign images. */
export function responsiveImage(src: string, version: string | undefined): ResponsiveImage | undefined {
  if (!version || !isSiteImage(src) || !RASTER.test(src)) return undefined;
  const base = versionedImageUrl(src, version).replace(RASTER, '');
  const ownFormat = RASTER.exec(src)![1]!.toLowerCase();
  const srcSetOf = (format: string) => IMAGE_WIDTHS.map((width) => `${base}-${width}.${format} ${width}w`).join(', ');
  return {
    src: `${base}-${IMAGE_WIDTHS[1]}.${ownFormat}`,
    srcSet: srcSetOf(ownFormat),
    sources: [
      { type: 'image/avif', srcSet: srcSetOf('avif') },
      { type: 'image/webp', srcSet: srcSetOf('webp') },
    ],
  };
}
