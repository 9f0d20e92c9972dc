/**
 * Sends what the outbox holds: polls for due mails, retries failures with exponential
 * backoff, and picks up after a restart whatever was pending or left mid-send.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { toolCommand } from '../cli/tool-command.ts';
import type { Database } from '../store/database.ts';
import { claimDueMails, markAttemptFailed, markSent, type OutgoingMail } from '../store/outbox.ts';
import { isStorageFailure, type StorageHealth } from '../store/storage-health.ts';

export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
}

export interface OutboxWorkerOptions {
  db: Database;
  transport: MailTransport;
  log: FastifyBaseLogger;
  pollMs: number;
  retryBaseMs: number;
  maxAttempts: number;
  /** How long a mail being sent stays leased to this worker; after a crash another one takes it over once the lease ends. */
  leaseMs: number;
  /** Told when the outbox cannot write (a full disk), which it logs once per episode. */
  storage?: Pick<StorageHealth, 'failed'>;
  /** Told of each mail that failed its last attempt, beside the error in the log (counted in the metrics). */
  onFailedForGood?: () => void;
}

const BATCH_SIZE = 20;
const RECORD_RETRY_MS = 250;
const MAX_BACKOFF_MS = 6 * 60 * 60 * 1000;

export function backoffMs(attempt: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempt - 1), MAX_BACKOFF_MS);
}

export interface OutboxWorker {
  start(): void;
  /** Looks for due mails now instead of at the next poll. */
  kick(): void;
  stop(): Promise<void>;
}

export function createOutboxWorker({
  db,
  transport,
  log,
  pollMs,
  retryBaseMs,
  maxAttempts,
  leaseMs,
  storage,
  onFailedForGood,
}: OutboxWorkerOptions): OutboxWorker {
  // Names this worker's leases: a worker whose lease ran out cannot mark a mail another one took over.
  const owner = randomUUID();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;
  let stopped = true;
  let again = false;

  /**
   * Records what became of a mail, trying again while the database is briefly away: a sent
   * mail left unmarked would be sent a second time once its lease runs out.
   */
  async function whileLeased<T>(record: () => Promise<T>): Promise<T> {
    const until = Date.now() + leaseMs / 2;
    for (;;) {
      try {
        return await record();
      } catch (error) {
        if (!isStorageFailure(error) || Date.now() > until || stopped) throw error;
        await sleep(RECORD_RETRY_MS);
      }
    }
  }

  async function sendDue(): Promise<void> {
    for (;;) {
      const batch = await claimDueMails(db, owner, Date.now(), leaseMs, BATCH_SIZE);
      if (batch.length === 0) return;
      await Promise.all(
        batch.map(async (row) => {
          let sendError: unknown;
          try {
            await transport.send(row.mail);
          } catch (error) {
            sendError = error ?? new Error('mail transport failed');
          }
          // A database failure from here on is the run's (503 and probing), not the mail's.
          if (sendError === undefined) {
            if (await whileLeased(() => markSent(db, row.id, owner)))
              log.info({ outboxId: row.id, submissionId: row.submissionId, purpose: row.purpose }, 'mail sent');
            else
              log.warn(
                { outboxId: row.id },
                'mail sent after its lease ran out; another worker may send it too, with the same Message-ID',
              );
            return;
          }
          const attempt = row.attempts + 1;
          const retryAt = attempt >= maxAttempts ? null : Date.now() + backoffMs(attempt, retryBaseMs);
          await markAttemptFailed(db, row.id, owner, (sendError as Error).message ?? String(sendError), retryAt);
          if (retryAt === null) {
            onFailedForGood?.();
            log.error(
              { outboxId: row.id, submissionId: row.submissionId, purpose: row.purpose, attempt, err: sendError },
              `mail failed for good after ${attempt} attempts; send it again with: ${toolCommand('submissions')} retry ${row.id}`,
            );
          } else
            log.warn(
              { outboxId: row.id, submissionId: row.submissionId, attempt, retryAt, err: sendError },
              'mail failed, will retry',
            );
        }),
      );
      if (stopped) return;
    }
  }

  function schedule(delay: number) {
    clearTimeout(timer);
    if (!stopped) timer = setTimeout(run, delay);
  }

  function run() {
    if (running !== undefined) {
      again = true;
      return;
    }
    running = sendDue()
      .catch((error: unknown) => {
        if (storage && isStorageFailure(error)) storage.failed(error);
        else log.error({ err: error }, 'outbox run failed');
      })
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          schedule(0);
        } else schedule(pollMs);
      });
  }

  return {
    start() {
      stopped = false;
      schedule(0);
    },
    kick() {
      if (!stopped) schedule(0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
