/**
 * The proof a case study opens with: chips naming the client, its sector and the services, and a
 * band of the results the story reports, so a reader sees the outcome before the first paragraph.
 */
import type { CaseFactsContent } from '../content/schemas/case-facts.ts';
import { Icon } from '../layout/icon.tsx';
import { Portrait } from '../people/portrait.tsx';
import type { InsightsLabels } from './page-data.ts';

export function CaseChips({
  facts,
  services,
  labels,
}: {
  facts: CaseFactsContent;
  services: readonly string[];
  labels: InsightsLabels;
}) {
  const names = labels.case_study;
  return (
    <dl className="case-chips">
      <div className="case-chips__item">
        <dt>{names.client}</dt>
        <dd>{facts.client}</dd>
      </div>
      <div className="case-chips__item">
        <dt>{names.sector}</dt>
        <dd>{facts.sector}</dd>
      </div>
      {services.length ? (
        <div className="case-chips__item">
          <dt>{names.services}</dt>
          {services.map((service) => (
            <dd key={service}>{labels.values[service] ?? service}</dd>
          ))}
        </div>
      ) : null}
    </dl>
  );
}

export function ResultsBand({ facts, headline }: { facts: CaseFactsContent; headline: string }) {
  return (
    <section className="section section--dark case-results" aria-labelledby="case-results-headline">
      <div className="section__inner">
        <h2 id="case-results-headline" className="case-results__headline">
          {headline}
        </h2>
        <dl className="case-results__list">
          {facts.results.map((result) => (
            <div key={result.label} className="case-results__item">
              <dt className="case-results__label">{result.label}</dt>
              <dd className="case-results__value">{result.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}

/**
 * The client's words beside their portrait, in the quote card's look. Not the blocks' QuoteCard
 * itself: sharing that module with the homepage would split it into a chunk of its own and grow
 * the homepage's first load.
 */
export function CaseQuote({ quote }: { quote: CaseFactsContent['quote'] }) {
  return (
    <figure className="quote-card article__quote">
      <Icon name="quote" size={48} className="quote-card__mark" />
      <blockquote className="quote-card__text">
        <p>{quote.text}</p>
      </blockquote>
      <figcaption className="quote-card__caption">
        <Portrait name={quote.author} size={96} className="quote-card__portrait" />
        <span className="quote-card__author">{quote.author}</span>
        <span className="quote-card__role">
          {quote.role}, {quote.company}
        </span>
      </figcaption>
    </figure>
  );
}
