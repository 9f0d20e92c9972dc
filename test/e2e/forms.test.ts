/**
 * Forms as people use them, in Chromium with JavaScript on and, in a second context, off:
 * a contact form with a mistake, a job application with a PDF, an event registration and
 * the newsletter signup with its confirmation link, and unsubscribing from the welcome mail.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import t from 'tap';
import { launchBrowser, waitForHydration } from '../helpers/browser.ts';
import { contentWithTestEvent, tempDataDir } from '../helpers/build.ts';
import { pdfOfSize } from '../helpers/files.ts';
import { startServer } from '../helpers/server-process.ts';
import { startSmtp, type TestSmtp } from '../helpers/smtp.ts';

const run = promisify(execFile);
const json = <T>(file: string) => JSON.parse(readFileSync(`content/${file}`, 'utf8')) as T;
const messages = json<Record<string, string>>('en/form_messages.json');
/** The contact form's own words for a malformed address, shown in place of the general message. */
const emailMessage = json<{ fields: { email: { errors: { email: string } } } }>('en/contact_form.json').fields.email
  .errors.email;
const headline = (file: string) => json<{ headline: string }>(file).headline;
const [job] = json<{ activePositions: { generic: { folder: string; title: string } }[] }>(
  'en/careers/positions.json',
).activePositions;

interface Visitor {
  page: Page;
  problems: string[];
  javaScript: boolean;
}

async function visitor(browser: Browser, javaScript: boolean): Promise<Visitor> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    javaScriptEnabled: javaScript,
    locale: 'en-GB',
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return { page, problems, javaScript };
}

async function open({ page, javaScript }: Visitor, url: string): Promise<void> {
  await page.goto(url);
  if (javaScript) await waitForHydration(page);
}

/** Submits and, without JavaScript, waits for the page the server answers with. */
async function submit({ page, javaScript }: Visitor): Promise<void> {
  const button = page.locator('form.form button[type="submit"]');
  if (javaScript) await button.click();
  else await Promise.all([page.waitForNavigation(), button.click()]);
}

/** The first mail to an address; other tests' mails may arrive in between. */
async function mailTo(smtp: TestSmtp, address: string) {
  for (let count = 1; count < 50; count += 1) {
    const mails = await smtp.waitFor(count);
    const mail = mails.find((m) => m.envelopeTo.includes(address));
    if (mail) return mail;
  }
  return undefined;
}

const field = (page: Page, name: string) => page.locator(`form.form [name="${name}"]`).first();

t.test('forms in Chromium, with and without JavaScript', async (t) => {
  const smtp = await startSmtp(t);
  const dataDir = await tempDataDir(t);
  const server = await startServer(t, {
    DATA_DIR: dataDir,
    CONTENT_DIR: await contentWithTestEvent(t),
    SMTP_URL: smtp.url,
    MAIL_POLL_MS: '50',
  });
  const browser = await launchBrowser(t);

  for (const javaScript of [true, false]) {
    const mode = javaScript ? 'with JavaScript' : 'without JavaScript';

    t.test(
      `${mode}: a contact form with a bad email shows the message at the field and keeps the other values`,
      async (t) => {
        const person = await visitor(browser, javaScript);
        const { page } = person;
        await open(person, `${server.url}/company/contact`);
        await field(page, 'name').fill('Lena Vogt');
        await field(page, 'email').fill('lena@example');
        await field(page, 'company').fill('Kai 7');
        await field(page, 'message').fill('We are planning a relaunch.');
        await field(page, 'legals').check();
        await submit(person);
        const email = field(page, 'email');
        await page.locator('.form__error').first().waitFor();
        t.equal(await email.getAttribute('aria-invalid'), 'true');
        const describedBy = (await email.getAttribute('aria-describedby')) ?? '';
        t.equal(
          (await page.locator(`[id="${describedBy.split(' ').pop()}"]`).innerText()).trim(),
          emailMessage,
          'the message is at the field',
        );
        t.equal(await field(page, 'name').inputValue(), 'Lena Vogt', 'the name stays');
        t.equal(await field(page, 'message').inputValue(), 'We are planning a relaunch.', 'the message stays');
        t.ok(await field(page, 'legals').isChecked(), 'the consent stays ticked');
        await email.fill('lena@example.com');
        await submit(person);
        await page.getByRole('heading', { name: headline('en/contact_thank_you.json') }).waitFor();
        t.pass('the thank-you text shows');
        // Without JavaScript the refused post is answered with the page and a 400 by design; Chromium logs that status.
        const expected = javaScript
          ? []
          : ['error: Failed to load resource: the server responded with a status of 400 (Bad Request)'];
        t.same(person.problems, expected, 'no other console errors');
      },
    );

    t.test(`${mode}: a job application with a PDF is stored`, async (t) => {
      const person = await visitor(browser, javaScript);
      const { page } = person;
      await open(person, `${server.url}/company/career/${job!.generic.folder}`);
      await field(page, 'name').fill(javaScript ? 'Mia Roth' : 'Ben Roth');
      await field(page, 'email').fill(javaScript ? 'mia@example.com' : 'ben@example.com');
      await field(page, 'phone').fill('+49 40 1234567');
      await page.locator('form.form input[name="locations"][value="hamburg"]').check();
      await field(page, 'message').fill('I look forward to hearing from you.');
      if (javaScript) {
        await field(page, 'cv').setInputFiles({
          name: 'tool.exe',
          mimeType: 'application/octet-stream',
          buffer: Buffer.from('MZ'),
        });
        t.equal(
          (await page.locator('.form__error').first().innerText()).trim(),
          messages.file_type,
          'a wrong type is refused before upload',
        );
        await page.getByRole('button', { name: /tool\.exe/ }).click();
      }
      await field(page, 'cv').setInputFiles({
        name: 'cv.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from(pdfOfSize(300 * 1024)),
      });
      if (javaScript)
        t.match(
          await page.locator('.form__files').innerText(),
          /cv\.pdf \(300\u00a0KB\)/,
          'the chosen file shows with its size',
        );
      await submit(person);
      await page.getByRole('heading', { name: headline('en/application_thank_you.json') }).waitFor();
      const { stdout } = await run('npm', ['run', '--silent', 'submissions', '--', 'list', '--form', 'application'], {
        env: { ...process.env, DATA_DIR: dataDir },
      });
      t.match(
        stdout,
        javaScript ? 'mia@example.com' : 'ben@example.com',
        'npm run submissions -- list shows the application',
      );
      t.same(person.problems, []);
    });

    t.test(`${mode}: an event registration ends with the double opt-in message`, async (t) => {
      const person = await visitor(browser, javaScript);
      const { page } = person;
      await open(person, `${server.url}/company/events/cloud/muenchen/2099/05`);
      await field(page, 'name').fill('Jonas Weber');
      await field(page, 'email').fill(javaScript ? 'jonas@example.com' : 'jonas.weber@example.com');
      await field(page, 'terms').check();
      await submit(person);
      await page.getByRole('heading', { name: headline('en/event_double_opt_in.json') }).waitFor();
      t.pass('the double opt-in text shows');

      // The mailed link opens a page that confirms only when its button is pressed.
      const mail = await mailTo(smtp, javaScript ? 'jonas@example.com' : 'jonas.weber@example.com');
      const link = /http:\/\/localhost:\d+\/events\/confirm\/[\w.%-]+/.exec(mail?.parsed.text ?? '')?.[0];
      t.ok(link, 'the mail carries the confirmation link');
      await open(person, `${server.url}${new URL(link!).pathname}`);
      const texts = json<{ button: string }>('en/homepage/event-confirmation/event_confirmation.json');
      const labels = json<{ registration: { confirmed: string } }>('en/event_labels.json');
      await page.waitForTimeout(500);
      t.equal(await page.getByText(labels.registration.confirmed).count(), 0, 'opening the page confirms nothing');
      const button = page.getByRole('button', { name: texts.button });
      if (javaScript) await button.click();
      else await Promise.all([page.waitForNavigation(), button.click()]);
      await page.getByText(labels.registration.confirmed).waitFor();
      t.match(
        new URL(page.url()).pathname,
        '/company/events/cloud/muenchen/2099/05',
        'the press leads to the edition, which says the registration is confirmed',
      );
      t.same(person.problems, []);
    });

    t.test(`${mode}: the newsletter signup and its confirmation link`, async (t) => {
      const person = await visitor(browser, javaScript);
      const { page } = person;
      const address = javaScript ? 'nora@example.com' : 'nils@example.com';
      await open(person, `${server.url}/newsletter`);
      await field(page, 'email').fill(address);
      await field(page, 'consent').check();
      await submit(person);
      await page.getByRole('heading', { name: headline('en/newsletter_double_opt_in.json') }).waitFor();
      const mail = await mailTo(smtp, address);
      const link = /http:\/\/localhost:\d+\/newsletter\/[\w.%-]+/.exec(mail?.parsed.text ?? '')?.[0];
      t.ok(link, 'the mail carries the confirmation link');
      const path = new URL(link!).pathname;
      await open(person, `${server.url}${path}`);
      const confirmation = json<{ button: string; confirmed: { headline: string } }>(
        'en/homepage/newsletter/confirm/confirmation.json',
      );
      await page.waitForTimeout(500);
      t.equal(
        await page.getByRole('heading', { name: confirmation.confirmed.headline }).count(),
        0,
        'opening the page confirms nothing, with JavaScript too',
      );
      if (javaScript) {
        // What the tag manager would read: the page's address with its token blanked out.
        await page.waitForFunction(() =>
          (window.dataLayer ?? []).some((entry) => (entry as { event?: string }).event === 'page_view'),
        );
        const reported = await page.evaluate(() => JSON.stringify(window.dataLayer));
        const token = decodeURIComponent(path.split('/').pop()!);
        t.notMatch(reported, token.slice(0, 20), 'no token reaches the dataLayer');
        t.match(reported, '"page_path":"/newsletter/:token"', 'the page is reported by its route');
        t.match(reported, '"page_location":"http://127.0.0.1', 'with a location');
        t.notMatch(reported, address, 'and no address');
      }
      const confirm = page.getByRole('button', { name: confirmation.button });
      if (javaScript) await confirm.click();
      else await Promise.all([page.waitForNavigation(), confirm.click()]);
      await page.getByRole('heading', { name: confirmation.confirmed.headline }).waitFor();
      t.pass('the subscription is confirmed by the button');

      // The welcome mail's unsubscribe link: a page with one button, then the outcome.
      let welcome;
      for (let count = 1; count < 50 && !welcome; count += 1) {
        welcome = (await smtp.waitFor(count)).find(
          (m) => m.envelopeTo.includes(address) && /newsletter\/unsubscribe\//.test(m.parsed.text ?? ''),
        );
      }
      const unsubscribeLink = /http:\/\/localhost:\d+\/newsletter\/unsubscribe\/[\w.%-]+/.exec(
        welcome?.parsed.text ?? '',
      )?.[0];
      t.ok(unsubscribeLink, 'the welcome mail carries an unsubscribe link');
      const texts = json<{ button: string; unsubscribed: { headline: string } }>(
        'en/homepage/newsletter/unsubscribe/unsubscribe.json',
      );
      await open(person, `${server.url}${new URL(unsubscribeLink!).pathname}`);
      const button = page.getByRole('button', { name: texts.button });
      if (javaScript) await button.click();
      else await Promise.all([page.waitForNavigation(), button.click()]);
      await page.getByRole('heading', { name: texts.unsubscribed.headline }).waitFor();
      const { stdout } = await run('npm', ['run', '--silent', 'submissions', '--', 'subscribers'], {
        env: { ...process.env, DATA_DIR: dataDir },
      });
      t.notMatch(stdout, address, 'the address is off the mailing list');
      t.same(person.problems, []);
    });
  }

  t.test('with JavaScript: a send that fails keeps the values and says so in a danger snackbar', async (t) => {
    const person = await visitor(browser, true);
    const { page } = person;
    await open(person, `${server.url}/company/contact`);
    await page.route('**/api/contact', (route) => route.abort('connectionrefused'));
    await field(page, 'name').fill('Lena Vogt');
    await field(page, 'email').fill('lena@example.com');
    await field(page, 'message').fill('Hello');
    await field(page, 'legals').check();
    await submit(person);
    const snackbar = page.locator('.snackbar--danger');
    await snackbar.waitFor();
    t.match(await snackbar.innerText(), json<{ failure: string }>('en/contact_form.json').failure);
    t.equal(await field(page, 'name').inputValue(), 'Lena Vogt');
    t.ok(await field(page, 'name').isEnabled(), 'the fields are enabled again');
  });
});
