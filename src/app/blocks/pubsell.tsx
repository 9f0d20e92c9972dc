/** Both sides of a marketplace side by side. */
import type { PubsellContent } from '../content/schemas/pubsell.ts';
import { BlockSection } from './block-section.tsx';
import { CheckList } from './check-list.tsx';

export function Pubsell({ content }: { content: PubsellContent }) {
  return (
    <BlockSection block="pubsell" tone="tinted" headline={content.headline} text={content.text}>
      <div className="pubsell__columns">
        {content.columns.map((column) => (
          <article key={column.title} className="card pubsell__column">
            <h3 className="card__title">{column.title}</h3>
            <p className="card__text">{column.text}</p>
            <CheckList items={column.items} />
          </article>
        ))}
      </div>
    </BlockSection>
  );
}
