/**
 * What the server counts, in a prom-client registry of its own per app: two apps built in one
 * process (as the tests do) share no series, and nothing lands in prom-client's global registry.
 */
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { FormName } from '#app/forms/form-definitions.ts';
import type { WebVitalsReport } from '#app/web-vitals/report.ts';
import type { OutboxCounts } from '../store/outbox.ts';
import type { StorageHealth } from '../store/storage-health.ts';
import { pageRoute } from './labels.ts';
import { createWebVitalsMetrics } from './web-vitals-metrics.ts';

/** What the routes, the page renderer and the outbox report as it happens. */
export interface MetricsRecorder {
  /** `route` is a pattern or page id (see labels.ts), never a raw path. */
  requestFinished(method: string, route: string, status: number, seconds: number): void;
  /** A page rendered on the server (not served from the page cache), labelled by its page route. */
  pageRendered(pathname: string, seconds: number): void;
  submissionStored(form: FormName): void;
  /** The files of an application that was stored. */
  uploadAccepted(bytes: number): void;
  /** A mail failed its last attempt. */
  mailFailed(): void;
  /** A connection or request refused by one of the limits that keep one client from crowding out the rest. */
  limitRefused(limit: ClientLimit): void;
  /** Bytes of request bodies held in memory now, against BODY_MEMORY_MB. */
  bodyMemoryHeld(bytes: number): void;
  /** One page view's Web Vitals from a visitor's browser, already checked against the route table. */
  webVitalsReported(report: WebVitalsReport): void;
}

/** The limits a refusal is counted under. */
export const CLIENT_LIMITS = [
  'connections_per_address',
  'requests_per_address',
  'body_memory',
  'body_share',
  'body_rate',
  'upload_quota',
  'free_disk',
  'type_checks',
] as const;
export type ClientLimit = (typeof CLIENT_LIMITS)[number];

/** State read from the database at each scrape rather than counted along the way. */
export interface StateSources {
  outboxCounts(): Promise<OutboxCounts>;
  /** When the longest-waiting pending mail was queued. */
  oldestPendingMail(): Promise<Date | undefined>;
  storage: Pick<StorageHealth, 'healthy' | 'episodes'>;
}

export interface AppMetrics extends MetricsRecorder {
  readonly registry: Registry;
  /** Adds the gauges that read the outbox and the storage health when scraped. */
  observeState(sources: StateSources): void;
  /** Adds the gauges that read the page cache's size when scraped. */
  observePageCache(stats: () => { entries: number; bytes: number }): void;
}

/** Every form, so each has a series from the start and a first submission shows as an increase. */
const FORMS = Object.keys({
  contact: true,
  'contact-technology': true,
  'contact-omr': true,
  event: true,
  application: true,
  newsletter: true,
} satisfies Record<FormName, true>) as FormName[];

const OUTBOX_STATES = ['pending', 'sending', 'sent', 'failed'] as const satisfies readonly (keyof OutboxCounts)[];

/** From a cached page (milliseconds) to a render near the time-out. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createAppMetrics(): AppMetrics {
  const registry = new Registry();
  const registers = [registry];
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Requests answered, by method, route pattern (a page by its route id) and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  });
  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request to the last byte of its answer, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: DURATION_BUCKETS,
    registers,
  });
  const renderDuration = new Histogram({
    name: 'page_render_duration_seconds',
    help: 'Server renders of pages not served from the page cache, loaders through the last byte written, by page route id.',
    labelNames: ['route'] as const,
    buckets: DURATION_BUCKETS,
    registers,
  });
  const submissions = new Counter({
    name: 'form_submissions_total',
    help: 'Submissions stored, by form.',
    labelNames: ['form'] as const,
    registers,
  });
  for (const form of FORMS) submissions.inc({ form }, 0);
  const uploadBytes = new Counter({
    name: 'upload_bytes_total',
    help: 'Bytes of uploaded files stored with an accepted job application.',
    registers,
  });
  const mailsFailed = new Counter({
    name: 'outbox_mails_failed_total',
    help: 'Mails that failed their last attempt; they wait for an operator (the submissions tool: retry MAIL_ID).',
    registers,
  });

  const limitRefusals = new Counter({
    name: 'client_limit_refusals_total',
    help: 'Connections and requests refused by a per-address limit, the body memory budget, the upload quota or the free-disk floor.',
    labelNames: ['limit'] as const,
    registers,
  });
  for (const limit of CLIENT_LIMITS) limitRefusals.inc({ limit }, 0);
  const bodyMemory = new Gauge({
    name: 'request_body_memory_bytes',
    help: 'Bytes of request bodies the server holds in memory now (what has arrived of the bodies in progress).',
    registers,
  });
  const webVitalsReported = createWebVitalsMetrics(registry);

  return {
    registry,
    limitRefused(limit) {
      limitRefusals.inc({ limit });
    },
    bodyMemoryHeld(bytes) {
      bodyMemory.set(bytes);
    },
    webVitalsReported,
    requestFinished(method, route, status, seconds) {
      const labels = { method, route, status: String(status) };
      requests.inc(labels);
      requestDuration.observe(labels, seconds);
    },
    pageRendered(pathname, seconds) {
      renderDuration.observe({ route: pageRoute(pathname) }, seconds);
    },
    submissionStored(form) {
      submissions.inc({ form });
    },
    uploadAccepted(bytes) {
      uploadBytes.inc(bytes);
    },
    mailFailed() {
      mailsFailed.inc();
    },
    observePageCache(stats) {
      new Gauge({
        name: 'page_cache_entries',
        help: 'Pages kept in the page cache (one per page and language).',
        registers,
        collect() {
          this.set(stats().entries);
        },
      });
      new Gauge({
        name: 'page_cache_bytes',
        help: 'Bytes the page cache holds, every copy counted, against PAGE_CACHE_MB.',
        registers,
        collect() {
          this.set(stats().bytes);
        },
      });
    },
    observeState({ outboxCounts, oldestPendingMail, storage }) {
      new Gauge({
        name: 'outbox_mails',
        help: 'Mails in the outbox, by state.',
        labelNames: ['state'] as const,
        registers,
        // While the database is unreachable the scrape still answers, with the last values read.
        async collect() {
          const counts = await outboxCounts().catch(() => undefined);
          if (counts) for (const state of OUTBOX_STATES) this.set({ state }, counts[state]);
        },
      });
      new Gauge({
        name: 'outbox_oldest_pending_age_seconds',
        help: 'How long the longest-waiting pending mail has waited; 0 when none waits.',
        registers,
        async collect() {
          const oldest = await oldestPendingMail().catch(() => null);
          if (oldest !== null) this.set(oldest === undefined ? 0 : Math.max(0, (Date.now() - oldest.getTime()) / 1000));
        },
      });
      new Counter({
        name: 'storage_failure_episodes_total',
        help: 'Episodes of failing writes (a full disk, an I/O error) since start.',
        registers,
        collect() {
          // The storage health keeps the count; the counter shows it as it is now.
          this.reset();
          this.inc(storage.episodes());
        },
      });
      new Gauge({
        name: 'storage_ready',
        help: '1 while the storage takes writes, 0 while writes fail.',
        registers,
        collect() {
          this.set(storage.healthy() ? 1 : 0);
        },
      });
    },
  };
}
