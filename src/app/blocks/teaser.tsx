/** The insights teaser: the newest insights as cards and the way to all of them. */
import type { TeaserContent } from '../content/schemas/teaser.ts';
import { ArticleCard } from '../insights/article-card.tsx';
import type { InsightsTeaserData } from '../insights/page-data.ts';
import { SmartLink } from '../layout/smart-link.tsx';
import { BlockSection } from './block-section.tsx';
import { cardGridClass } from './card-grid.ts';

export function Teaser({ content, teaser }: { content: TeaserContent; teaser: InsightsTeaserData | undefined }) {
  return (
    <BlockSection block="teaser" aria-labelledby="teaser-headline">
      <div className="teaser__head">
        <div>
          <h2 id="teaser-headline" className="section__headline">
            {content.headline}
          </h2>
          {content.text ? <p className="section__lead">{content.text}</p> : null}
        </div>
        <SmartLink to={content.link.link_url} className="button button--primary teaser__all">
          {content.link.text}
        </SmartLink>
      </div>
      {teaser && teaser.articles.length > 0 ? (
        <div className={cardGridClass(teaser.articles.length)}>
          {teaser.articles.map((card) => (
            <ArticleCard key={card.folderName} card={card} labels={teaser.labels} />
          ))}
        </div>
      ) : null}
    </BlockSection>
  );
}
