/**
 * Renders one page, as a stream or whole into a buffer. Loaders have run before this is
 * called, so the status and headers are final before the first byte. Browsers get the shell
 * as soon as it is ready; crawlers get the whole document at once; a page for the page cache
 * is rendered whole without a nonce (see renderDocument).
 */

import { AsyncResource } from 'node:async_hooks';
import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { Writable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticRouter, type StaticHandler, type StaticHandlerContext, StaticRouterProvider } from 'react-router';
import { type AppEnvironment, ENVIRONMENT_GLOBAL, EnvironmentProvider } from '#app/environment.tsx';
import type { Language } from '#app/i18n/language.ts';
import { PageLinkContext } from '#app/layout/smart-link.tsx';
import { PAGES_ROUTE_ID } from '#app/routes.tsx';
import { NonceProvider } from '#app/security/nonce.tsx';
import { createStores, StoresProvider } from '#app/state/stores.tsx';
import { type ContentEncoding, compressedDestination } from '../http/encoding.ts';
import { fatalErrorHtml } from './fatal-error-html.ts';
import { deferredModuleLoader, hydrationData, type InlineJsonWriter, inlineJson } from './serialize.ts';
import { SERVER_PAGE_LINKS } from './server-page-link.tsx';

export interface RenderPageOptions {
  res: ServerResponse;
  headers: Record<string, string | number | string[]>;
  dataRoutes: StaticHandler['dataRoutes'];
  context: StaticHandlerContext;
  environment: AppEnvironment;
  /** The environment's script and the module loader of this page's modules, made once per page module (see pageScripts). */
  scripts: PageScripts;
  language: Language;
  /** This answer's Content Security Policy nonce, on every inline script of the page. */
  nonce: string;
  crawler: boolean;
  encoding: ContentEncoding;
  timeoutMs: number;
  /** Aborted when the visitor goes away. */
  signal: AbortSignal;
  log: FastifyBaseLogger;
  /** Writes the page's data into its inline script (the same writer for every render, see serialize.ts). */
  inlineJson: InlineJsonWriter;
}

/** What renderDocument needs: no answer to write to, no nonce (inline scripts are allowed by their hashes). */
export type RenderDocumentOptions = Omit<RenderPageOptions, 'res' | 'headers' | 'nonce' | 'crawler' | 'encoding'>;

export interface RenderedDocument {
  status: number;
  html: Buffer;
  /** Rendered on the first attempt without an error: the document a page cache may keep. */
  complete: boolean;
}

type Flushable = Writable & { flush?: () => void };

/** How much of a batch goes out at once: the head and the first screen leave before the rest is joined. */
const BATCH_BYTES = 32 * 1024;

/** Where one render goes: a streamed answer, or a buffer for the page cache. */
interface RenderSink {
  /** Whether the whole document is rendered before the first byte is written. */
  readonly wholeDocument: boolean;
  /** The first byte is ready: where to write, with the status decided. */
  open(status: number): Flushable;
  /** The last byte was written; complete when the first attempt rendered without an error. */
  ended(complete: boolean): void;
  /** Nothing could be rendered. */
  fatal(html: string): void;
}

/**
 * Where React writes. It hands the output on in the request's own async context instead of
 * React's: React renders inside an AsyncLocalStorage of its own, a socket write made in there
 * re-arms the socket's idle timer with that context, and the timer then keeps the whole
 * finished render (its data, its stores) alive as long as the keep-alive connection stays
 * open.
 *
 * React writes a batch as many small views and long strings, then flushes. The pieces are
 * gathered and go out joined, at each flush and whenever BATCH_BYTES have gathered: a few
 * writes and HTTP chunks per page instead of one per piece, and the long strings are encoded
 * once, straight into the joined buffer. A flush is carried out after React's turn: when React
 * ends the page in the same turn, the last batch goes out with the end, one write with the
 * closing chunk. While the target is full, write answers false and React waits for 'drain':
 * the same backpressure as writing piece by piece.
 *
 * It is no stream.Writable: React needs only write, flush, end, destroy and the events it
 * listens to, and a Writable's bookkeeping for every piece (dozens per page) showed in the
 * profile of each uncached render.
 */
class PageWriter extends EventEmitter implements NodeJS.WritableStream {
  writable = true;
  private pending: Array<string | Uint8Array> = [];
  private pendingBytes = 0;
  private full = false;
  private flushQueued = false;
  private finished = false;

  constructor(
    private readonly target: Flushable,
    private readonly outside: <T>(fn: () => T) => T,
    private readonly onEnd?: () => void,
  ) {
    super();
  }

  write(chunk: string | Uint8Array): boolean {
    if (this.finished) return false;
    this.pending.push(chunk);
    this.pendingBytes += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.byteLength;
    if (this.pendingBytes >= BATCH_BYTES) this.outside(() => this.writeBatch());
    return !this.full;
  }

  /** React flushes its destination after each batch: the batch goes out, and the compressor behind flushes too. */
  flush(): void {
    if (this.flushQueued || this.finished) return;
    this.flushQueued = true;
    queueMicrotask(() => {
      this.flushQueued = false;
      if (this.finished) return;
      this.outside(() => {
        this.writeBatch();
        this.target.flush?.();
      });
    });
  }

  end(): this {
    if (this.finished) return this;
    this.finished = true;
    this.writable = false;
    this.outside(() => {
      const last = this.joinPending();
      if (last) this.target.end(last);
      else this.target.end();
      this.onEnd?.();
    });
    return this;
  }

  /** React gave up on the page after its first bytes: what is gathered is dropped, as a destroyed stream drops it. */
  destroy(): void {
    this.finished = true;
    this.writable = false;
    this.pending = [];
    this.pendingBytes = 0;
  }

  private joinPending(): Buffer | undefined {
    if (this.pending.length === 0) return undefined;
    const batch = Buffer.allocUnsafe(this.pendingBytes);
    let offset = 0;
    for (const piece of this.pending) {
      if (typeof piece === 'string') offset += batch.write(piece, offset, 'utf8');
      else {
        batch.set(piece, offset);
        offset += piece.byteLength;
      }
    }
    this.pending = [];
    this.pendingBytes = 0;
    return batch;
  }

  private writeBatch(): void {
    const batch = this.joinPending();
    if (!batch) return;
    if (!this.target.write(batch) && !this.full) {
      this.full = true;
      this.target.once('drain', () => {
        this.full = false;
        this.emit('drain');
      });
    }
  }
}

/** Keeps every byte written, for a document rendered whole. */
class DocumentCollector extends Writable {
  readonly chunks: Buffer[] = [];

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.chunks.push(chunk);
    callback();
  }
}

/** The environment as the browser receives it: the inlined stylesheets are in the document already. */
function browserEnvironment(environment: AppEnvironment): AppEnvironment {
  const { inlineCss: _inDocument, ...assets } = environment.assets;
  return { ...environment, assets };
}

/**
 * The parts of a page's bootstrap script that depend only on its page module and the
 * configuration: the page data goes between them.
 */
export interface PageScripts {
  /** Sets the environment global the browser's modules read, and opens the page data's assignment. */
  readonly beforeData: string;
  /** Closes the assignment and starts the page's modules once the document has been painted. */
  readonly afterData: string;
}

/** The bootstrap script's fixed parts for an environment, made once per page module by the page handler. */
export function pageScripts(environment: AppEnvironment, entry: string): PageScripts {
  return Object.freeze({
    beforeData: `window.${ENVIRONMENT_GLOBAL}=${inlineJson(browserEnvironment(environment))};window.__staticRouterHydrationData=`,
    afterData: `;${deferredModuleLoader(entry, environment.assets.modulePreloads)}`,
  });
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

/** Renders one page as a streamed answer with its nonce, compressed while it streams. */
export function renderPage(options: RenderPageOptions): Promise<void> {
  const { res } = options;
  return new Promise((resolve) => {
    const render = renderInto(options, options.nonce, {
      wholeDocument: options.crawler,
      open(status) {
        const encodingHeader = options.encoding === 'identity' ? {} : { 'content-encoding': options.encoding };
        res.writeHead(status, { ...options.headers, ...encodingHeader, 'content-type': 'text/html; charset=utf-8' });
        res.once('close', () => {
          render.stopTimer();
          resolve();
        });
        return compressedDestination(res, options.encoding);
      },
      ended() {},
      fatal(html) {
        res.writeHead(500, { ...options.headers, 'content-type': 'text/html; charset=utf-8' });
        res.end(html);
        resolve();
      },
    });
  });
}

/**
 * Renders one page whole into a buffer, without a nonce: the page cache keeps it and sends the
 * same bytes to everyone, its inline scripts allowed by their hashes.
 */
export function renderDocument(options: RenderDocumentOptions): Promise<RenderedDocument> {
  return new Promise((resolve) => {
    const collector = new DocumentCollector();
    let status = 500;
    renderInto(options, undefined, {
      wholeDocument: true,
      open(decided) {
        status = decided;
        return collector;
      },
      ended: (complete) => resolve({ status, html: Buffer.concat(collector.chunks), complete }),
      fatal: (html) => resolve({ status: 500, html: Buffer.from(html), complete: false }),
    });
  });
}

function renderInto(
  options: RenderDocumentOptions,
  nonce: string | undefined,
  sink: RenderSink,
): { stopTimer(): void } {
  const { log } = options;
  // Bound here, before React starts, to the request's context (see PageWriter).
  const outside = AsyncResource.bind(<T,>(fn: () => T): T => fn());
  let attempt = 0;
  let started = false;
  let failed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const sendFatal = () => {
    if (started) return;
    started = true;
    sink.fatal(fatalErrorHtml(options.language));
  };

  const render = (context: StaticHandlerContext) => {
    attempt += 1;
    const firstAttempt = attempt === 1;
    const router = createStaticRouter(options.dataRoutes, context);
    const start = () =>
      outside(() => {
        if (started) return;
        started = true;
        const destination = sink.open(context.statusCode);
        const ended = () => {
          clearTimeout(timer);
          sink.ended(firstAttempt && !failed && !options.signal.aborted);
        };
        stream.pipe(new PageWriter(destination, outside, ended));
      });
    const stream = renderToPipeableStream(
      <NonceProvider nonce={nonce}>
        <EnvironmentProvider value={options.environment}>
          <StoresProvider stores={createStores()}>
            <PageLinkContext.Provider value={SERVER_PAGE_LINKS}>
              <StaticRouterProvider router={router} context={context} hydrate={false} />
            </PageLinkContext.Provider>
          </StoresProvider>
        </EnvironmentProvider>
      </NonceProvider>,
      {
        ...(nonce === undefined ? {} : { nonce }),
        bootstrapScriptContent: options.inlineJson(
          hydrationData(context),
          options.scripts.beforeData,
          options.scripts.afterData,
        ),
        progressiveChunkSize: sink.wholeDocument ? Number.POSITIVE_INFINITY : undefined,
        onShellReady() {
          if (!sink.wholeDocument) start();
        },
        onAllReady() {
          if (sink.wholeDocument) start();
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
    timer = setTimeout(
      () => stream.abort(new Error(`render took longer than ${options.timeoutMs} ms`)),
      options.timeoutMs,
    );
    options.signal.addEventListener('abort', () => stream.abort(), { once: true });
  };

  render(options.context);
  return { stopTimer: () => clearTimeout(timer) };
}
