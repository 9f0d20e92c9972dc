/**
 * The outbox worker as app.outbox. With SMTP_URL it sends; without it, mails stay
 * queued (and are logged) until a start with SMTP_URL sends them.
 */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { MailConfig } from '../config.ts';
import { createOutboxWorker, type MailTransport } from '../mail/outbox-worker.ts';
import { createSmtpTransport } from '../mail/smtp-transport.ts';
import { outboxCounts } from '../store/outbox.ts';

export interface Outbox {
  /** Called after mails were queued: sends them now rather than at the next poll. */
  kick(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    outbox: Outbox;
  }
}

const outbox: FastifyPluginAsync<{ mail: MailConfig }> = async (app, { mail }) => {
  if (!mail.smtpUrl) {
    app.decorate('outbox', {
      kick() {
        outboxCounts(app.db).then(
          (counts) => app.log.info(counts, 'mail queued in the outbox; SMTP_URL is not set, so it is not sent'),
          (error: unknown) =>
            app.log.warn({ err: error }, 'mail queued in the outbox; SMTP_URL is not set, so it is not sent'),
        );
      },
    });
    return;
  }
  const smtp = createSmtpTransport(mail.smtpUrl, app.attachments);
  const transport: MailTransport = smtp;
  const worker = createOutboxWorker({
    db: app.db,
    transport,
    log: app.log.child({ component: 'outbox' }),
    pollMs: mail.pollMs,
    retryBaseMs: mail.retryBaseMs,
    maxAttempts: mail.maxAttempts,
    leaseMs: mail.leaseMs,
    storage: app.storage,
    onFailedForGood: () => app.metrics.mailFailed(),
  });
  app.decorate('outbox', { kick: () => worker.kick() });
  app.addHook('onReady', async () => worker.start());
  // Stops before the database closes, letting mails being sent finish.
  app.addHook('preClose', async () => {
    await worker.stop();
    smtp.close();
  });
};

export const outboxPlugin = fp(outbox, { name: 'outbox', dependencies: ['database', 'metrics'] });
