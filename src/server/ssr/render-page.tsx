/**
 * Renders one page as a stream. Loaders have run before this is called, so the status
 * and headers are final before the first byte. Browsers get the shell as soon as it is
 * ready; crawlers get the whole document at once.
 */
import type { ServerResponse } from 'node:http';
import { AsyncResource } from 'node:async_hooks';
import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticRouter, StaticRouterProvider, type StaticHandler, type StaticHandlerContext } from 'react-router';
import type { FastifyBaseLogger } from 'fastify';
import { ENVIRONMENT_GLOBAL, EnvironmentProvider, type AppEnvironment } from '#app/environment.tsx';
import type { Language } from '#app/i18n/language.ts';
import { PAGES_ROUTE_ID } from '#app/routes.tsx';
import { NonceProvider } from '#app/security/nonce.tsx';
import { createStores, StoresProvider } from '#app/state/stores.tsx';
import { compressedDestination, type ContentEncoding } from '../http/encoding.ts';
import { fatalErrorHtml } from './fatal-error-html.ts';
import { deferredModuleLoader, hydrationData, inlineJson } from './serialize.ts';

export interface RenderPageOptions {
  res: ServerResponse;
  headers: Record<string, string | number | string[]>;
  dataRoutes: StaticHandler['dataRoutes'];
  context: StaticHandlerContext;
  environment: AppEnvironment;
  entry: string;
  language: Language;
  /** This answer's Content Security Policy nonce, on every inline script of the page. */
  nonce: string;
  crawler: boolean;
  encoding: ContentEncoding;
  /**
   * Receives the whole document once it was rendered without an error, for the page cache.
   * Such a render waits for everything, as for a crawler, so the kept copy is complete.
   */
  onDocument?: (html: Buffer) => void;
  timeoutMs: number;
  /** Aborted when the visitor goes away. */
  signal: AbortSignal;
  log: FastifyBaseLogger;
}

type Flushable = Writable & { flush?: () => void };

/**
 * Where React writes. It hands the output on in the request's own async context instead of
 * React's: React renders inside an AsyncLocalStorage of its own, a socket write made in there
 * re-arms the socket's idle timer with that context, and the timer then keeps the whole
 * finished render (its data, its stores) alive as long as the keep-alive connection stays
 * open. With `onDocument`, it also keeps a copy of every byte for the cache.
 */
class PageWriter extends Writable {
  private readonly chunks: Buffer[] | undefined;

  constructor(
    private readonly target: Flushable,
    private readonly outside: <T>(fn: () => T) => T,
    private readonly onDocument?: (html: Buffer) => void,
  ) {
    super();
    this.chunks = onDocument ? [] : undefined;
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.chunks?.push(chunk);
    this.outside(() => {
      if (this.target.write(chunk)) callback();
      else this.target.once('drain', () => callback());
    });
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.outside(() => {
      this.target.end();
      if (this.chunks) this.onDocument?.(Buffer.concat(this.chunks));
      callback();
    });
  }

  /** React flushes its destination after each batch; the compressor behind must flush too. */
  flush(): void {
    this.outside(() => this.target.flush?.());
  }
}

/** The environment as the browser receives it: the inlined stylesheets are in the document already. */
function browserEnvironment(environment: AppEnvironment): AppEnvironment {
  const { inlineCss: _inDocument, ...assets } = environment.assets;
  return { ...environment, assets };
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
  const { res, log, onDocument } = options;
  const wholeDocument = options.crawler || onDocument !== undefined;
  // Bound here, before React starts, to the request's context (see PageWriter).
  const outside = AsyncResource.bind(<T,>(fn: () => T): T => fn());
  return new Promise((resolve) => {
    let attempt = 0;
    let started = false;
    let failed = false;

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
      const start = () => outside(() => {
        if (started) return;
        started = true;
        const encodingHeader = options.encoding === 'identity' ? {} : { 'content-encoding': options.encoding };
        res.writeHead(context.statusCode, { ...options.headers, ...encodingHeader, 'content-type': 'text/html; charset=utf-8' });
        res.once('finish', () => clearTimeout(timer));
        res.once('close', () => {
          clearTimeout(timer);
          resolve();
        });
        const destination = compressedDestination(res, options.encoding);
        const keep = onDocument && context.statusCode === 200 && attempt === 1;
        const keepCopy = keep
          ? (html: Buffer) => {
              if (!failed && !options.signal.aborted) onDocument(html);
            }
          : undefined;
        stream.pipe(new PageWriter(destination, outside, keepCopy));
      });
      const stream = renderToPipeableStream(
        <NonceProvider nonce={options.nonce}>
          <EnvironmentProvider value={options.environment}>
            <StoresProvider stores={createStores()}>
              <StaticRouterProvider router={router} context={context} hydrate={false} />
            </StoresProvider>
          </EnvironmentProvider>
        </NonceProvider>,
        {
          nonce: options.nonce,
          bootstrapScriptContent: `window.${ENVIRONMENT_GLOBAL}=${inlineJson(browserEnvironment(options.environment))};window.__staticRouterHydrationData=${inlineJson(hydrationData(context))};${deferredModuleLoader(options.entry, options.environment.assets.modulePreloads)}`,
          progressiveChunkSize: wholeDocument ? Number.POSITIVE_INFINITY : undefined,
          onShellReady() {
            if (!wholeDocument) start();
          },
          onAllReady() {
            if (wholeDocument) start();
          },
          onShellError(error) {
            clearTimeout(timer);
            log.error({ err: error }, 'page shell failed to render');
            if (attempt === 1 && !started) render(withRenderError(context, error));
            else sendFatal();
          },
          onError(error) {
            failed = true;
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
