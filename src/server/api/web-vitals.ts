/**
 * POST /api/web-vitals: one page view's Web Vitals from a visitor's browser (see
 * client/web-vitals/), added to the histograms of GET /metrics and kept nowhere else. The
 * report is untrusted input like any other: JSON only, a small body, only the named fields,
 * each value a number in a plausible range, the route an id of the route table (so the metric
 * labels stay a fixed set), and a few reports per address per minute. Reports are not written
 * to the request log: the totals are all the site keeps of them.
 */
import { PAGE_ROUTES } from '#app/page-table.ts';
import { VIEW_NAVIGATIONS } from '#app/web-vitals/report.ts';
import { FormRefusal } from '../forms/refusal.ts';
import type { ApiPlugin } from '../http/type-provider.ts';

/** A report is about 120 bytes; a kilobyte leaves room for the longest route id and nothing more. */
export const WEB_VITALS_BODY_LIMIT_BYTES = 1024;
/** One report per page view: thirty views a minute is far more than one person reads. */
export const WEB_VITALS_REPORTS_PER_ADDRESS_PER_MINUTE = 30;
/** Ten minutes: a time beyond it is a broken clock or a forged report, not a page view. */
export const WEB_VITALS_MAX_MS = 600_000;
/** A layout shift scores at most 1 per frame; a session window of five seconds above 100 is not a page. */
export const WEB_VITALS_MAX_CLS = 100;

const MINUTE_MS = 60_000;
const JSON_TYPE = 'application/json';

const milliseconds = { type: 'number', minimum: 0, maximum: WEB_VITALS_MAX_MS } as const;

export const webVitalsBodySchema = {
  type: 'object',
  required: ['route', 'navigation'],
  additionalProperties: false,
  properties: {
    route: { type: 'string', enum: PAGE_ROUTES.map((route) => route.id) },
    navigation: { type: 'string', enum: [...VIEW_NAVIGATIONS] },
    cls: { type: 'number', minimum: 0, maximum: WEB_VITALS_MAX_CLS },
    inp: milliseconds,
    lcp: milliseconds,
    ttfb: milliseconds,
  },
  // A view the router showed has no LCP or TTFB: a report naming one is not what the browser measures.
  if: { required: ['navigation'], properties: { navigation: { const: 'client' } } },
  // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then, not a promise
  then: { properties: { lcp: false, ttfb: false } },
} as const;

export const webVitalsApi: ApiPlugin = async (app) => {
  app.post(
    '/',
    {
      bodyLimit: WEB_VITALS_BODY_LIMIT_BYTES,
      // Reports are counted, not logged, refused ones too (http_requests_total counts them by status); failures are.
      logLevel: 'warn',
      // The schema is for JSON: a form post or plain text is no report, whatever it says.
      onRequest: async (request) => {
        const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
        if (type !== JSON_TYPE) throw new FormRefusal(415, 'content-type', 'unsupported_type');
      },
      // A budget of its own: reports never use up the submissions a visitor may make.
      config: { rateLimit: { max: WEB_VITALS_REPORTS_PER_ADDRESS_PER_MINUTE, timeWindow: MINUTE_MS } },
      schema: { body: webVitalsBodySchema },
    },
    async (request, reply) => {
      const { cls, inp, lcp, ttfb } = request.body;
      // The schema cannot say "at least one of" and still name the field of a wrong value first.
      if (cls === undefined && inp === undefined && lcp === undefined && ttfb === undefined)
        throw new FormRefusal(400, 'body', 'required');
      app.metrics.webVitalsReported(request.body);
      return reply.code(204).send();
    },
  );
};
