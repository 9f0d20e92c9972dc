/** A single client quote, with its author's portrait. */
import type { QuoteContent } from '../content/schemas/quote.ts';
import { Portrait } from '../people/portrait.tsx';
import { BlockSection } from './block-section.tsx';
import { QuoteCard } from './quote-card.tsx';

export function Quote({ content }: { content: QuoteContent }) {
  return (
    <BlockSection block="quote" innerClassName="quote__inner">
      <QuoteCard
        quote={content}
        portrait={<Portrait name={content.author} size={64} className="quote-card__portrait" />}
      />
    </BlockSection>
  );
}
