/** Technology grouped by purpose; each entry links to its page where we have one. */
import type { CategoriesContent } from '../content/schemas/categories.ts';
import { SmartLink } from '../layout/smart-link.tsx';
import { ArrowLabel } from './arrow-label.tsx';
import { BlockSection } from './block-section.tsx';
import { cardGridClass } from './card-grid.ts';

export function Categories({ content }: { content: CategoriesContent }) {
  return (
    <BlockSection block="categories" tone="tinted" headline={content.headline} text={content.text}>
      <div className={cardGridClass(content.items.length, 'categories__grid')}>
        {content.items.map((category) => (
          <article key={category.title} className="card categories__card">
            <h3 className="card__title">{category.title}</h3>
            <p className="card__text">{category.text}</p>
            <ul className="categories__entries">
              {category.entries.map((entry) => (
                <li key={entry.name} className="categories__entry">
                  <span className="categories__name">{entry.name}</span>
                  {entry.text ? <span className="categories__note">{entry.text}</span> : null}
                  {entry.link_url && entry.link_text ? (
                    <SmartLink to={entry.link_url} className="text-link">
                      <ArrowLabel text={entry.link_text} />
                    </SmartLink>
                  ) : null}
                </li>
              ))}
            </ul>
          </article>
        ))}
      </div>
    </BlockSection>
  );
}
