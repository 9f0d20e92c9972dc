/** One client voice as a figure: the words, who said them (with their portrait) and where they work. */
import type { QuoteContent } from '../content/schemas/quote.ts';
import { Icon } from '../layout/icon.tsx';
import { Portrait } from '../people/portrait.tsx';

export function QuoteCard({ quote }: { quote: QuoteContent }) {
  return (
    <figure className="quote-card">
      <Icon name="quote" size={48} className="quote-card__mark" />
      <blockquote className="quote-card__text">
        <p>{quote.text}</p>
      </blockquote>
      <figcaption className="quote-card__caption">
        <Portrait name={quote.author} size={64} className="quote-card__portrait" />
        <span className="quote-card__person">
          <span className="quote-card__author">{quote.author}</span>
          <span className="quote-card__role">
            {quote.role}, {quote.company}
          </span>
        </span>
      </figcaption>
    </figure>
  );
}
