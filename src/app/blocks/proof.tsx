/**
 * The homepage's outcomes within its first two screens: client results in figures, then one case
 * study with its result tiles, leading to its page.
 */
import type { FigureContent, ProofContent } from '../content/schemas/proof.ts';
import { SmartLink } from '../layout/smart-link.tsx';
import { BlockSection } from './block-section.tsx';

/** Figures as terms and values: the label is the term, the figure set above it by the styles. */
function Figures({ items, className }: { items: readonly FigureContent[]; className: string }) {
  return (
    <dl className={className}>
      {items.map((item) => (
        <div key={item.label} className="case-study__result">
          <dt className="case-study__result-label">{item.label}</dt>
          <dd className="case-study__value">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function Proof({ content }: { content: ProofContent }) {
  const { featured } = content;
  return (
    <BlockSection block="proof" headline={content.headline}>
      <Figures items={content.figures} className="proof__figures" />
      <article className="proof__case">
        <p className="eyebrow eyebrow--light">{featured.eyebrow}</p>
        <h3 className="proof__title">{featured.headline}</h3>
        <p className="proof__text">{featured.text}</p>
        <Figures items={featured.results} className="case-study__results" />
        <SmartLink to={featured.link.link_url} className="button button--accent">
          {featured.link.text}
        </SmartLink>
      </article>
    </BlockSection>
  );
}
