/** Rows of text and illustration, the illustration alternating sides on wide screens. */
import type { DetailsContent } from '../content/schemas/details.ts';
import { ContentImage } from './content-image.tsx';
import { Paragraphs } from './paragraphs.tsx';
import { CheckList } from './check-list.tsx';

export function Details({ content }: { content: DetailsContent }) {
  return (
    <section className="details section">
      <div className="section__inner">
        {content.headline ? <h2 className="section__headline">{content.headline}</h2> : null}
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
      </div>
    </section>
  );
}
