/** Links to the neighbouring services and technologies. */
import type { CrossLinkageContent } from '../content/schemas/cross-linkage.ts';
import { Icon } from '../layout/icon.tsx';
import { SmartLink } from '../layout/smart-link.tsx';

export function CrossLinkage({ content }: { content: CrossLinkageContent }) {
  return (
    <nav className="cross-linkage section" aria-labelledby="cross-linkage-headline">
      <div className="section__inner">
        <h2 id="cross-linkage-headline" className="section__headline">
          {content.headline}
        </h2>
        <ul className="cross-linkage__list">
          {content.items.map((item) => (
            <li key={item.link_url} className="cross-linkage__item">
              <SmartLink to={item.link_url} className="cross-linkage__link">
                <span className="cross-linkage__title">{item.title}</span>
                <span className="cross-linkage__text">{item.text}</span>
                <span className="cross-linkage__more">
                  {item.link_text}
                  <Icon name="arrowRight" size={18} />
                </span>
              </SmartLink>
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}
