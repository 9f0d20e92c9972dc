/**
 * An insight: stage, facts, paragraphs with their figures, authors, the document a whitepaper or fact sheet offers,
 * and recommendations by reading history.
 */
import { Fragment, useEffect, useState } from 'react';
import { useLoaderData, useParams, useRouteLoaderData } from 'react-router';
import { Download } from '../blocks/download.tsx';
import { Stage } from '../blocks/stage.tsx';
import type { InsightContent, InsightParagraph } from '../content/schemas/insight.ts';
import { useEnvironment } from '../environment.tsx';
import { fill, formatDate } from '../i18n/format.ts';
import { useFormatTexts } from '../i18n/use-format-texts.ts';
import { versionedImageUrl } from '../images/image-urls.ts';
import { Picture } from '../images/picture.tsx';
import { ArticleCard, CARD_IMAGE } from '../insights/article-card.tsx';
import { ArticleContents, sectionAnchors } from '../insights/article-contents.tsx';
import { BarChart } from '../insights/bar-chart.tsx';
import { CaseChips, CaseQuote, ResultsBand } from '../insights/case-facts.tsx';
import { withCodeSpans } from '../insights/code-spans.tsx';
import { createFetchInsightsSource } from '../insights/fetch-insights-source.ts';
import { InsightEnding } from '../insights/insight-ending.tsx';
import { articleImageUrl, type ArticleCard as Card } from '../insights/model.ts';
import { type InsightArticleData, SEARCH_PARAM } from '../insights/page-data.ts';
import { rememberArticle } from '../insights/reco-storage.ts';
import { PageLink } from '../layout/smart-link.tsx';
import { INSIGHTS_PATH, insightsFeedPath } from '../paths.ts';
import { Portrait } from '../people/portrait.tsx';
import type { PageData, RootData } from '../route-data.ts';

export const FIGURE_SIZE = { width: 800, height: 450 } as const;
/** The cover beside the headline from 900 px on, under it below. */
const COVER_SIZES = '(min-width: 900px) 480px, 100vw';

/** Paragraphs come as a list or as a single object; has_image is the text TRUE. Read with care: the server does not validate content. */
export function paragraphsOf(content: unknown): (InsightParagraph & { hasImage: boolean })[] {
  const raw = (content as Partial<InsightContent> | undefined)?.paragraphs;
  const list = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  return list.map((paragraph) => ({
    ...paragraph,
    hasImage: paragraph.has_image === 'TRUE' && Boolean(paragraph.image),
  }));
}

export function Component() {
  const page = useLoaderData() as PageData;
  const root = useRouteLoaderData('root') as RootData;
  const dates = useFormatTexts();
  const { imageVersion } = useEnvironment();
  const { slug = '' } = useParams();
  const data = page.article as InsightArticleData;
  const { labels } = data;
  const language = page.language;
  // An article without a stage is no article: rendering fails and the error page answers.
  const stage = page.content.stage!;
  const info = page.content.general_information;
  const authors = page.content.author?.authors ?? [];
  const paragraphs = paragraphsOf(page.content.content);
  const anchors = sectionAnchors(paragraphs.map((paragraph) => paragraph.headline));
  const sections = paragraphs.flatMap((paragraph, index) =>
    paragraph.headline && anchors[index] ? [{ headline: paragraph.headline, anchor: anchors[index] }] : [],
  );
  const download = page.content.download;
  // A case study with its structured proof gets the case-study layout: chips, results, quote and chart.
  const facts = info?.type === 'case-study' ? page.content.case_facts : undefined;
  /** Whether a piece placed after paragraph `after` stands after the one at this index (the last takes the rest). */
  const placedAfter = (after: number, index: number) => Math.min(after, paragraphs.length) === index + 1;
  const [recommendations, setRecommendations] = useState<readonly Card[]>(data.recommendations);

  // Remember this article and ask for recommendations that leave out everything already read.
  // Session storage: the history lasts as long as the tab, so it stays part of the visit the
  // reader asked for (§ 25 (2) no. 2 TDDDG) instead of a profile kept across visits.
  useEffect(() => {
    setRecommendations(data.recommendations);
    const read = rememberArticle(window.sessionStorage, language, slug);
    let current = true;
    void createFetchInsightsSource()
      .recommend(language, slug, read)
      .then((articles) => {
        if (current) setRecommendations(articles);
      });
    return () => {
      current = false;
    };
  }, [slug, language, data.recommendations]);

  const stageFacts = info
    ? [
        labels.values[info.type] ?? info.type,
        formatDate(info.datetime, dates),
        info.reading_time ? fill(labels.reading_time, { minutes: info.reading_time }) : null,
        info.duration ? fill(labels.duration, { duration: info.duration }) : null,
        info.location ? fill(labels.location, { location: info.location }) : null,
      ].filter((fact): fact is string => Boolean(fact))
    : [];

  return (
    <main id="main" className="page page--article" tabIndex={-1}>
      <link rel="alternate" type="application/rss+xml" title={labels.feed_title} href={insightsFeedPath(language)} />
      <Stage
        content={stage}
        variant={page.hero}
        ui={root.ui}
        before={
          <>
            <PageLink to={INSIGHTS_PATH} className="article-stage__back">
              {labels.back_to_overview}
            </PageLink>
            {facts ? <CaseChips facts={facts} services={info?.services ?? []} labels={labels} /> : null}
          </>
        }
        meta={stageFacts}
        cover={
          <Picture
            className="stage__image stage__image--cover"
            src={articleImageUrl(slug)}
            sizes={COVER_SIZES}
            alt=""
            width={CARD_IMAGE.width}
            height={CARD_IMAGE.height}
            fetchPriority="high"
            decoding="async"
          />
        }
        action={
          info?.event_page ? (
            <PageLink to={info.event_page} className="button button--accent stage__button">
              {labels.event_page}
            </PageLink>
          ) : null
        }
      />
      {facts ? <ResultsBand facts={facts} headline={labels.case_study.results} /> : null}
      <article className={facts ? 'article article--case-study section' : 'article section'}>
        <div className="article__body">
          <ArticleContents title={labels.contents} sections={sections} />
          {paragraphs.map((paragraph, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: an article's paragraphs are never reordered, added or removed on the page, and have no id
            <Fragment key={index}>
              <section className="article__paragraph">
                {paragraph.headline ? <h2 id={anchors[index]}>{paragraph.headline}</h2> : null}
                <p>{withCodeSpans(paragraph.text)}</p>
                {paragraph.hasImage && paragraph.image ? (
                  <figure className="article__figure">
                    {/* On a phone the diagram keeps a legible width and scrolls sideways; its box is sized, so nothing shifts. */}
                    <div
                      className="article__figure-scroll"
                      // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must be reachable by keyboard
                      tabIndex={0}
                    >
                      <Picture
                        src={paragraph.image}
                        alt={paragraph.image_alt ?? ''}
                        width={FIGURE_SIZE.width}
                        height={FIGURE_SIZE.height}
                        loading="lazy"
                        decoding="async"
                      />
                    </div>
                    <figcaption className="article__figcaption">
                      {paragraph.image_caption ? <span>{paragraph.image_caption}</span> : null}
                      <span className="article__figure-hint" aria-hidden="true">
                        {labels.figure_scroll_hint}
                      </span>
                      <a className="article__figure-open" href={versionedImageUrl(paragraph.image, imageVersion)}>
                        {labels.figure_open}
                      </a>
                    </figcaption>
                  </figure>
                ) : null}
              </section>
              {facts && placedAfter(facts.quote.after_paragraph, index) ? <CaseQuote quote={facts.quote} /> : null}
              {facts && placedAfter(facts.chart.after_paragraph, index) ? (
                <BarChart chart={facts.chart} language={language} id="case-chart" />
              ) : null}
            </Fragment>
          ))}
          {authors.length ? (
            <aside className="article__authors" aria-label={authors.length > 1 ? labels.authors : labels.author}>
              <h2 className="article__authors-title">{authors.length > 1 ? labels.authors : labels.author}</h2>
              <ul>
                {authors.map((author) => (
                  <li key={author.name}>
                    <Portrait name={author.name} size={64} />
                    <span className="article__author">
                      <span className="article__author-name">{author.name}</span>
                      {author.role ? <span className="article__author-role">{author.role}</span> : null}
                      <PageLink
                        to={`${INSIGHTS_PATH}?${new URLSearchParams({ [SEARCH_PARAM]: author.name })}`}
                        className="article__author-link"
                      >
                        {fill(labels.author_articles, { name: author.name })}
                      </PageLink>
                    </span>
                  </li>
                ))}
              </ul>
            </aside>
          ) : null}
        </div>
      </article>
      {download ? <Download content={download} /> : null}
      {recommendations.length ? (
        <section className="section section--tinted recommendations" aria-labelledby="recommendations-headline">
          <div className="section__inner">
            <h2 id="recommendations-headline" className="section__headline">
              {labels.recommendations_headline}
            </h2>
            <ul className="insights__grid">
              {recommendations.map((card) => (
                <li key={card.folderName}>
                  <ArticleCard card={card} labels={labels} />
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}
      {data.ending ? <InsightEnding ending={data.ending} /> : null}
    </main>
  );
}
