/** Every GET that no other route answers is a page: loaders first, then status and headers, then the stream. */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { createStaticHandler, type StaticHandlerContext } from 'react-router';
import type { AppEnvironment } from '#app/environment.tsx';
import { LANGUAGE_COOKIE, languageCookie, readCookie, resolveLanguage, type Language } from '#app/i18n/language.ts';
import { languageOfPath, PAGE_ROUTES, type PageModuleName } from '#app/paths.ts';
import { createRoutes, pageModuleFile, type RootData } from '#app/routes.tsx';
import type { ContentSource } from '#app/content/types.ts';
import type { InsightsSource } from '#app/insights/model.ts';
import type { Config } from '../config.ts';
import type { BuildManifest } from '../ssr/manifest.ts';
import { isCrawler } from '../ssr/crawler.ts';
import { renderPage } from '../ssr/render-page.tsx';

export interface SsrOptions {
  config: Config;
  content: ContentSource;
  insights: InsightsSource;
  manifest: BuildManifest;
}

const PAGE_MODULE_OF_ROUTE = new Map<string, PageModuleName>(PAGE_ROUTES.map((route) => [route.id, route.page]));

/** The stylesheets and modules the matched routes need, and nothing else. */
function assetsOf(manifest: BuildManifest, context: StaticHandlerContext): AppEnvironment['assets'] {
  const modules = new Set(manifest.entryModules);
  for (const match of context.matches) {
    const page = PAGE_MODULE_OF_ROUTE.get(match.route.id);
    if (page) for (const file of manifest.pages[pageModuleFile(page)] ?? []) modules.add(file);
  }
  modules.delete(manifest.entry);
  return { css: manifest.css, modulePreloads: [...modules] };
}

function toWebRequest(request: FastifyRequest, origin: string, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name.startsWith(':')) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return new Request(new URL(request.url, origin), { method: request.method, headers, signal });
}

function languageOfRequest(request: FastifyRequest): Language {
  return resolveLanguage({
    pathLanguage: languageOfPath(new URL(request.url, 'http://x').pathname),
    cookie: readCookie(request.headers.cookie, LANGUAGE_COOKIE),
    acceptLanguage: request.headers['accept-language'],
  });
}

export const ssrPlugin: FastifyPluginAsync<SsrOptions> = async (app, { config, content, insights, manifest }) => {
  const routes = createRoutes({
    content,
    insights,
    languageSignals: (request) => ({
      cookie: readCookie(request.headers.get('cookie'), LANGUAGE_COOKIE),
      acceptLanguage: request.headers.get('accept-language'),
    }),
  });
  const handler = createStaticHandler(routes);
  const origin = new URL(config.siteUrl).origin;

  async function handlePage(request: FastifyRequest, reply: FastifyReply) {
    const controller = new AbortController();
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) controller.abort();
    });
    const context = await handler.query(toWebRequest(request, origin, controller.signal));

    if (context instanceof Response) {
      const location = context.headers.get('location');
      if (location && context.status >= 300 && context.status < 400) return reply.redirect(location, context.status);
      return reply.code(context.status).type(context.headers.get('content-type') ?? 'text/plain; charset=utf-8').send(await context.text());
    }

    const root = context.loaderData.root as RootData | undefined;
    const language = root?.language ?? languageOfRequest(request);
    const pathLanguage = languageOfPath(new URL(request.url, origin).pathname);
    if (pathLanguage && readCookie(request.headers.cookie, LANGUAGE_COOKIE) !== pathLanguage) {
      reply.header('set-cookie', languageCookie(pathLanguage));
    }
    reply.header('vary', 'Cookie, Accept-Language');
    reply.header('cache-control', 'no-cache');

    const environment: AppEnvironment = {
      siteUrl: config.siteUrl,
      assetsBaseUrl: config.assetsBaseUrl,
      assets: assetsOf(manifest, context),
    };
    const headers = reply.getHeaders() as Record<string, string | number | string[]>;
    reply.hijack();
    if (request.method === 'HEAD') {
      reply.raw.writeHead(context.statusCode, { ...headers, 'content-type': 'text/html; charset=utf-8' });
      reply.raw.end();
      return;
    }
    await renderPage({
      res: reply.raw,
      headers,
      dataRoutes: handler.dataRoutes,
      context,
      environment,
      entry: manifest.entry,
      language,
      crawler: isCrawler(request.headers['user-agent']),
      timeoutMs: config.renderTimeoutMs,
      signal: controller.signal,
      log: request.log,
    });
  }

  app.get('/*', handlePage);
};
