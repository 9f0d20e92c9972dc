/**
 * Renders one page as a stream. Loaders have run before this is called, so the status
 * and headers are final before the first byte. Browsers get the shell as soon as it is
 * ready; crawlers get the whole document at once.
 */
import type { ServerResponse } from 'node:http';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticRouter, StaticRouterProvider, type StaticHandler, type StaticHandlerContext } from 'react-router';
import type { FastifyBaseLogger } from 'fastify';
import { ENVIRONMENT_GLOBAL, EnvironmentProvider, type AppEnvironment } from '#app/environment.tsx';
import type { Language } from '#app/i18n/language.ts';
import { PAGES_ROUTE_ID } from '#app/routes.tsx';
import { createStores, StoresProvider } from '#app/state/stores.tsx';
import { fatalErrorHtml } from './fatal-error-html.ts';
import { hydrationData, inlineJson } from './serialize.ts';

export interface RenderPageOptions {
  res: ServerResponse;
  headers: Record<string, string | number | string[]>;
  dataRoutes: StaticHandler['dataRoutes'];
  context: StaticHandlerContext;
  environment: AppEnvironment;
  entry: string;
  language: Language;
  crawler: boolean;
  timeoutMs: number;
  /** Aborted when the visitor goes away. */
  signal: AbortSignal;
  log: FastifyBaseLogger;
}

/** The same context with the error placed on the pages route, so the layout shows the error page. */
function withRenderError(context: StaticHandlerContext, error: unknown): StaticHandlerContext {
  const pagesIndex = context.matches.findIndex((match) => match.route.id === PAGES_ROUTE_ID);
  if (pagesIndex === -1) return context;
  return {
    ...context,
    statusCode: 500,
    errors: { [PAGES_ROUTE_ID]: error },
    matches: context.matches.slice(0, pagesIndex + 1),
  };
}

export function renderPage(options: RenderPageOptions): Promise<void> {
  const { res, log, crawler } = options;
  return new Promise((resolve) => {
    let attempt = 0;
    let started = false;

    const sendFatal = () => {
      if (started) return;
      started = true;
      res.writeHead(500, { ...options.headers, 'content-type': 'text/html; charset=utf-8' });
      res.end(fatalErrorHtml(options.language));
      resolve();
    };

    const render = (context: StaticHandlerContext) => {
      attempt += 1;
      const router = createStaticRouter(options.dataRoutes, context);
      let timer: ReturnType<typeof setTimeout> | undefined;
      const start = () => {
        if (started) return;
        started = true;
        res.writeHead(context.statusCode, { ...options.headers, 'content-type': 'text/html; charset=utf-8' });
        res.once('finish', () => clearTimeout(timer));
        res.once('close', () => {
          clearTimeout(timer);
          resolve();
        });
        stream.pipe(res);
      };
      const stream = renderToPipeableStream(
        <EnvironmentProvider value={options.environment}>
          <StoresProvider stores={createStores()}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </StoresProvider>
        </EnvironmentProvider>,
        {
          bootstrapScriptContent: `window.${ENVIRONMENT_GLOBAL}=${inlineJson(options.environment)};window.__staticRouterHydrationData=${inlineJson(hydrationData(context))};`,
          bootstrapModules: [options.entry],
          progressiveChunkSize: crawler ? Number.POSITIVE_INFINITY : undefined,
          onShellReady() {
            if (!crawler) start();
          },
          onAllReady() {
            if (crawler) start();
          },
          onShellError(error) {
            clearTimeout(timer);
            log.error({ err: error }, 'page shell failed to render');
            if (attempt === 1 && !started) render(withRenderError(context, error));
            else sendFatal();
          },
          onError(error) {
            if (options.signal.aborted) return;
            log.error({ err: error }, 'page render error');
          },
        },
      );
      timer = setTimeout(() => stream.abort(new Error(`render took longer than ${options.timeoutMs} ms`)), options.timeoutMs);
      options.signal.addEventListener('abort', () => stream.abort(), { once: true });
    };

    render(options.context);
  });
}
