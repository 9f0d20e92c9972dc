/**
 * Answers a page: loaders first, then status and headers, then the stream. Used by the
 * catch-all GET and by the error handler, which shows a refused plain form post on the
 * form's own page again.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StaticHandlerContext } from 'react-router';
import { canonicalPath } from '#app/canonical-path.ts';
import type { CareersSource } from '#app/careers/model.ts';
import { offeredPurposes } from '#app/consent/consent-choice.ts';
import type { ContentSource } from '#app/content/types.ts';
import type { AppEnvironment } from '#app/environment.tsx';
import type { FormEcho } from '#app/forms/page-data.ts';
import { type Language, languageCookie } from '#app/i18n/language.ts';
import { LANGUAGE_PARAM, languageNamedBy, languageOfQuery } from '#app/i18n/language-address.ts';
import { languageOfRequest } from '#app/i18n/request-language.ts';
import type { InsightsSource } from '#app/insights/model.ts';
import { isTokenPage, matchPageRoute } from '#app/match-page.ts';
import { PAGE_ROUTES, type PageModuleName } from '#app/page-table.ts';
import { createRequestContext } from '#app/request-context.ts';
import { createRoutes, PAGES_ROUTE_ID, pageModuleFile, pageModuleName, ROUTE_ERROR_PAGE_MODULE } from '#app/routes.tsx';
import { type Config, publicLoginConfig } from '../config.ts';
import { type ContentEncoding, compressNow, negotiateEncoding } from '../http/encoding.ts';
import { createPageCacheHeaders } from '../http/page-cache-headers.ts';
import { visitorSignals } from '../http/visitor-signals.ts';
import { isMalformedPath } from '../plugins/malformed-paths.ts';
import {
  createContentSecurityPolicy,
  createNonceSource,
  inlineScriptHashes,
} from '../security/content-security-policy.ts';
import { isCrawler } from './crawler.ts';
import type { BuildManifest, InlineStyles } from './manifest.ts';
import { type CachedPage, entityTag, matchesEntityTag, type PageCache, pageCacheKey } from './page-cache.ts';
import { type PageScripts, pageScripts, renderDocument, renderPage } from './render-page.tsx';
import type { RenderSlots } from './render-slots.ts';
import { createRouteHandlers } from './route-handlers.ts';
import { createInlineJsonWriter } from './serialize.ts';

export interface PageHandlerOptions {
  config: Config;
  content: ContentSource;
  insights: InsightsSource;
  careers: CareersSource;
  manifest: BuildManifest;
  /** The stylesheets' text when they are inlined into the pages. */
  inlineCss?: InlineStyles;
  imageVersion: string;
  cache: PageCache;
  slots: RenderSlots;
  /** Told how long each page rendered here (not served from the cache) took, loaders through the last byte. */
  onRendered?: (pathname: string, seconds: number) => void;
}

export interface PageRequest {
  /** The page to show instead of the request's own URL. */
  path?: string;
  /** The status to answer with when the page itself loads fine. */
  status?: number;
  formEcho?: FormEcho;
}

export interface PageHandler {
  /** Answers with the page; false when `path` names no page (nothing was sent then). */
  handle(request: FastifyRequest, reply: FastifyReply, page?: PageRequest): Promise<boolean>;
}

const PAGE_MODULE_OF_ROUTE = new Map<string, PageModuleName>(PAGE_ROUTES.map((route) => [route.id, route.page]));

/**
 * The stylesheets and modules a page module needs (none: an error page), and nothing else; the
 * stylesheets of the other modules loaded on demand are named for the browser to load with them.
 * A page that answers with the error page inside the layout carries that page's stylesheets too.
 */
function assetsOfPage(
  manifest: BuildManifest,
  page: PageModuleName | undefined,
  showsErrorPage: boolean,
  inline: InlineStyles | undefined,
): AppEnvironment['assets'] {
  const modules = new Set(manifest.entryModules);
  for (const file of page ? (manifest.pages[pageModuleFile(page)] ?? []) : []) modules.add(file);
  modules.delete(manifest.entry);
  const carried = [...(page ? [pageModuleName(page)] : []), ...(showsErrorPage ? [ROUTE_ERROR_PAGE_MODULE] : [])];
  const sheets = [...new Set(carried.flatMap((module) => manifest.styles[module] ?? []))];
  const styles: Record<string, string[]> = {};
  for (const [module, needed] of Object.entries(manifest.styles)) {
    const missing = needed.filter((sheet) => !sheets.includes(sheet));
    if (missing.length > 0) styles[module] = missing;
  }
  const css = [...manifest.css, ...sheets];
  const fontPreloads = manifest.fontPreloads ?? [];
  if (!inline) return { css, fontPreloads, modulePreloads: [...modules], styles };
  return {
    css,
    fontPreloads,
    modulePreloads: [...modules],
    styles,
    inlineCss: [inline.base, ...sheets.map((sheet) => inline.sheets[sheet] ?? '')].join('\n'),
  };
}

/** What the page's React tree and its bootstrap script are given about the site and the page module's assets. */
interface PageEnvironment {
  environment: AppEnvironment;
  scripts: PageScripts;
}

/**
 * The environment of each page module, worked out once with its parts of the bootstrap script:
 * a render only picks its page's (never changed, so shared), and that page's with the error page
 * when the layout shows the error page instead. Everything in it comes from the configuration and
 * the build, which stay the same for the life of the handler.
 */
function environmentsByPage(
  manifest: BuildManifest,
  inline: InlineStyles | undefined,
  withAssets: (assets: AppEnvironment['assets']) => AppEnvironment,
): (context: StaticHandlerContext) => PageEnvironment {
  const environmentOf = (assets: AppEnvironment['assets']): PageEnvironment => {
    const environment = withAssets(assets);
    return { environment, scripts: pageScripts(environment, manifest.entry) };
  };
  const pages = [undefined, ...new Set(PAGE_MODULE_OF_ROUTE.values())];
  const byPage = new Map(
    [false, true].flatMap((showsErrorPage) =>
      pages.map(
        (page) =>
          [
            `${page ?? ''}:${showsErrorPage}`,
            environmentOf(assetsOfPage(manifest, page, showsErrorPage, inline)),
          ] as const,
      ),
    ),
  );
  return (context) => {
    // The layout's error boundary holds the error: the error page shows where the page would.
    const showsErrorPage = context.errors?.[PAGES_ROUTE_ID] !== undefined;
    const page = context.matches.map((match) => PAGE_MODULE_OF_ROUTE.get(match.route.id)).find(Boolean);
    return byPage.get(`${page ?? ''}:${showsErrorPage}`) as PageEnvironment;
  };
}

/**
 * The page request as the router reads it: its address and method. It carries no AbortSignal:
 * Node keeps a Request's signal alive through weak references that full collections free only
 * late, which made the live heap grow with every render; the render itself is aborted through
 * the controller. It carries no headers either: what they say (the language, the encoding) is
 * decided before the loaders run and reaches them in the request context, and copying every
 * header into a Headers object took 2 % of an uncached render.
 */
function toWebRequest(request: FastifyRequest, url: URL): Request {
  return new Request(url, { method: request.method === 'HEAD' ? 'HEAD' : 'GET' });
}

/** A request's language, decided once before anything is loaded or sent. */
interface PageLanguage {
  /** The language of the page and everything sent with it. */
  language: Language;
  /** The language the address names itself (a one-language path, ?lang=), which switches the visitor's. */
  named: Language | undefined;
  /** The language cookie as the visitor sent it. */
  cookie: string | undefined;
}

/**
 * A page that shows what a visitor typed (a refused plain form post) or was opened from a
 * mailed link with its token: no cache, shared or the browser's, may keep it.
 */
const isPersonal = (url: URL, page: PageRequest) => page.formEcho !== undefined || isTokenPage(url.pathname);

/**
 * Who may keep a page the cache keeps: a shared cache when the address alone decides its
 * language (a one-language path, `?lang=`), else only the visitor's browser. An address that
 * names its language switches the language of a visitor whose cookie names another; that
 * answer sets the cookie and no shared cache keeps it. A visitor without the cookie gets the
 * shared answer, and the page's script remembers the language (see layout/root.tsx): a shared
 * cache keeps no answer that sets a cookie, and first visits are most of what it serves.
 */
function keptPageSharing(reply: FastifyReply, { named, cookie }: PageLanguage): 'shared' | 'negotiated' {
  if (!named) return 'negotiated';
  return switchesLanguage(reply, { named, cookie }) ? 'negotiated' : 'shared';
}

/** Sets the language cookie when the request's names another language than the address; true when it did. */
function switchesLanguage(reply: FastifyReply, { named, cookie }: Pick<PageLanguage, 'named' | 'cookie'>): boolean {
  if (!named || cookie === undefined || cookie === named) return false;
  reply.header('set-cookie', languageCookie(named));
  return true;
}

/**
 * A document without a nonce, its policy naming its inline scripts' hashes. A kept page
 * answers a 304 when the browser (or a shared cache) holds this representation, else its copy
 * in the encoding the client prefers, as it is, with that copy's strong ETag. The answer that
 * rendered the page (its copies not made yet), a document not kept, and a page whose copies
 * could not be made are compressed at streaming quality and name no ETag: those bytes are made
 * for this answer.
 */
function sendDocument(
  request: FastifyRequest,
  reply: FastifyReply,
  document: { html: Buffer; policy: string },
  kept: CachedPage | undefined,
  status: number,
  reportingEndpoints: string,
): void {
  const encoding = negotiateEncoding(request.headers['accept-encoding']);
  reply.header('content-security-policy', document.policy);
  reply.header('reporting-endpoints', reportingEndpoints);
  if (kept && matchesEntityTag(request.headers['if-none-match'], kept, encoding)) {
    reply.header('etag', entityTag(kept, encoding));
    reply.code(304).send();
    return;
  }
  const copy = encoding === 'identity' ? document.html : kept?.compressed?.[encoding];
  if (kept && copy) reply.header('etag', entityTag(kept, encoding));
  const body = copy ?? (encoding === 'identity' ? document.html : compressNow(document.html, encoding));
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  reply.code(status).type('text/html; charset=utf-8').header('content-length', body.length);
  if (request.method === 'HEAD') {
    reply.hijack();
    reply.raw.writeHead(status, reply.getHeaders() as Record<string, string | number | string[]>);
    reply.raw.end();
    return;
  }
  reply.send(body);
}

/**
 * A redirect to the canonical spelling depends on the address alone and stays right as long as
 * the page exists: browsers and shared caches may keep it for a day.
 */
const CANONICAL_REDIRECT_CACHE_CONTROL = 'public, max-age=86400';

/**
 * The page's own address (path and query) when the request spelled its path otherwise
 * (a trailing slash, percent-encoded letters, dot segments), else undefined. Only a page's
 * path is spelled again: an unknown path answers its 404 as it was asked, and is never kept.
 * The target is always a path of this site, never `//host`.
 */
function canonicalAddress(request: FastifyRequest, url: URL): string | undefined {
  const queryAt = request.url.indexOf('?');
  const sent = queryAt < 0 ? request.url : request.url.slice(0, queryAt);
  const canonical = canonicalPath(url.pathname);
  if (canonical === sent || isMalformedPath(canonical) || !matchPageRoute(canonical)) return undefined;
  return `${canonical}${url.search}`;
}

/**
 * Only an answer that depends on nothing but path, language and content is kept: no query but
 * the language's own (/insights?lang=de is the German /insights), no form values shown again,
 * no status or page chosen by the caller.
 */
function isCacheable(cache: PageCache, url: URL, page: PageRequest): boolean {
  const queryLanguage = languageOfQuery(url.searchParams);
  const plainQuery =
    url.search === '' || (queryLanguage !== undefined && url.search === `?${LANGUAGE_PARAM}=${queryLanguage}`);
  return cache.enabled && plainQuery && page.path === undefined && page.status === undefined && !isPersonal(url, page);
}

interface RenderArguments {
  request: FastifyRequest;
  reply: FastifyReply;
  page: PageRequest;
  url: URL;
  encoding: ContentEncoding;
  pageLanguage: PageLanguage;
  cacheKey: string | undefined;
  signal: AbortSignal;
}

export function createPageHandler({
  config,
  content,
  insights,
  careers,
  manifest,
  inlineCss,
  imageVersion,
  cache,
  slots,
  onRendered,
}: PageHandlerOptions): PageHandler {
  const routes = createRoutes({
    content,
    insights,
    careers,
    now: () => new Date(),
  });
  const handlers = createRouteHandlers(routes);
  const origin = new URL(config.siteUrl).origin;
  const login = publicLoginConfig(config.login);
  const policy = createContentSecurityPolicy(config);
  // Page-speed measuring waits for statistics consent (client/web-vitals/with-statistics-consent.ts):
  // where no consent asks for statistics, it could never start, so no page fetches it.
  const statisticsAsked = offeredPurposes({
    tagManager: Boolean(config.tracking.gtmId),
    maps: Boolean(config.tracking.mapsApiKey),
  }).includes('statistics');
  const environmentOf = environmentsByPage(manifest, inlineCss, (assets) => ({
    siteUrl: config.siteUrl,
    assetsBaseUrl: config.assetsBaseUrl,
    uploads: config.uploads,
    login,
    tracking: config.tracking,
    careersService: config.careers.url !== undefined,
    ...(config.objectStorage ? { objectStorage: true as const } : {}),
    assets,
    iconSprite: manifest.iconSprite,
    imageVersion,
    webVitals: statisticsAsked ? config.webVitals : { sampleRate: 0 },
  }));
  const inlineJson = createInlineJsonWriter();
  const createNonce = createNonceSource();

  const cacheHeaders = createPageCacheHeaders(config.pageCache.shared);

  /**
   * The uncached path: loaders, status and headers, then the render: whole and without a
   * nonce for a page the cache may keep, else streamed with a nonce of its own.
   */
  async function render({
    request,
    reply,
    page,
    url,
    encoding,
    pageLanguage,
    cacheKey,
    signal,
  }: RenderArguments): Promise<boolean> {
    const started = performance.now();
    const { language } = pageLanguage;
    const requestContext = createRequestContext(page.formEcho ? { language, formEcho: page.formEcho } : { language });
    const handler = handlers.handlerOf(url.pathname);
    const context = await handler.query(toWebRequest(request, url), { requestContext });

    if (context instanceof Response) {
      if (page.path) return false;
      const location = context.headers.get('location');
      if (location && context.status >= 300 && context.status < 400) {
        // Where a page leads may depend on the visitor's language (/events): the redirect is kept
        // and varies as a page of its address would be, private unless the address names the language.
        reply.headers(cacheHeaders(keptPageSharing(reply, pageLanguage)));
        reply.redirect(location, context.status);
        return true;
      }
      reply
        .code(context.status)
        .type(context.headers.get('content-type') ?? 'text/plain; charset=utf-8')
        .send(await context.text());
      return true;
    }
    if (page.path && context.statusCode !== 200) return false;

    const { environment, scripts } = environmentOf(context);
    const status = page.status ?? context.statusCode;

    if (cacheKey !== undefined && status === 200) {
      const document = await renderDocument({
        dataRoutes: handler.dataRoutes,
        context,
        environment,
        scripts,
        language,
        timeoutMs: config.renderTimeoutMs,
        signal,
        log: request.log,
        inlineJson,
      });
      if (signal.aborted) {
        reply.hijack();
        return true;
      }
      const pagePolicy = policy.hashedHeader(inlineScriptHashes(document.html.toString('utf8')));
      const kept =
        document.complete && document.status === 200 ? cache.put(cacheKey, document.html, pagePolicy) : undefined;
      // A page with a failed part is sent as it came out, but kept by no cache.
      const sharing = keptPageSharing(reply, pageLanguage);
      reply.headers(cacheHeaders(document.status !== 200 ? 'error' : !document.complete ? 'rendered' : sharing));
      sendDocument(
        request,
        reply,
        { html: document.html, policy: pagePolicy },
        kept,
        document.status,
        policy.reportingEndpoints,
      );
      onRendered?.(url.pathname, (performance.now() - started) / 1000);
      return true;
    }

    const nonce = createNonce();
    reply.header('content-security-policy', policy.header(nonce));
    reply.header('reporting-endpoints', policy.reportingEndpoints);
    switchesLanguage(reply, pageLanguage);
    reply.headers(cacheHeaders(isPersonal(url, page) ? 'personal' : status >= 400 ? 'error' : 'rendered'));
    const headers = reply.getHeaders() as Record<string, string | number | string[]>;
    reply.hijack();
    if (request.method === 'HEAD') {
      reply.raw.writeHead(status, { ...headers, 'content-type': 'text/html; charset=utf-8' });
      reply.raw.end();
      return true;
    }
    await renderPage({
      res: reply.raw,
      headers,
      dataRoutes: handler.dataRoutes,
      context: { ...context, statusCode: status },
      environment,
      scripts,
      language,
      nonce,
      crawler: isCrawler(request.headers['user-agent']),
      encoding,
      timeoutMs: config.renderTimeoutMs,
      signal,
      log: request.log,
      inlineJson,
    });
    onRendered?.(url.pathname, (performance.now() - started) / 1000);
    return true;
  }

  return {
    async handle(request, reply, page = {}) {
      const url = new URL(page.path ?? request.url, origin);
      const canonical = page.path === undefined ? canonicalAddress(request, url) : undefined;
      if (canonical !== undefined) {
        // One address per page: a cheap answer instead of a render, a cache entry and copies per spelling.
        reply.header('cache-control', CANONICAL_REDIRECT_CACHE_CONTROL).redirect(canonical, 308);
        return true;
      }
      const encoding = negotiateEncoding(request.headers['accept-encoding']);
      const named = languageNamedBy(url);
      const signals = visitorSignals(request);
      const pageLanguage: PageLanguage = { language: languageOfRequest(named, signals), named, cookie: signals.cookie };
      const cacheKey = isCacheable(cache, url, page) ? pageCacheKey(pageLanguage.language, url.pathname) : undefined;
      const cached = cacheKey === undefined ? undefined : cache.get(cacheKey);
      if (cached) {
        // A page kept moments ago: its copies are on their way, and waiting for them costs no
        // CPU, where compressing for this answer would.
        if (!cached.compressed && encoding !== 'identity') await cached.compressing;
        reply.headers(cacheHeaders(keptPageSharing(reply, pageLanguage)));
        sendDocument(request, reply, cached, cached, 200, policy.reportingEndpoints);
        return true;
      }
      const controller = new AbortController();
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) controller.abort();
      });
      const release = await slots.acquire();
      if (!release) {
        // More uncached pages asked for at once than the server will queue: a clear, cheap refusal.
        reply
          .code(503)
          .header('retry-after', '2')
          .header('cache-control', 'no-store')
          .type('text/plain; charset=utf-8')
          .send(request.server.forms.texts.messages(pageLanguage.language).busy);
        return true;
      }
      try {
        // A visitor who left while waiting for a slot gets no render.
        if (controller.signal.aborted) {
          reply.hijack();
          return true;
        }
        // The slot is held until the answer is written out: a render's state lives until then.
        return await render({ request, reply, page, url, encoding, pageLanguage, cacheKey, signal: controller.signal });
      } finally {
        // Released on the next turn of the event loop: React keeps a finished render alive
        // until its last scheduled callback has run, and those run only after this request's
        // I/O. Without this, one pass over many waiting sockets renders them all back to back
        // and holds every render at once.
        setImmediate(release);
      }
    },
  };
}
