/**
 * Forms as people fill them in, in Chromium, Firefox ESR and WebKit: the contact form with a mistake (the message at
 * the field, the other values kept) then sent, a job application's CV chosen in the file dialog (a wrong type
 * refused first, a PDF shown with its size; the application's upload is sent in forms.test.ts), and the newsletter
 * signup up to its double opt-in message. With JavaScript; the journeys without it, the mails' links and a send that
 * fails (request interception) stay in forms.test.ts, in Chromium.
 */
import { readFileSync } from 'node:fs';
import t from 'tap';
import { tempDataDir } from '../helpers/build.ts';
import { elementState, inEachEngine, openHydrated, openPage } from '../helpers/engine-journey.ts';
import type { EnginePage } from '../helpers/engines.ts';
import { pdfOfSize } from '../helpers/files.ts';
import { startServer } from '../helpers/server-process.ts';
import { startSmtp } from '../helpers/smtp.ts';

// Every engine in turn with a browser of its own: more than tap's two minutes a file on a busy 2-core machine.
t.setTimeout(600_000);

const json = <T>(file: string) => JSON.parse(readFileSync(`content/${file}`, 'utf8')) as T;
const messages = json<Record<string, string>>('en/form_messages.json');
/** The contact form's own words for a malformed address, shown in place of the general message. */
const emailMessage = json<{ fields: { email: { errors: { email: string } } } }>('en/contact_form.json').fields.email
  .errors.email;
const headline = (file: string) => json<{ headline: string }>(file).headline;
const [job] = json<{ activePositions: { generic: { folder: string } }[] }>('en/careers/positions.json').activePositions;

const field = (name: string) => `form.form [name="${name}"]`;

/** Waits for a heading with exactly this text (the form's thank-you or opt-in message); else says what the form shows. */
async function headingShown(page: EnginePage, text: string): Promise<void> {
  try {
    await page.waitFor(
      (text: string) =>
        [...document.querySelectorAll('h1, h2, h3')].some((heading) => heading.textContent?.trim() === text),
      text,
      30_000,
    );
  } catch (error) {
    const shown = await page.evaluate(() =>
      [...document.querySelectorAll('.form__error, .snackbar')].map((element) => element.textContent).join(' | '),
    );
    throw new Error(`${(error as Error).message}; the form shows: ${shown || 'no error'}`);
  }
}

t.test('forms, filled in', async (t) => {
  const smtp = await startSmtp(t);
  const server = await startServer(t, { DATA_DIR: await tempDataDir(t), SMTP_URL: smtp.url, MAIL_POLL_MS: '50' });

  inEachEngine(t, async (t, engine) => {
    const who = engine.name;

    t.test('a contact form with a bad email shows the message at the field, keeps the rest, then sends', async (t) => {
      const page = await openPage(t, engine);
      await openHydrated(page, `${server.url}/company/contact`);
      await page.fill(field('name'), 'Lena Vogt');
      await page.fill(field('email'), 'lena@example');
      await page.fill(field('company'), 'Kai 7');
      await page.fill(field('message'), 'We are planning a relaunch.');
      await page.check(field('legals'));
      await page.click('form.form button[type="submit"]');
      await page.waitFor(() => document.querySelector('.form__error') !== null);
      const email = await elementState(page, field('email'));
      t.equal(email?.attributes['aria-invalid'], 'true');
      const describedBy = email?.attributes['aria-describedby']?.split(' ').pop() ?? '';
      t.equal(
        (await elementState(page, `[id="${describedBy}"]`))?.text.trim(),
        emailMessage,
        'the message is at the field',
      );
      t.equal((await elementState(page, field('name')))?.value, 'Lena Vogt', 'the name stays');
      t.equal((await elementState(page, field('message')))?.value, 'We are planning a relaunch.', 'the message stays');
      t.ok((await elementState(page, field('legals')))?.checked, 'the consent stays ticked');
      await page.fill(field('email'), `lena.${who}@example.com`);
      await page.click('form.form button[type="submit"]');
      await headingShown(page, headline('en/contact_thank_you.json'));
      t.pass('the thank-you text shows');
      const errors = page.consoleErrors();
      if (errors) t.same(errors, [], 'no console errors');
      await page.close();
    });

    t.test('a job application: a wrong file type is refused, a PDF is taken', async (t) => {
      const page = await openPage(t, engine);
      await openHydrated(page, `${server.url}/company/career/${job!.generic.folder}`);
      await page.fill(field('name'), 'Mia Roth');
      await page.fill(field('email'), `mia.${who}@example.com`);
      await page.fill(field('phone'), '+49 40 1234567');
      await page.check('form.form input[name="locations"][value="hamburg"]');
      await page.fill(field('message'), 'I look forward to hearing from you.');
      await page.setFiles(field('cv'), [{ name: 'tool.exe', contents: Buffer.from('MZ') }]);
      await page.waitFor(() => document.querySelector('.form__error') !== null);
      t.equal((await elementState(page, '.form__error'))?.text.trim(), messages.file_type, 'refused before upload');
      await page.click('.form__chip button');
      await page.waitFor(() => document.querySelector('.form__chip') === null);
      await page.setFiles(field('cv'), [{ name: 'cv.pdf', contents: pdfOfSize(300 * 1024) }]);
      await page.waitFor(() => document.querySelector('.form__files')?.textContent?.includes('cv.pdf') === true);
      t.match((await elementState(page, '.form__files'))?.text, /cv\.pdf \(300\u00a0KB\)/, 'shown with its size');
      const errors = page.consoleErrors();
      if (errors) t.same(errors, [], 'no console errors');
      await page.close();
    });

    t.test('the newsletter signup ends with the double opt-in message', async (t) => {
      const page = await openPage(t, engine);
      await openHydrated(page, `${server.url}/newsletter`);
      await page.fill(field('email'), `nora.${who}@example.com`);
      await page.check(field('consent'));
      await page.click('form.form button[type="submit"]');
      await headingShown(page, headline('en/newsletter_double_opt_in.json'));
      t.pass('the double opt-in text shows');
      await page.close();
    });
  });
});
