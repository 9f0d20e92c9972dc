/** Links to the neighbouring services and technologies, each a card. */
import type { CrossLinkageContent } from '../content/schemas/cross-linkage.ts';
import { SmartLink } from '../layout/smart-link.tsx';
import { ArrowLabel } from './arrow-label.tsx';
import { cardGridClass } from './card-grid.ts';

export function CrossLinkage({ content }: { content: CrossLinkageContent }) {
  return (
    <nav className="cross-linkage section" aria-labelledby="cross-linkage-headline">
      <div className="section__inner">
        <h2 id="cross-linkage-headline" className="section__headline">
          {content.headline}
        </h2>
        <ul className={cardGridClass(content.items.length, 'cross-linkage__list')}>
          {content.items.map((item) => (
            <li key={item.link_url} className="card card--link cross-linkage__item">
              <h3 className="card__title">{item.title}</h3>
              <p className="card__text">{item.text}</p>
              <SmartLink to={item.link_url} className="card__link">
                <ArrowLabel text={item.link_text} />
              </SmartLink>
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}
