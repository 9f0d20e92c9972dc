/**
 * The error page inside the layout: 'Error {status}', the message and the way back home; a 404
 * adds a human line, a search of the insights and the main sections of the site.
 */
import { useEffect } from 'react';
import { Form, isRouteErrorResponse, useRouteError, useRouteLoaderData } from 'react-router';
import { reloadOnChunkError } from '../chunk-reload.ts';
import type { NotFoundHelp } from '../content/schemas/not-found.ts';
import { fill } from '../i18n/format.ts';
import type { Language } from '../i18n/language.ts';
import { LANGUAGE_PARAM } from '../i18n/language-address.ts';
import { SEARCH_PARAM } from '../insights/page-data.ts';
import { UNKNOWN_MIDDLEWARE_MESSAGE } from '../middleware.ts';
import { HOME_PATH, INSIGHTS_PATH } from '../paths.ts';
import type { NotFoundData, RootData } from '../route-data.ts';
import { describeError } from './error-status.ts';
import { Icon } from './icon.tsx';
import { PageLink } from './smart-link.tsx';

function helpOf(error: unknown): NotFoundHelp | null {
  if (!isRouteErrorResponse(error) || error.status !== 404) return null;
  return (error.data as Partial<NotFoundData> | null)?.help ?? null;
}

/** A plain GET form: the search works before, and without, the page's scripts. */
function InsightsSearch({ help, language }: { help: NotFoundHelp; language: Language }) {
  return (
    <Form method="get" action={INSIGHTS_PATH} className="error-page__search" role="search">
      <label htmlFor="error-page-search" className="error-page__search-label">
        {help.search_label}
      </label>
      <div className="error-page__search-row">
        <input type="hidden" name={LANGUAGE_PARAM} value={language} />
        <input
          id="error-page-search"
          name={SEARCH_PARAM}
          type="search"
          placeholder={help.search_placeholder}
          maxLength={200}
          autoComplete="off"
          className="error-page__search-input"
        />
        <button type="submit" className="button button--primary">
          {help.search_submit}
        </button>
      </div>
    </Form>
  );
}

export function RouteErrorPage() {
  const error = useRouteError();
  const { ui, language } = useRouteLoaderData('root') as RootData;
  useEffect(() => {
    reloadOnChunkError(error);
  }, [error]);
  const described = describeError(error);
  const status = described?.status ?? 500;
  const message = !described
    ? ui.error_unknown
    : described.message === UNKNOWN_MIDDLEWARE_MESSAGE
      ? ui.error_unknown_middleware
      : (described.message ?? (status === 404 ? ui.error_not_found : ui.error_unknown));
  const headline = fill(ui.error_headline, { status });
  const help = helpOf(error);
  return (
    <main id="main" className="error-page">
      <title>{help?.title ?? headline}</title>
      <meta name="robots" content="noindex" />
      <div className="error-page__stage">
        <div className="error-page__inner">
          <h1 className="error-page__headline">{headline}</h1>
          <p className="error-page__message">{message}</p>
          {help ? (
            <>
              <p className="error-page__lead">{help.lead}</p>
              <p className="error-page__text">{help.text}</p>
            </>
          ) : null}
          <PageLink className="button button--accent" to={HOME_PATH}>
            {ui.error_back_home}
          </PageLink>
        </div>
      </div>
      {help ? (
        <div className="error-page__help">
          <InsightsSearch help={help} language={language} />
          <h2 className="error-page__links-headline">{help.links_headline}</h2>
          <ul className="error-page__links">
            {help.links.map((link) => (
              <li key={link.link_url}>
                <PageLink to={link.link_url} className="error-page__link">
                  <Icon name={link.icon} className="error-page__link-icon" />
                  <span className="error-page__link-text">{link.text}</span>
                  <span className="error-page__link-description">{link.description}</span>
                </PageLink>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </main>
  );
}
