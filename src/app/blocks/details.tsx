/**
 * Rows of text and illustration, the illustration alternating sides on wide screens; a row
 * without one shows its list beside the text.
 */
import type { DetailsContent } from '../content/schemas/details.ts';
import { BlockSection } from './block-section.tsx';
import { CheckList } from './check-list.tsx';
import { ContentImage } from './content-image.tsx';
import { Paragraphs } from './paragraphs.tsx';

export function Details({ content }: { content: DetailsContent }) {
  return (
    <BlockSection block="details" headline={content.headline}>
      {content.items.map((item) => {
        // A row without an illustration sets its list beside the text, as a panel, instead of leaving a column empty.
        const listAside = !item.image && item.list ? item.list : undefined;
        const modifier = item.image ? ' details__row--image' : listAside ? ' details__row--list' : '';
        return (
          <article key={item.title} className={`details__row${modifier}`}>
            <div className="details__text">
              <h3 className="details__title">{item.title}</h3>
              <Paragraphs text={item.text} />
              {item.list && !listAside ? <CheckList items={item.list} /> : null}
            </div>
            {item.image ? <ContentImage image={item.image} className="details__image" /> : null}
            {listAside ? (
              <div className="details__panel">
                <CheckList items={listAside} />
              </div>
            ) : null}
          </article>
        );
      })}
    </BlockSection>
  );
}
