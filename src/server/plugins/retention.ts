/**
 * Runs the retention job once the server is ready and then once a day, so personal data
 * is never kept longer than the privacy policy says, even on a server that is rarely restarted.
 */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { ContentStore } from '../content/content-store.ts';
import { editionEnd } from '../forms/known-events.ts';
import { runRetention } from '../store/retention.ts';
import type { RetentionPolicy } from '../store/retention-policy.ts';
import { isStorageFailure } from '../store/storage-health.ts';

export interface RetentionOptions {
  policy: RetentionPolicy;
  confirmationTtlHours: number;
  store: ContentStore;
  intervalMs?: number;
}

const DAILY_MS = 86_400_000;

const retention: FastifyPluginAsync<RetentionOptions> = async (
  app,
  { policy, confirmationTtlHours, store, intervalMs = DAILY_MS },
) => {
  const log = app.log.child({ module: 'retention' });
  let timer: ReturnType<typeof setInterval> | undefined;
  // The run under way, awaited on close so the database is not closed beneath it.
  let running: Promise<void> = Promise.resolve();

  async function run(): Promise<void> {
    try {
      const report = await runRetention(app.db, {
        policy,
        confirmationTtlHours,
        attachments: app.attachments,
        eventEnd: (key) => editionEnd(store, key),
      });
      log.info(report, 'retention job done');
    } catch (error) {
      if (isStorageFailure(error)) app.storage.failed(error);
      log.error({ err: error }, 'retention job failed; it runs again at the next interval');
    }
  }

  const start = () => {
    running = running.then(run);
  };
  app.addHook('onReady', async () => {
    start();
    timer = setInterval(start, intervalMs);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await running;
  });
};

export const retentionPlugin = fp(retention, { name: 'retention', dependencies: ['database'] });
