/** A client project: challenge, solution and the measured results. */
import type { CaseStudyContent } from '../content/schemas/case-study.ts';
import { SmartLink } from '../layout/smart-link.tsx';
import { BlockSection } from './block-section.tsx';

export function CaseStudy({ content }: { content: CaseStudyContent }) {
  return (
    <BlockSection block="case-study" tone="dark">
      <p className="eyebrow eyebrow--light">
        {content.client} · {content.sector}
      </p>
      <h2 className="section__headline">{content.headline}</h2>
      <div className="case-study__body">
        <div>
          <h3 className="case-study__label">{content.labels.challenge}</h3>
          <p>{content.challenge}</p>
        </div>
        <div>
          <h3 className="case-study__label">{content.labels.solution}</h3>
          <p>{content.solution}</p>
        </div>
      </div>
      <h3 className="case-study__label">{content.labels.results}</h3>
      <dl className="case-study__results">
        {content.results.map((result) => (
          <div key={result.label} className="case-study__result">
            <dt className="case-study__result-label">{result.label}</dt>
            <dd className="case-study__value">{result.value}</dd>
          </div>
        ))}
      </dl>
      {content.link ? (
        <SmartLink to={content.link.link_url} className="button button--accent">
          {content.link.text}
        </SmartLink>
      ) : null}
    </BlockSection>
  );
}
