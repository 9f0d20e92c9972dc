/** Rows of text and illustration, the illustration alternating sides on wide screens. */
import type { DetailsContent } from '../content/schemas/details.ts';
import { BlockSection } from './block-section.tsx';
import { CheckList } from './check-list.tsx';
import { ContentImage } from './content-image.tsx';
import { Paragraphs } from './paragraphs.tsx';

export function Details({ content }: { content: DetailsContent }) {
  return (
    <BlockSection block="details" headline={content.headline}>
      {content.items.map((item) => (
        <article key={item.title} className={`details__row${item.image ? ' details__row--image' : ''}`}>
          <div className="details__text">
            <h3 className="details__title">{item.title}</h3>
            <Paragraphs text={item.text} />
            {item.list ? <CheckList items={item.list} /> : null}
          </div>
          {item.image ? <ContentImage image={item.image} className="details__image" /> : null}
        </article>
      ))}
    </BlockSection>
  );
}
