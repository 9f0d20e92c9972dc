/** A single client quote. */
import type { QuoteContent } from '../content/schemas/quote.ts';
import { BlockSection } from './block-section.tsx';
import { QuoteCard } from './quote-card.tsx';

export function Quote({ content }: { content: QuoteContent }) {
  return (
    <BlockSection block="quote" innerClassName="quote__inner">
      <QuoteCard quote={content} />
    </BlockSection>
  );
}
