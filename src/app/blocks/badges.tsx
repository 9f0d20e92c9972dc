/** Certifications and partner statuses, each named beside the site's own seal. */
import type { BadgesContent } from '../content/schemas/badges.ts';
import { CertificateBadge } from '../images/certificate-badge.tsx';
import { BlockSection } from './block-section.tsx';
import { cardGridClass } from './card-grid.ts';

/** seal: the seal image's accessible name, from the interface texts. */
export function Badges({ content, seal }: { content: BadgesContent; seal: string }) {
  return (
    <BlockSection block="badges" tone="tinted" headline={content.headline} text={content.text}>
      <ul className={cardGridClass(content.items.length, 'badges__list')}>
        {content.items.map((badge) => (
          <li key={badge.name} className="badges__badge">
            <CertificateBadge alt={seal} size={64} />
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
