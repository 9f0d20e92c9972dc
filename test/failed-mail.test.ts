/** A mail that reaches its last attempt: an error in the log naming its submission, and an operator can send it again. */
import t from 'tap';
import { buildApp } from '#server/app.ts';
import { runSubmissionsCli } from '#server/cli/submissions.ts';
import { loadConfig } from '#server/config.ts';
import { tempDataDir } from './helpers/build.ts';
import { rows, waitForRows } from './helpers/db.ts';

t.test('a mail failed for good is logged at error level with its submission and can be retried', async (t) => {
  const dataDir = await tempDataDir(t);
  const lines: string[] = [];
  // Nothing listens on port 9: every attempt fails at once.
  const app = await buildApp(
    loadConfig({
      SITE_URL: 'http://localhost:3000',
      DATA_DIR: dataDir,
      SMTP_URL: 'smtp://127.0.0.1:9',
      MAIL_MAX_ATTEMPTS: '1',
      MAIL_POLL_MS: '50',
    }),
    { logger: { level: 'info', stream: { write: (line) => void lines.push(line) } } },
  );
  t.teardown(() => app.close());
  await app.ready();
  const response = await app.inject({
    method: 'POST',
    url: '/api/contact',
    payload: {
      name: 'Lea Brandt',
      email: 'lea@example.com',
      company: 'Kaiwerk',
      message: 'Rückruf bitte.',
      language: 'de',
      legals: true,
    },
  });
  t.equal(response.statusCode, 201);
  const { id } = response.json<{ id: string }>();
  const failed = await waitForRows(dataDir, `SELECT id FROM outbox WHERE status = 'failed'`, 2);
  await app.close();

  const errors = lines
    .map((line) => JSON.parse(line) as { level: number; msg: string; submissionId?: string; outboxId?: number })
    .filter((entry) => entry.level === 50);
  t.equal(errors.length, 2, 'one error per mail that failed for good');
  for (const entry of errors) {
    t.equal(entry.submissionId, id, 'naming its submission');
    t.match(entry.msg, `npm run submissions -- retry ${entry.outboxId}`, 'and how to send it again');
  }

  const mailId = String(failed[0]!.id);
  t.match(await runSubmissionsCli(['retry', mailId], { DATA_DIR: dataDir }), {
    code: 0,
    out: `Mail #${mailId} is queued again`,
  });
  t.match(rows(dataDir, 'SELECT status, attempts FROM outbox WHERE id = ?', Number(mailId))[0], {
    status: 'pending',
    attempts: 0,
  });
  t.match(
    await runSubmissionsCli(['retry', `#${mailId}`], { DATA_DIR: dataDir }),
    { code: 1, out: /no failed mail/ },
    'a pending mail is not retried again',
  );
  t.match(await runSubmissionsCli(['retry', '999'], { DATA_DIR: dataDir }), { code: 1 });
  for (const bad of [[], ['abc'], ['0'], ['1.5'], ['1e3']])
    t.match(
      await runSubmissionsCli(['retry', ...bad], { DATA_DIR: dataDir }),
      { code: 2, out: /retry needs the number of a failed mail/ },
      bad.join(' ') || '(none)',
    );
  t.match(
    await runSubmissionsCli(['retry', '-1'], { DATA_DIR: dataDir }),
    { code: 2, out: /usage: npm run submissions/ },
    'an option-like argument is refused with the usage',
  );
});
