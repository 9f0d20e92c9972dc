/** The stages a customer or a campaign passes through, as a path of stations. */
import type { JourneyContent } from '../content/schemas/journey.ts';
import { BlockSection } from './block-section.tsx';

export function Journey({ content }: { content: JourneyContent }) {
  return (
    <BlockSection block="journey" tone="tinted" headline={content.headline} text={content.text}>
      <ol className="journey__path">
        {content.stages.map((stage) => (
          <li key={stage.title} className="journey__stage">
            <span className="journey__dot" aria-hidden="true" />
            <h3 className="journey__title">{stage.title}</h3>
            <p className="journey__text">{stage.text}</p>
            {stage.touchpoints ? (
              <ul className="journey__touchpoints">
                {stage.touchpoints.map((touchpoint) => (
                  <li key={touchpoint}>{touchpoint}</li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ol>
    </BlockSection>
  );
}
