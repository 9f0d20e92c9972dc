/**
 * The proof a case study opens with: chips naming the client, its sector and the services, and a
 * band of the results the story reports, so a reader sees the outcome before the first paragraph.
 */

import { QuoteCard } from '../blocks/quote-card.tsx';
import type { CaseFactsContent } from '../content/schemas/case-facts.ts';
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

/** The client's words in the quote card every page uses, beside their portrait. */
export function CaseQuote({ quote }: { quote: CaseFactsContent['quote'] }) {
  return (
    <div className="article__quote">
      <QuoteCard quote={quote} portrait={<Portrait name={quote.author} size={96} className="quote-card__portrait" />} />
    </div>
  );
}
