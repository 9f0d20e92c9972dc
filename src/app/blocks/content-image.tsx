/** An image from content, with its intrinsic size; below the fold unless it is the stage's. */
import type { Static } from 'typebox';
import type { Image } from '../content/schemas/common.ts';
import { Picture } from '../images/picture.tsx';

export function ContentImage({
  image,
  className,
  eager = false,
}: {
  image: Static<typeof Image>;
  className?: string;
  eager?: boolean;
}) {
  return (
    <Picture
      className={className}
      src={image.src}
      alt={image.alt}
      width={image.width}
      height={image.height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={eager ? 'high' : undefined}
    />
  );
}
