/**
 * Client voices one at a time (WAI-ARIA carousel): previous and next buttons, and the
 * arrow, Home and End keys while the slides have focus. The change is announced politely.
 */
import { type KeyboardEvent, useId, useState } from 'react';
import type { QuoteSliderContent } from '../content/schemas/quote-slider.ts';
import { fill } from '../i18n/format.ts';
import { Icon } from '../layout/icon.tsx';
import { Portrait } from '../people/portrait.tsx';
import { BlockSection } from './block-section.tsx';
import { QuoteCard } from './quote-card.tsx';
import { indexAfterKey } from './roving-keys.ts';

/** The arrow back, as one path on the icons' 24 px grid (the set has the one forward). */
const ARROW_LEFT = 'M20 12H5M11 6l-6 6 6 6';

export function QuoteSlider({ content }: { content: QuoteSliderContent }) {
  const [current, setCurrent] = useState(0);
  const id = useId();
  const count = content.items.length;
  const show = (index: number) => setCurrent((index + count) % count);
  const onKeyDown = (event: KeyboardEvent) => {
    const next = indexAfterKey(event.key, current, count);
    if (next === null) return;
    event.preventDefault();
    show(next);
  };

  return (
    <BlockSection block="quote-slider" tone="tinted" aria-roledescription="carousel" aria-labelledby={`${id}-headline`}>
      <h2 id={`${id}-headline`} className="section__headline">
        {content.headline}
      </h2>
      <div className="quote-slider__frame">
        {/* The carousel pattern of the WAI-ARIA practices: the slides can be focused, are named, and take the arrow keys. */}
        {/* biome-ignore lint/a11y/noStaticElementInteractions: see above */}
        {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: see above */}
        <div
          id={`${id}-slides`}
          className="quote-slider__slides"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: see above
          tabIndex={0}
          aria-label={content.labels.region}
          aria-live="polite"
          onKeyDown={onKeyDown}
        >
          {content.items.map((quote, index) => (
            // biome-ignore lint/a11y/useSemanticElements: a slide is a group with the role description "slide", as the carousel pattern has it; a fieldset is for form controls
            <div
              key={quote.author}
              className="quote-slider__slide"
              role="group"
              aria-roledescription="slide"
              aria-label={fill(content.labels.slide, { current: index + 1, total: count })}
              hidden={index !== current}
            >
              <QuoteCard
                quote={quote}
                portrait={<Portrait name={quote.author} size={64} className="quote-card__portrait" />}
              />
            </div>
          ))}
        </div>
        <div className="quote-slider__controls">
          <button
            type="button"
            className="icon-button quote-slider__button"
            aria-controls={`${id}-slides`}
            aria-label={content.labels.previous}
            onClick={() => show(current - 1)}
          >
            <Icon path={ARROW_LEFT} />
          </button>
          <p className="quote-slider__position" aria-hidden="true">
            {current + 1} / {count}
          </p>
          <button
            type="button"
            className="icon-button quote-slider__button"
            aria-controls={`${id}-slides`}
            aria-label={content.labels.next}
            onClick={() => show(current + 1)}
          >
            <Icon name="arrowRight" />
          </button>
        </div>
      </div>
    </BlockSection>
  );
}
