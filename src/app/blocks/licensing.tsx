/** Licence options compared side by side. */
import type { LicensingContent } from '../content/schemas/licensing.ts';
import { BlockSection } from './block-section.tsx';
import { CheckList } from './check-list.tsx';

export function Licensing({ content }: { content: LicensingContent }) {
  return (
    <BlockSection block="licensing" headline={content.headline} text={content.text}>
      <div className="licensing__plans">
        {content.plans.map((plan) => (
          <article
            key={plan.name}
            className={`card licensing__plan${plan.highlight ? ' licensing__plan--highlight' : ''}`}
          >
            {plan.highlight ? <p className="licensing__highlight">{plan.highlight}</p> : null}
            <h3 className="card__title">{plan.name}</h3>
            <p className="card__text">{plan.text}</p>
            <CheckList items={plan.features} />
          </article>
        ))}
      </div>
      {content.note ? <p className="licensing__note">{content.note}</p> : null}
    </BlockSection>
  );
}
