/**
 * The homepage's outcomes within its first two screens: client results in figures, then one case
 * study with its result tiles, leading to its page.
 */
import type { FigureContent, ProofContent } from '../content/schemas/proof.ts';
import { SmartLink } from '../layout/smart-link.tsx';
import { BlockSection } from './block-section.tsx';

/**
 * Figures as terms and values: the label is the term, the figure set above it by the styles, which
 * give these the case study block's result tiles through the block's class rather than one class each.
 */
function Figures({ items, className }: { items: readonly FigureContent[]; className: string }) {
  return (
    <dl className={className}>
      {items.map((item) => (
        <div key={item.label}>
          <dt>{item.label}</dt>
          <dd>{item.value}</dd>
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
        <h3>{featured.headline}</h3>
        <p>{featured.text}</p>
        <Figures items={featured.results} className="case-study__results" />
        <SmartLink to={featured.link.link_url} className="button button--accent">
          {featured.link.text}
        </SmartLink>
      </article>
    </BlockSection>
  );
}
