/** What two products do together that neither does alone. */
import type { SynergyContent } from '../content/schemas/synergy.ts';
import { Icon } from '../layout/icon.tsx';
import { BlockSection } from './block-section.tsx';
import { cardGridClass } from './card-grid.ts';

export function Synergy({ content }: { content: SynergyContent }) {
  return (
    <BlockSection block="synergy" tone="dark" headline={content.headline} text={content.text}>
      <ul className={cardGridClass(content.items.length, 'synergy__list')}>
        {content.items.map((item) => (
          <li key={`${item.from}-${item.to}`} className="synergy__item">
            <p className="synergy__pair">
              <span className="synergy__product">{item.from}</span>
              {/* The arrow goes with the product it points to, so it never ends a line alone. */}
              <span className="synergy__next">
                <Icon name="arrowRight" size={20} className="synergy__arrow" />
                <span className="synergy__product">{item.to}</span>
              </span>
            </p>
            <h3 className="synergy__title">{item.title}</h3>
            <p className="synergy__text">{item.text}</p>
          </li>
        ))}
      </ul>
    </BlockSection>
  );
}
