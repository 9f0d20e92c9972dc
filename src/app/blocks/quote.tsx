/** A single client quote. */
import type { QuoteContent } from '../content/schemas/quote.ts';
import { QuoteCard } from './quote-card.tsx';

export function Quote({ content }: { content: QuoteContent }) {
  return (
    <section className="quote section">
      <div className="section__inner quote__inner">
        <QuoteCard quote={content} />
      </div>
    </section>
  );
}
