/** One client voice as a figure: the words, who said them (beside their portrait, where the page shows one) and where they work. */
import type { ReactNode } from 'react';
import type { QuoteContent } from '../content/schemas/quote.ts';
import { Icon } from '../layout/icon.tsx';

/**
 * The portrait comes from the page's blocks (`<Portrait>`): the homepage's first load stays within
 * its own-code budget, so its quote shows none yet.
 */
export function QuoteCard({ quote, portrait }: { quote: QuoteContent; portrait?: ReactNode }) {
  return (
    <figure className="quote-card">
      <Icon name="quote" size={48} className="quote-card__mark" />
      <blockquote className="quote-card__text">
        <p>{quote.text}</p>
      </blockquote>
      <figcaption className="quote-card__caption">
        {portrait}
        <span className="quote-card__author">{quote.author}</span>
        <span className="quote-card__role">
          {quote.role}, {quote.company}
        </span>
      </figcaption>
    </figure>
  );
}
