/**
 * POST /api/csp-report: where browsers report what the Content Security Policy blocked,
 * in either form they send: the Reporting API's `application/reports+json` (report-to) and
 * the older `application/csp-report` (report-uri). Each report is logged as one line with
 * its fields cut to size. Bounded three ways: a small body, a few reports per address per
 * minute, and at most so many logged lines per minute for the whole server, so a flood of
 * reports cannot flood the log.
 */

import type { Static } from 'typebox';
import { FormRefusal } from '../forms/refusal.ts';
import type { ApiPlugin } from '../http/type-provider.ts';

const BODY_LIMIT_BYTES = 16 * 1024;
const REPORTS_PER_ADDRESS_PER_MINUTE = 30;
const LOGGED_PER_MINUTE = 120;
const MINUTE_MS = 60_000;

const REPORT_TYPES = ['application/csp-report', 'application/reports+json'];

const text = { type: 'string', maxLength: 2048 } as const;
const count = { type: 'integer', minimum: 0, maximum: 2_147_483_647 } as const;

/** The legacy report body (CSP level 2). */
const LEGACY_REPORT = {
  type: 'object',
  required: ['csp-report'],
  additionalProperties: false,
  properties: {
    'csp-report': {
      type: 'object',
      additionalProperties: false,
      properties: {
        'document-uri': text,
        referrer: text,
        'violated-directive': text,
        'effective-directive': text,
        'original-policy': { type: 'string', maxLength: 8192 },
        disposition: { type: 'string', enum: ['enforce', 'report'] },
        'blocked-uri': text,
        'line-number': count,
        'column-number': count,
        'source-file': text,
        'status-code': count,
        'script-sample': text,
      },
    },
  },
} as const;

/** A batch from the Reporting API: the endpoint named in report-to receives only CSP violations. */
const REPORTING_API_BATCH = {
  type: 'array',
  minItems: 1,
  maxItems: 20,
  items: {
    type: 'object',
    required: ['type', 'body'],
    additionalProperties: false,
    properties: {
      type: { type: 'string', enum: ['csp-violation'] },
      age: count,
      url: text,
      user_agent: text,
      body: {
        type: 'object',
        additionalProperties: false,
        properties: {
          documentURL: text,
          referrer: text,
          blockedURL: text,
          effectiveDirective: text,
          originalPolicy: { type: 'string', maxLength: 8192 },
          sourceFile: text,
          sample: text,
          disposition: { type: 'string', enum: ['enforce', 'report'] },
          statusCode: count,
          lineNumber: count,
          columnNumber: count,
        },
      },
    },
  },
} as const;

/** A report as one of the two schemas, chosen by its content type, has let it through. */
type CspReportBody = Static<typeof LEGACY_REPORT> | Static<typeof REPORTING_API_BATCH>;

/** What one logged line says about a violation, the same for both forms. */
interface Violation {
  document?: string | number;
  directive?: string | number;
  blocked?: string | number;
  source?: string | number;
  line?: string | number;
  sample?: string | number;
  disposition?: string | number;
}

function violationsOf(body: CspReportBody): Violation[] {
  if (Array.isArray(body)) {
    return body.map(({ url, body: report }) => ({
      document: report.documentURL ?? url,
      directive: report.effectiveDirective,
      blocked: report.blockedURL,
      source: report.sourceFile,
      line: report.lineNumber,
      sample: report.sample,
      disposition: report.disposition,
    }));
  }
  const report = body['csp-report'];
  return [
    {
      document: report['document-uri'],
      directive: report['effective-directive'] ?? report['violated-directive'],
      blocked: report['blocked-uri'],
      source: report['source-file'],
      line: report['line-number'],
      sample: report['script-sample'],
      disposition: report.disposition,
    },
  ];
}

export const cspReportApi: ApiPlugin = async (app) => {
  const json = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser(REPORT_TYPES, { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES }, json);

  // The server-wide log budget: this minute's start and how many lines it has used.
  let windowStart = 0;
  let logged = 0;
  let dropped = 0;
  const mayLog = (now: number): boolean => {
    if (now - windowStart >= MINUTE_MS) {
      if (dropped > 0) app.log.warn({ dropped }, 'content security policy reports not logged in the last minute');
      windowStart = now;
      logged = 0;
      dropped = 0;
    }
    if (logged >= LOGGED_PER_MINUTE) {
      dropped += 1;
      return false;
    }
    logged += 1;
    return true;
  };

  app.post(
    '/',
    {
      bodyLimit: BODY_LIMIT_BYTES,
      // The schemas below are per type: any other type the API parses (JSON, forms) would pass unchecked.
      onRequest: async (request) => {
        const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
        if (!REPORT_TYPES.includes(type)) throw new FormRefusal(415, 'content-type', 'unsupported_type');
      },
      config: { rateLimit: { max: REPORTS_PER_ADDRESS_PER_MINUTE, timeWindow: MINUTE_MS } },
      schema: {
        body: {
          content: {
            'application/csp-report': { schema: LEGACY_REPORT },
            'application/reports+json': { schema: REPORTING_API_BATCH },
          },
        },
      },
    },
    async (request, reply) => {
      // The schema is picked by content type, which the type provider does not follow: either one checked the body.
      for (const violation of violationsOf(request.body as CspReportBody)) {
        if (mayLog(Date.now())) request.log.warn({ csp: violation }, 'content security policy violation');
      }
      return reply.code(204).send();
    },
  );
};
