/** Both sides of a marketplace side by side. */
import type { PubsellContent } from '../content/schemas/pubsell.ts';

export function Pubsell({ content }: { content: PubsellContent }) {
  return (
    <section className="pubsell section section--tinted">
      <div className="section__inner">
        <h2 className="section__headline">{content.headline}</h2>
        {content.text ? <p className="section__lead">{content.text}</p> : null}
        <div className="pubsell__columns">
          {content.columns.map((column) => (
            <article key={column.title} className="card pubsell__column">
              <h3 className="card__title">{column.title}</h3>
              <p className="card__text">{column.text}</p>
              <ul className="check-list">
                {column.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}
