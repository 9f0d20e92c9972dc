/**
 * One mailbox, one opt-in: an address is a key folded to lower case, so spellings of one
 * address that differ only in case ask for one opt-in mail and list one subscriber.
 */
import t from 'tap';
import { confirmedSubscribers } from '#server/store/newsletter.ts';
import { build, contentWithTestEvent, TEST_EVENT, tempDataDir } from './helpers/build.ts';
import { rows } from './helpers/db.ts';

const SPELLINGS = [
  'ida.brandt@example.com',
  'Ida.Brandt@example.com',
  'IDA.BRANDT@EXAMPLE.COM',
  'ida.brandt@Example.Com',
  'iDA.bRANDT@example.COM',
  'Ida.Brandt@EXAMPLE.com',
];

const optInMails = (dataDir: string) =>
  rows(dataDir, "SELECT recipient, message FROM outbox WHERE purpose = 'double-opt-in' ORDER BY id") as {
    recipient: string;
    message: string;
  }[];

/** The token of each confirmation link in the queued opt-in mails. */
const confirmationTokens = (dataDir: string, pattern: RegExp) =>
  optInMails(dataDir).map(({ message }) => {
    const link = pattern.exec((JSON.parse(message) as { text: string }).text)?.[1];
    if (!link) throw new Error('an opt-in mail without its link');
    return decodeURIComponent(link);
  });

t.test('six spellings of one address subscribe: one opt-in mail, to the folded address', async (t) => {
  const dataDir = await tempDataDir(t);
  const app = await build(t, { DATA_DIR: dataDir });
  for (const email of SPELLINGS) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/newsletter/subscribe',
      payload: { email, consent: true, language: 'de' },
    });
    t.equal(response.statusCode, 202, `${email} is answered as every sign-up is`);
  }
  const mails = optInMails(dataDir);
  t.equal(mails.length, 1, 'one opt-in mail for the mailbox');
  t.match(mails[0]?.recipient, /ida\.brandt@example\.com/);
  t.same(
    rows(dataDir, "SELECT email, status FROM submissions WHERE form = 'newsletter'"),
    [{ email: 'ida.brandt@example.com', status: 'pending' }],
    'one sign-up, its address stored folded',
  );
  t.same(rows(dataDir, 'SELECT email FROM newsletter_subscribers'), [{ email: 'ida.brandt@example.com' }]);
});

t.test('six spellings of one address register for an event: one opt-in mail', async (t) => {
  const dataDir = await tempDataDir(t);
  const app = await build(t, { DATA_DIR: dataDir, CONTENT_DIR: await contentWithTestEvent(t) });
  for (const email of SPELLINGS) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/events',
      payload: { name: 'Ida Brandt', email, terms: true, event: TEST_EVENT, language: 'de' },
    });
    t.equal(response.statusCode, 202, `${email} is answered as every registration is`);
  }
  t.equal(optInMails(dataDir).length, 1, 'one opt-in mail for the mailbox');
  t.same(
    rows(dataDir, "SELECT email FROM submissions WHERE form = 'event'"),
    [{ email: 'ida.brandt@example.com' }],
    'one registration, its address stored folded',
  );
});

t.test('a confirmed subscriber who subscribes again in another case is listed once', async (t) => {
  const dataDir = await tempDataDir(t);
  const app = await build(t, { DATA_DIR: dataDir });
  const subscribe = (email: string) =>
    app.inject({ method: 'POST', url: '/api/newsletter/subscribe', payload: { email, consent: true, language: 'en' } });
  const confirmEveryLink = async () => {
    for (const token of confirmationTokens(dataDir, /\/newsletter\/([\w.%-]+)/)) {
      const confirmed = await app.inject({
        method: 'POST',
        url: '/api/newsletter/confirm',
        payload: { emailb64: token },
      });
      t.equal(confirmed.statusCode, 200, 'every mailed link confirms');
    }
  };
  t.equal((await subscribe('ida.brandt@example.com')).statusCode, 202);
  await confirmEveryLink();
  t.equal((await subscribe('Ida.Brandt@Example.com')).statusCode, 202, 'the second spelling is answered the same');
  await confirmEveryLink();
  t.equal(optInMails(dataDir).length, 1, 'a subscriber gets no second opt-in mail');
  t.same(
    (await confirmedSubscribers(app.db)).map((subscriber) => subscriber.email),
    ['ida.brandt@example.com'],
    'the mailing list names the mailbox once',
  );
});
