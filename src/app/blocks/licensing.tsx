/** Licence options compared side by side. */
import type { LicensingContent } from '../content/schemas/licensing.ts';

export function Licensing({ content }: { content: LicensingContent }) {
  return (
    <section className="licensing section">
      <div className="section__inner">
        <h2 className="section__headline">{content.headline}</h2>
        {content.text ? <p className="section__lead">{content.text}</p> : null}
        <div className="licensing__plans">
          {content.plans.map((plan) => (
            <article key={plan.name} className={`card licensing__plan${plan.highlight ? ' licensing__plan--highlight' : ''}`}>
              {plan.highlight ? <p className="licensing__highlight">{plan.highlight}</p> : null}
              <h3 className="card__title">{plan.name}</h3>
              <p className="card__text">{plan.text}</p>
              <ul className="check-list">
                {plan.features.map((feature) => (
                  <li key={feature}>{feature}</li>
                ))}
              </ul>
            </article>
          ))}
        </div>
        {content.note ? <p className="licensing__note">{content.note}</p> : null}
      </div>
    </section>
  );
}
