/** Certifications and partner statuses as text badges. */
import type { BadgesContent } from '../content/schemas/badges.ts';
import { Icon } from '../layout/icon.tsx';
import { BlockSection } from './block-section.tsx';
import { cardGridClass } from './card-grid.ts';

export function Badges({ content }: { content: BadgesContent }) {
  return (
    <BlockSection block="badges" tone="tinted" headline={content.headline} text={content.text}>
      <ul className={cardGridClass(content.items.length, 'badges__list')}>
        {content.items.map((badge) => (
          <li key={badge.name} className="badges__badge">
            <Icon name="spark" size={22} className="badges__star" />
            <div>
              <h3 className="badges__name">{badge.name}</h3>
              <p className="badges__text">{badge.text}</p>
            </div>
          </li>
        ))}
      </ul>
    </BlockSection>
  );
}
