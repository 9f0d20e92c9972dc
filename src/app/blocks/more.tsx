/** 'More on this topic': related insights. Hidden when 'more' is null (its articles could not be loaded). */
import type { MoreContent } from '../content/schemas/more.ts';
import { ArticleCard } from '../insights/article-card.tsx';
import type { RelatedArticlesData } from '../insights/page-data.ts';
import { SmartLink } from '../layout/smart-link.tsx';
import { BlockSection } from './block-section.tsx';
import { cardGridClass } from './card-grid.ts';

export function More({ content, related }: { content: MoreContent; related: RelatedArticlesData | undefined }) {
  if (!related?.more || related.related.length === 0) return null;
  return (
    <BlockSection block="more" tone="tinted" aria-labelledby="more-headline">
      <h2 id="more-headline" className="section__headline">
        {content.headline}
      </h2>
      {content.text ? <p className="section__lead">{content.text}</p> : null}
      <div className={cardGridClass(related.related.length)}>
        {related.related.map((article) => (
          <ArticleCard key={article.folderName} card={article} labels={related.labels} />
        ))}
      </div>
      {content.link ? (
        <p className="more__all">
          <SmartLink to={content.link.link_url} className="button button--primary">
            {content.link.text}
          </SmartLink>
        </p>
      ) : null}
    </BlockSection>
  );
}
