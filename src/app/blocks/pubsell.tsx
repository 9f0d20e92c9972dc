/** Both sides of a marketplace side by side. */
import type { PubsellContent } from '../content/schemas/pubsell.ts';
import { CheckList } from './check-list.tsx';
import { BlockHeading } from './block-heading.tsx';

export function Pubsell({ content }: { content: PubsellContent }) {
  return (
    <section className="pubsell section section--tinted">
      <div className="section__inner">
        <BlockHeading headline={content.headline} text={content.text} />
        <div className="pubsell__columns">
          {content.columns.map((column) => (
            <article key={column.title} className="card pubsell__column">
              <h3 className="card__title">{column.title}</h3>
              <p className="card__text">{column.text}</p>
              <CheckList items={column.items} />
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}
