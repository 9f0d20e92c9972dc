/**
 * An insight as a card: image, type and date, headline, the start of its text and a link. A
 * related article (the "more" block) is the same card without its date.
 */

import { formatDate } from '../i18n/format.ts';
import { useFormatTexts } from '../i18n/use-format-texts.ts';
import { Picture } from '../images/picture.tsx';
import { PageLink } from '../layout/smart-link.tsx';
import type { ArticleCard as Card } from './model.ts';
import type { CardLabels } from './page-data.ts';
import type { RelatedArticle } from './related-articles.ts';

/** Card images are 16:9, one column on phones, two from 768 px, three from 1025 px in a 1200 px frame. */
export const CARD_IMAGE = {
  width: 1200,
  height: 675,
  sizes: '(min-width: 1025px) 400px, (min-width: 768px) 50vw, 100vw',
} as const;

interface ArticleCardProps {
  card: RelatedArticle & Partial<Pick<Card, 'datetime'>>;
  labels: CardLabels;
  eager?: boolean;
}

/** A card's date, in the page language's format. */
function CardDate({ datetime }: { datetime: string }) {
  const dates = useFormatTexts();
  return <time dateTime={datetime}>{formatDate(datetime, dates)}</time>;
}

export function ArticleCard({ card, labels, eager = false }: ArticleCardProps) {
  return (
    <article className="insight-card" data-folder={card.folderName}>
      <PageLink to={card.path} className="insight-card__link">
        <Picture
          className="insight-card__image"
          src={card.imageUrl}
          sizes={CARD_IMAGE.sizes}
          alt=""
          width={CARD_IMAGE.width}
          height={CARD_IMAGE.height}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
        />
        <div className="insight-card__body">
          <p className="insight-card__meta">
            <span className="insight-card__type">{labels.values[card.type] ?? card.type}</span>
            {card.datetime ? <CardDate datetime={card.datetime} /> : null}
          </p>
          <h3 className="insight-card__headline">{card.headline}</h3>
          <p className="insight-card__text">{card.text}</p>
          <span className="insight-card__more">{card.linkText}</span>
        </div>
      </PageLink>
    </article>
  );
}
