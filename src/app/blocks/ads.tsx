/** Ad formats: what each is good for and its specifications. */
import type { AdsContent } from '../content/schemas/ads.ts';
import { Icon } from '../layout/icon.tsx';
import { BlockSection } from './block-section.tsx';
import { cardGridClass } from './card-grid.ts';

export function Ads({ content }: { content: AdsContent }) {
  return (
    <BlockSection block="ads" headline={content.headline} text={content.text}>
      <ul className={cardGridClass(content.formats.length, 'ads__grid')}>
        {content.formats.map((format) => (
          <li key={format.name} className="card ads__format">
            <Icon name="screen" size={28} className="ads__icon" />
            <h3 className="card__title">{format.name}</h3>
            <p className="card__text">{format.text}</p>
            <ul className="ads__specs">
              {format.specs.map((spec) => (
                <li key={spec}>{spec}</li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </BlockSection>
  );
}
