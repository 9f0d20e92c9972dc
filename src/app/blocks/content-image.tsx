/** An image from content, with its intrinsic size; below the fold unless it is the stage's. */
import type { Static } from 'typebox';
import type { Image } from '../content/schemas/common.ts';
import { Picture } from '../images/picture.tsx';

export function ContentImage({
  image,
  className,
  eager = false,
  sizes,
}: {
  image: Static<typeof Image>;
  className?: string;
  eager?: boolean;
  /** How wide the image is shown (the sizes attribute), for images the server offers in several widths. */
  sizes?: string;
}) {
  return (
    <Picture
      className={className}
      src={image.src}
      alt={image.alt}
      sizes={sizes}
      width={image.width}
      height={image.height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={eager ? 'high' : undefined}
    />
  );
}
