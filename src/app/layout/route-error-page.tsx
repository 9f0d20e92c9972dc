/** The error page inside the layout: 'Error {status}', the message and the way back home. */
import { useEffect } from 'react';
import { useRouteError, useRouteLoaderData } from 'react-router';
import { reloadOnChunkError } from '../chunk-reload.ts';
import { fill } from '../i18n/format.ts';
import { UNKNOWN_MIDDLEWARE_MESSAGE } from '../middleware.ts';
import { HOME_PATH } from '../paths.ts';
import type { RootData } from '../route-data.ts';
import { describeError } from './error-status.ts';
import { PageLink } from './smart-link.tsx';

export function RouteErrorPage() {
  const error = useRouteError();
  const { ui } = useRouteLoaderData('root') as RootData;
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
  return (
    <main id="main" className="error-page">
      <title>{headline}</title>
      <meta name="robots" content="noindex" />
      <div className="error-page__inner">
        <h1 className="error-page__headline">{headline}</h1>
        <p className="error-page__message">{message}</p>
        <PageLink className="button button--primary" to={HOME_PATH}>
          {ui.error_back_home}
        </PageLink>
      </div>
    </main>
  );
}
