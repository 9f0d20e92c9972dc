/** A related article as a card: image, type, headline, the start of its text and a link. */

import { Picture } from '../images/picture.tsx';
import { PageLink } from '../layout/smart-link.tsx';
import { CARD_IMAGE } from './article-card.tsx';
import type { InsightsLabels } from './page-data.ts';
import type { RelatedArticle } from './related-articles.ts';

export function RelatedCard({ article, labels }: { article: RelatedArticle; labels: InsightsLabels }) {
  return (
    <article className="insight-card" data-folder={article.folderName}>
      <PageLink to={article.path} className="insight-card__link">
        <Picture
          className="insight-card__image"
          src={article.imageUrl}
          sizes={CARD_IMAGE.sizes}
          alt=""
          width={CARD_IMAGE.width}
          height={CARD_IMAGE.height}
          loading="lazy"
          decoding="async"
        />
        <div className="insight-card__body">
          <p className="insight-card__meta">
            <span className="insight-card__type">{labels.values[article.type] ?? article.type}</span>
          </p>
          <h3 className="insight-card__headline">{article.headline}</h3>
          <p className="insight-card__text">{article.text}</p>
          <span className="insight-card__more">{article.linkText}</span>
        </div>
      </PageLink>
    </article>
  );
}
