/** A card per service, linking to its page; the homepage's arrow scrolls here. */
import type { ServicesContent } from '../content/schemas/services.ts';
import { Icon } from '../layout/icon.tsx';
import { SmartLink } from '../layout/smart-link.tsx';
import { ArrowLabel } from './arrow-label.tsx';
import { BlockSection } from './block-section.tsx';
import { cardGridClass } from './card-grid.ts';
import { SERVICES_SECTION_ID } from './stage.tsx';

export function Services({ content }: { content: ServicesContent }) {
  return (
    <BlockSection
      id={SERVICES_SECTION_ID}
      block="services"
      tone="tinted"
      tabIndex={-1}
      aria-labelledby={`${SERVICES_SECTION_ID}-headline`}
    >
      <h2 id={`${SERVICES_SECTION_ID}-headline`} className="section__headline">
        {content.headline}
      </h2>
      {content.text ? <p className="section__lead">{content.text}</p> : null}
      <ul className={cardGridClass(content.items.length, 'services__grid')}>
        {content.items.map((item) => (
          <li key={item.link_url} className="card card--link services__card">
            {item.icon ? (
              <span className="card__icon">
                <Icon name={item.icon} />
              </span>
            ) : null}
            <h3 className="card__title">{item.title}</h3>
            <p className="card__text services__text">{item.text}</p>
            <SmartLink to={item.link_url} className="card__link services__link">
              <ArrowLabel text={item.link_text} />
            </SmartLink>
          </li>
        ))}
      </ul>
    </BlockSection>
  );
}
