/** A real SMTP server on loopback that keeps every mail it receives, parsed. */
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  envelopeTo: string[];
  parsed: ParsedMail;
  raw: string;
}

export interface TestSmtp {
  url: string;
  port: number;
  mails: ReceivedMail[];
  /** Resolves once at least count mails have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

interface TestContext {
  teardown(fn: () => unknown): void;
}

export async function startSmtp(t: TestContext, port = 0): Promise<TestSmtp> {
  const mails: ReceivedMail[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        const raw = Buffer.concat(chunks);
        mails.push({
          envelopeTo: session.envelope.rcptTo.map((r) => r.address),
          parsed: await simpleParser(raw),
          raw: raw.toString('utf8'),
        });
        for (const waiter of waiters.filter((w) => mails.length >= w.count)) waiter.resolve();
        callback();
      });
    },
  });
  // A sender that goes away mid-session (a replica killed by a test) is no failure of the catcher.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actualPort = (server.server.address() as AddressInfo).port;
  let closed = false;
  const close = () =>
    new Promise<void>((resolve) => {
      if (closed) return resolve();
      closed = true;
      server.close(() => resolve());
    });
  t.teardown(close);
  return {
    url: `smtp://127.0.0.1:${actualPort}`,
    port: actualPort,
    mails,
    waitFor(count, timeoutMs = 20_000) {
      if (mails.length >= count) return Promise.resolve(mails);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`only ${mails.length} of ${count} mails arrived`)), timeoutMs);
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve(mails);
          },
        });
      });
    },
    close,
  };
}
