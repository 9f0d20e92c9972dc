/** A numbered process, one step after the other. */
import type { StepsContent } from '../content/schemas/steps.ts';
import { BlockHeading } from './block-heading.tsx';

export function Steps({ content }: { content: StepsContent }) {
  return (
    <section className="steps section section--tinted">
      <div className="section__inner">
        <BlockHeading headline={content.headline} text={content.text} />
        <ol className="steps__list">
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
      </div>
    </section>
  );
}
