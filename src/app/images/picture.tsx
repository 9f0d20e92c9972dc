/** A site image in the width and format the browser needs, at a URL cached for a year. */
import type { ImgHTMLAttributes } from 'react';
import { useEnvironment } from '../environment.tsx';
import { responsiveImage, versionedImageUrl } from './image-urls.ts';

type PictureProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'alt'> & {
  src: string;
  /** Required: empty for an image that only decorates. */
  alt: string;
  /** How wide the image is shown, as the sizes attribute says it. */
  sizes?: string;
};

export function Picture({ src, alt, sizes, ...image }: PictureProps) {
  const { imageVersion } = useEnvironment();
  const responsive = responsiveImage(src, imageVersion);
  if (!responsive) return <img src={versionedImageUrl(src, imageVersion)} alt={alt} {...image} />;
  return (
    <picture>
      {responsive.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
      ))}
      <img src={responsive.src} srcSet={responsive.srcSet} sizes={sizes} alt={alt} {...image} />
    </picture>
  );
}
