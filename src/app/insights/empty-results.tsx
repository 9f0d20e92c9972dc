/**
 * What the insights overview shows when nothing matches: a way back to every insight, the
 * topics most people look for and a contact. Plain links: each works before, and without,
 * the page's scripts, and keeps the language the address names.
 */
import { PageLink } from '../layout/smart-link.tsx';
import { INSIGHTS_PATH } from '../paths.ts';
import { formatFilter } from './model.ts';
import type { InsightsLabels } from './page-data.ts';

/** The overview with these query parameters, and the address's own ?lang= if it has one. */
function overviewAddress(language: string | null, query: Record<string, string> = {}): string {
  const params = new URLSearchParams(language ? { lang: language, ...query } : query);
  const search = params.toString();
  return search ? `${INSIGHTS_PATH}?${search}` : INSIGHTS_PATH;
}

export function EmptyResults({ labels, language }: { labels: InsightsLabels; language: string | null }) {
  return (
    <div className="insights__empty">
      <p className="insights__empty-text">{labels.no_results}</p>
      <PageLink to={overviewAddress(language)} className="button button--primary insights__clear">
        {labels.empty_clear}
      </PageLink>
      <h3 className="insights__empty-headline">{labels.empty_topics_headline}</h3>
      <ul className="insights__topics">
        {labels.popular_topics.map((topic) => (
          <li key={topic}>
            <PageLink
              className="chip"
              to={overviewAddress(language, { filter: formatFilter({ primary: [], secondary: [topic] }) ?? '' })}
            >
              {labels.values[topic] ?? topic}
            </PageLink>
          </li>
        ))}
      </ul>
      <p className="insights__empty-contact">
        {labels.empty_contact_text}{' '}
        <PageLink to={labels.empty_contact_link.link_url}>{labels.empty_contact_link.text}</PageLink>
      </p>
    </div>
  );
}
