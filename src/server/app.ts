/** The whole server as one Fastify instance: cross-cutting plugins, content, assets, health, then pages. */
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyReply } from 'fastify';
import {
  API_ROOT,
  APPLICATION_API,
  CAREERS_API,
  CONTACT_API,
  CSP_REPORT_API,
  EVENTS_API,
  FILE_API,
  FIREBASE_API,
  GALAXY_API,
  INSIGHTS_API,
  NEWSLETTER_API,
  RECOMMENDATION_API,
  WEB_VITALS_API,
} from '#app/api-paths.ts';
import { applicationApi } from './api/application.ts';
import { careersApi } from './api/careers.ts';
import { contactApi } from './api/contact.ts';
import { cspReportApi } from './api/csp-report.ts';
import { eventsApi } from './api/events.ts';
import { fileApi } from './api/file.ts';
import { firebaseApi } from './api/firebase.ts';
import { galaxyApi } from './api/galaxy.ts';
import { insightsApi } from './api/insights.ts';
import { newsletterApi } from './api/newsletter.ts';
import { recommendationApi } from './api/recommendation.ts';
import { webVitalsApi } from './api/web-vitals.ts';
import { createCareersService } from './careers/careers-service.ts';
import { behindProxy, type Config } from './config.ts';
import { retentionSettings } from './content/content-settings.ts';
import { loadContentStore } from './content/content-store.ts';
import { createStoreContentSource } from './content/file-content-source.ts';
import { FORM_BODY_LIMIT } from './forms/form-parsers.ts';
import { AJV_OPTIONS } from './http/ajv-options.ts';
import { applyListenerLimits } from './http/listener-limits.ts';
import { requestForLog } from './http/request-log.ts';
import {
  createClientErrorHandler,
  createIdleSocketHandler,
  TIMEOUT_CHECK_INTERVAL_MS,
} from './http/request-timeouts.ts';
import { createInsightsService } from './insights/insights-service.ts';
import { createLocalInsightsSource } from './insights/local-insights-source.ts';
import { createAppMetrics } from './metrics/app-metrics.ts';
import { apiGuardPlugin } from './plugins/api-guard.ts';
import { assetsPlugin } from './plugins/assets.ts';
import { clientLimitsPlugin } from './plugins/client-limits.ts';
import { compressionPlugin } from './plugins/compression.ts';
import { contentPlugin } from './plugins/content.ts';
import { contentWatchPlugin } from './plugins/content-watch.ts';
import { databasePlugin } from './plugins/database.ts';
import { errorHandlerPlugin } from './plugins/error-handler.ts';
import { feedsPlugin } from './plugins/feeds.ts';
import { formsPlugin } from './plugins/forms.ts';
import { healthPlugin } from './plugins/health.ts';
import { insightsPlugin } from './plugins/insights.ts';
import { loginPlugin } from './plugins/login.ts';
import { malformedPathsPlugin } from './plugins/malformed-paths.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { outboxPlugin } from './plugins/outbox.ts';
import { retentionPlugin } from './plugins/retention.ts';
import { robotsPlugin } from './plugins/robots.ts';
import { securityHeaders, securityHeadersPlugin } from './plugins/security-headers.ts';
import { sharedLimitsPlugin } from './plugins/shared-limits.ts';
import { sitemapPlugin } from './plugins/sitemap.ts';
import { ssrPlugin } from './plugins/ssr.ts';
import { readImageVersion, readInlineCss, readManifest } from './ssr/manifest.ts';
import { createPageCache } from './ssr/page-cache.ts';
import { createPageHandler } from './ssr/page-handler.ts';
import { createRenderSlots } from './ssr/render-slots.ts';
import { answersWithin } from './store/reachable.ts';

export interface BuildAppOptions {
  /** Fastify's logger setting; tests pass false, or a stream to read the log. */
  logger?: boolean | { level: string; stream?: { write(line: string): void } };
}

const trustHops =
  (hops: number) =>
  (_address: string, hop: number): boolean =>
    hop < hops;

export async function buildApp(config: Config, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const logger = options.logger ?? { level: config.logLevel };
  const app: FastifyInstance = Fastify({
    // Every request is logged without the tokens of mailed links (see request-log.ts).
    logger: typeof logger === 'object' ? { ...logger, serializers: { req: requestForLog } } : logger,
    // A hop count as the function Fastify makes of one (its types name no number).
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    return503OnClosing: true,
    // No route takes a larger body in memory; the one that takes uploads streams them to disk.
    bodyLimit: FORM_BODY_LIMIT,
    // Slow or stalled clients do not hold connections: whole request, headers, idle sockets, keep-alive.
    requestTimeout: config.connections.requestTimeoutMs,
    connectionTimeout: config.connections.idleTimeoutMs,
    keepAliveTimeout: config.connections.keepAliveTimeoutMs,
    http: {
      headersTimeout: config.connections.headersTimeoutMs,
      connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS,
    },
    // Fastify's own refusals (a URL it cannot decode, a malformed request) keep the security headers and echo nothing.
    frameworkErrors: (_error, _request, reply) => {
      // The handler's reply is typed for every route at once; this answer is the same for all of them.
      (reply as FastifyReply).headers(securityHeaders(config)).code(400).send({
        statusCode: 400,
        error: 'Bad Request',
        field: 'url',
        code: 'invalid',
        message: 'The request could not be read.',
      });
    },
    clientErrorHandler: createClientErrorHandler(config),
    // Confirmation tokens travel in the path of the links mailed to visitors.
    routerOptions: { maxParamLength: 2048 },
    // Input is taken as sent: a number is no string, a list no single value, an unknown field is refused.
    ajv: { customOptions: AJV_OPTIONS },
  });
  // The connection cap and timeouts as every listener of the server keeps them (the metrics port too).
  applyListenerLimits(app.server, config.connections);
  app.server.on('timeout', createIdleSocketHandler(config));
  // Readiness belongs to this instance: ready once content is loaded, not ready while closing.
  let ready = false;
  app.addHook('onClose', async () => {
    ready = false;
  });

  const [store, manifest] = await Promise.all([
    loadContentStore(config.contentDir, {
      settings: retentionSettings(
        config.retention,
        config.confirmationTtlHours,
        config.login.sessionMaxAgeMs / 3_600_000,
        config.backupRotationDays,
        config.providers,
      ),
      cacheBytes: config.contentCacheBytes,
    }),
    readManifest(config.distDir),
  ]);
  const [inlineCss, imageVersion] = await Promise.all([
    readInlineCss(config.distDir, manifest),
    readImageVersion(config.distDir),
  ]);
  app.log.info({ files: store.fileCount }, 'content loaded');

  const insights = await createInsightsService(store);
  const careers = createCareersService({ ...config.careers, store, log: app.log.child({ module: 'careers' }) });
  // One registry per app; the page handler reports its renders into it.
  const metrics = createAppMetrics();
  const cache = createPageCache({ ...config.pageCache, log: app.log.child({ module: 'page-cache' }) });
  metrics.observePageCache(cache.stats);
  const pages = createPageHandler({
    config,
    content: createStoreContentSource(store),
    insights: createLocalInsightsSource(insights),
    careers,
    manifest,
    inlineCss,
    imageVersion,
    cache,
    slots: createRenderSlots(config.rendering.concurrency, config.rendering.maxWaiting),
    onRendered: metrics.pageRendered,
  });

  // Every text answer the routes send whole is compressed; pages compress themselves while
  // streaming, bundles and images are precompressed at build time.
  await app.register(compressionPlugin);
  await app.register(databasePlugin, {
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    objectStorage: config.objectStorage,
    probeMs: config.storageProbeMs,
  });
  await app.register(sharedLimitsPlugin, { redisUrl: config.redisUrl });
  // Before every route, so each answer is counted, and before the outbox and the form APIs, which report into it.
  await app.register(metricsPlugin, {
    metrics,
    config: config.metrics,
    host: config.host,
    connections: config.connections,
  });
  await app.register(formsPlugin, { config, store });
  await app.register(errorHandlerPlugin, { pages });
  await app.register(securityHeadersPlugin, { headers: securityHeaders(config) });
  // Before anything reads a body: a request past a per-address limit or the body budget is answered unread.
  await app.register(clientLimitsPlugin, {
    limits: config.connections,
    trustProxy: config.trustProxy,
    headers: securityHeaders(config),
  });
  await app.register(malformedPathsPlugin);
  await app.register(fastifyCookie);
  await app.register(healthPlugin, {
    isReady: async () =>
      ready &&
      app.storage.healthy() &&
      (await answersWithin(() => app.db.ping())) &&
      ((await app.sharedLimits?.reachable()) ?? true),
  });
  await app.register(outboxPlugin, { mail: config.mail });
  await app.register(retentionPlugin, {
    policy: config.retention,
    confirmationTtlHours: config.confirmationTtlHours,
    store,
  });
  await app.register(loginPlugin, { config: config.login });
  await app.register(insightsPlugin, { service: insights });
  if (config.contentWatch) {
    const onReload = async () => {
      await insights.rebuild();
      cache.clear();
    };
    await app.register(contentWatchPlugin, { contentDir: config.contentDir, store, onReload });
  }

  // The API groups share one guard (origin, rate limits), registered in their own scope.
  const apiGroups: FastifyPluginAsync = async (api) => {
    await api.register(apiGuardPlugin, {
      siteUrl: config.siteUrl,
      allowedOrigins: config.allowedOrigins,
      rateLimit: config.rateLimit,
      redis: app.sharedLimits?.redis,
    });
    await api.register(contactApi, { prefix: CONTACT_API });
    await api.register(eventsApi, { prefix: EVENTS_API });
    await api.register(newsletterApi, { prefix: NEWSLETTER_API });
    await api.register(applicationApi, { prefix: APPLICATION_API });
    await api.register(insightsApi, { prefix: INSIGHTS_API });
    await api.register(recommendationApi, { prefix: RECOMMENDATION_API });
    await api.register(fileApi, { prefix: FILE_API, staticDir: config.staticDir });
    await api.register(careersApi, { prefix: CAREERS_API, careers });
    await api.register(galaxyApi, { prefix: GALAXY_API });
    await api.register(cspReportApi, { prefix: CSP_REPORT_API });
    await api.register(webVitalsApi, { prefix: WEB_VITALS_API });
    await api.register(firebaseApi, {
      prefix: FIREBASE_API,
      secureCookies: config.siteUrl.startsWith('https://') || behindProxy(config.trustProxy),
    });
  };
  await app.register(apiGroups);

  await app.register(contentPlugin, { prefix: '/content', store });
  await app.register(feedsPlugin, { siteUrl: config.siteUrl, store, staticDir: config.staticDir });
  await app.register(sitemapPlugin, { siteUrl: config.siteUrl, store, careers, insights });
  await app.register(robotsPlugin, { siteUrl: config.siteUrl });
  await app.register(assetsPlugin, { distDir: config.distDir, staticDir: config.staticDir });
  // API groups register their own routes; any other /api path is a JSON 404, never a page.
  app.all(`${API_ROOT}/*`, async (_request, reply) => reply.callNotFound());
  await app.register(ssrPlugin, { pages });

  app.addHook('onReady', async () => {
    ready = true;
  });
  return app;
}
