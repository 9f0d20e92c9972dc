/**
 * Where an article or case study leaves its reader: a call to action for the service it is about,
 * with the way to the contact page, and beside it the newsletter for those not ready to talk.
 */
import { PageLink } from '../layout/smart-link.tsx';
import type { InsightEnding as Ending } from './ending.ts';

export function InsightEnding({ ending }: { ending: Ending }) {
  return (
    <section className="section section--dark insight-ending" aria-labelledby="insight-ending-headline">
      <div className="section__inner insight-ending__inner">
        <div className="insight-ending__cta">
          <p className="eyebrow eyebrow--light">{ending.eyebrow}</p>
          <h2 id="insight-ending-headline" className="section__headline">
            {ending.headline}
          </h2>
          <p className="insight-ending__text">{ending.text}</p>
          <div className="insight-ending__actions">
            <PageLink to={ending.service.link_url} className="button button--accent insight-ending__service">
              {ending.service.text}
            </PageLink>
            <PageLink to={ending.contact.link_url} className="button insight-ending__contact">
              {ending.contact.text}
            </PageLink>
          </div>
        </div>
        <aside className="insight-ending__newsletter" aria-labelledby="insight-ending-newsletter">
          <h3 id="insight-ending-newsletter" className="insight-ending__newsletter-headline">
            {ending.newsletter.headline}
          </h3>
          <p>{ending.newsletter.text}</p>
          <PageLink to={ending.newsletter.link.link_url} className="insight-ending__newsletter-link">
            {ending.newsletter.link.text}
          </PageLink>
        </aside>
      </div>
    </section>
  );
}
