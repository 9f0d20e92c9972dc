/** A numbered process, one step after the other. */
import type { StepsContent } from '../content/schemas/steps.ts';
import { BlockSection } from './block-section.tsx';
import { cardGridClass } from './card-grid.ts';

export function Steps({ content }: { content: StepsContent }) {
  return (
    <BlockSection block="steps" tone="tinted" headline={content.headline} text={content.text}>
      <ol className={cardGridClass(content.items.length, 'steps__list')}>
        {content.items.map((item, index) => (
          <li key={item.title} className="steps__item">
            <span className="steps__number" aria-hidden="true">
              {String(index + 1).padStart(2, '0')}
            </span>
            <h3 className="steps__title">{item.title}</h3>
            <p className="steps__text">{item.text}</p>
            {item.duration ? <p className="steps__duration">{item.duration}</p> : null}
          </li>
        ))}
      </ol>
    </BlockSection>
  );
}
