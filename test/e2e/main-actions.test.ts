/**
 * Where a visitor decides, the main action is in the first screen: at 1440 × 900 the contact
 * form's first field stands in view before any scrolling, beside the named person who answers,
 * whose direct line and addresses are links a phone or mail program opens; an upcoming event's
 * hero states its date, time and place and leads to the registration form with one press, and
 * a job's hero leads to the application form.
 */
import { readFileSync } from 'node:fs';
import t from 'tap';
import { launchBrowser, openPage, waitForHydration } from '../helpers/browser.ts';
import { contentWithTestEvent, TEST_EVENT } from '../helpers/build.ts';
import { startServer } from '../helpers/server-process.ts';

const CONTACT = { en: '/company/contact', de: '/unternehmen/kontakt' } as const;

t.test('the contact page: form and the person who answers in the first screen', async (t) => {
  const server = await startServer(t);
  const browser = await launchBrowser(t);
  for (const [language, path] of Object.entries(CONTACT)) {
    const { page, problems } = await openPage(browser, 1440, 900);
    await page.goto(`${server.url}${path}`);
    await waitForHydration(page);
    const inView = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((element) => {
          const box = element.getBoundingClientRect();
          return box.top >= 0 && box.bottom <= window.innerHeight && box.width > 0;
        });
    t.equal(await page.evaluate(() => window.scrollY), 0, `${language}: at the top`);
    t.ok(await inView('form.form input:not([type="hidden"])'), `${language}: the form's first field is in view`);
    t.ok(await inView('.contact-desk__person .portrait'), `${language}: so is the person who answers`);
    t.ok(await inView('.contact-desk__person a[href^="tel:"]'), `${language}: and their direct line`);
    t.equal(
      await page.locator('.contact-desk__person a[href^="tel:"]').getAttribute('href'),
      'tel:+494055582141',
      `${language}: the direct line dials its digits`,
    );
    const mails = await page
      .locator('.contact-desk__lines a')
      .evaluateAll((links) => links.map((link) => [link.getAttribute('href'), link.textContent]));
    t.ok(mails.length >= 4, `${language}: the desk links its addresses`);
    for (const [href, text] of mails)
      if (!href?.startsWith('tel:')) t.equal(href, `mailto:${text}`, `${language}: ${text} opens a mail to itself`);
    t.same(problems, [], `${language}: no console problem`);
    await page.context().close();
  }
});

t.test('at 375 px the desk follows the form, and the form still comes first', async (t) => {
  const server = await startServer(t);
  const browser = await launchBrowser(t);
  const { page } = await openPage(browser, 375, 800);
  await page.goto(`${server.url}${CONTACT.en}`);
  const top = (selector: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((element) => element.getBoundingClientRect().top + window.scrollY);
  t.ok((await top('form.form')) < (await top('.form-block__aside')), 'form above the desk');
  t.ok(
    await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
    'nothing overflows sideways',
  );
});

t.test("an upcoming event: date, time, place and 'Register now' in the hero, leading to the form", async (t) => {
  const server = await startServer(t, { CONTENT_DIR: await contentWithTestEvent(t) });
  const browser = await launchBrowser(t);
  for (const [language, path, register] of [
    ['en', `/company/events/${TEST_EVENT}`, 'Register now'],
    ['de', `/unternehmen/events/${TEST_EVENT}`, 'Jetzt anmelden'],
  ] as const) {
    const { page, problems } = await openPage(browser, 1440, 900);
    await page.goto(`${server.url}${path}`);
    await waitForHydration(page);
    t.same(
      await page.locator('.stage__meta span').allTextContents(),
      [language === 'en' ? '20 May 2099' : '20. Mai 2099', '09:00 – 18:00', 'München'],
      `${language}: the hero states date, time and place`,
    );
    const button = page.locator('.stage a.stage__button', { hasText: register });
    const box = await button.boundingBox();
    t.ok(box && box.y >= 0 && box.y + box.height <= 900, `${language}: "${register}" is in the first screen`);
    await button.click();
    await page.waitForFunction(() => {
      const field = document.querySelector('#registration-form form input:not([type="hidden"])');
      const box = field?.getBoundingClientRect();
      return Boolean(box && box.top >= 0 && box.bottom <= window.innerHeight);
    });
    t.pass(`${language}: the press brings the form's first field into view`);
    t.same(problems, [], `${language}: no console problem`);
    await page.context().close();
  }
});

const [job] = (
  JSON.parse(readFileSync('content/en/careers/positions.json', 'utf8')) as {
    activePositions: { generic: { folder: string } }[];
  }
).activePositions;

t.test("a job: 'Apply now' in the hero, leading to the application form", async (t) => {
  const server = await startServer(t);
  const browser = await launchBrowser(t);
  for (const [language, path, apply, width, height] of [
    ['en', `/company/career/${job!.generic.folder}`, 'Apply now', 1440, 900],
    ['de', `/unternehmen/karriere/${job!.generic.folder}`, 'Jetzt bewerben', 1440, 900],
    ['en', `/company/career/${job!.generic.folder}`, 'Apply now', 375, 812],
  ] as const) {
    const { page, problems } = await openPage(browser, width, height);
    await page.goto(`${server.url}${path}`);
    await waitForHydration(page);
    const button = page.locator('.stage a.stage__button', { hasText: apply });
    const box = await button.boundingBox();
    t.ok(box && box.y >= 0 && box.y + box.height <= height, `${language} ${width}: "${apply}" is in the first screen`);
    await button.click();
    await page.waitForFunction(() => {
      const field = document.querySelector('#application-form form input:not([type="hidden"])');
      const box = field?.getBoundingClientRect();
      return Boolean(box && box.top >= 0 && box.bottom <= window.innerHeight);
    });
    t.pass(`${language} ${width}: the press brings the form's first field into view`);
    t.same(problems, [], `${language} ${width}: no console problem`);
    await page.context().close();
  }
});
