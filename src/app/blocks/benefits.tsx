/** What a client gains, each benefit with an icon. */
import type { BenefitsContent } from '../content/schemas/benefits.ts';
import { Icon } from '../layout/icon.tsx';
import { BlockSection } from './block-section.tsx';
import { cardGridClass } from './card-grid.ts';

export function Benefits({ content }: { content: BenefitsContent }) {
  return (
    <BlockSection block="benefits" headline={content.headline} text={content.text}>
      <ul className={cardGridClass(content.items.length, 'benefits__grid')}>
        {content.items.map((item) => (
          <li key={item.title} className="benefits__item">
            <span className="card__icon">
              <Icon name={item.icon} />
            </span>
            <h3 className="benefits__title">{item.title}</h3>
            <p className="benefits__text">{item.text}</p>
          </li>
        ))}
      </ul>
    </BlockSection>
  );
}
