/**
 * What a person meets in the forms, in Chromium, in both languages: the application's file
 * field (a button and chips instead of the native control and its "No file chosen", its error
 * state when the CV is missing or refused, the keyboard), the error summary of an empty contact
 * form whose links lead to the fields, and the thank-you panel, focused and below the navbar.
 */
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import t from 'tap';
import { violations } from '../helpers/axe.ts';
import { launchBrowser, openPage, waitForHydration } from '../helpers/browser.ts';
import { tempDataDir } from '../helpers/build.ts';
import { pdfOfSize } from '../helpers/files.ts';
import { startServer } from '../helpers/server-process.ts';

type Language = 'en' | 'de';
interface FieldTexts {
  label: string;
  errors?: Record<string, string>;
}
interface FormTexts {
  fields: Record<string, FieldTexts>;
  summary: string;
  files?: { choose: string; choose_many: string; remove: string };
}
interface ThankYou {
  headline: string;
  text: string;
  next: { text: string; link_text: string; link_url: string };
}

const json = <T>(file: string) => JSON.parse(readFileSync(`content/${file}`, 'utf8')) as T;
const [job] = json<{ activePositions: { generic: { folder: string } }[] }>('en/careers/positions.json').activePositions;
const PAGES: Record<Language, { contact: string; job: string }> = {
  en: { contact: '/company/contact', job: `/company/career/${job!.generic.folder}` },
  de: { contact: '/unternehmen/kontakt', job: `/unternehmen/karriere/${job!.generic.folder}` },
};
const LANGUAGES: readonly Language[] = ['en', 'de'];
// Fourteen journeys in one browser; a busy two-core machine takes seconds for each.
t.setTimeout(600_000);

const field = (page: Page, name: string) => page.locator(`form.form [name="${name}"]`).first();

async function open(browser: Browser, url: string, width = 1280, height = 900) {
  const watched = await openPage(browser, width, height);
  await watched.page.goto(url);
  await waitForHydration(watched.page);
  return watched;
}

/** The name of the element that has focus: a field's name, or its class for anything else. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    return active?.getAttribute('name') ?? active?.className ?? '';
  });

t.test('forms as people meet them, in both languages', async (t) => {
  const server = await startServer(t, { DATA_DIR: await tempDataDir(t), RATE_LIMIT_MAX: '1000' });
  const browser = await launchBrowser(t);

  for (const language of LANGUAGES) {
    const application = json<FormTexts>(`${language}/application_form.json`);
    const contact = json<FormTexts>(`${language}/contact_form.json`);
    const messages = json<Record<string, string>>(`${language}/form_messages.json`);

    t.test(`${language}: a chosen CV shows as a chip; the native control and its text stay out of sight`, async (t) => {
      const { page, problems } = await open(browser, `${server.url}${PAGES[language].job}`);
      const button = page.locator('.form__upload-button').first();
      t.equal((await button.innerText()).trim(), application.files!.choose, 'the button says what it does');
      const box = await button.boundingBox();
      t.ok(box && box.height >= 44, `the button is at least 44 px high (${box?.height})`);
      t.equal(
        await page.locator('.form__upload-button').nth(1).innerText(),
        application.files!.choose_many,
        'the further documents take several files',
      );

      await field(page, 'cv').setInputFiles({
        name: 'lebenslauf.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from(pdfOfSize(120 * 1024)),
      });
      const chip = page.locator('.form__chip').first();
      await chip.waitFor();
      t.match(await chip.innerText(), /lebenslauf\.pdf \(120\u00a0KB\)/, 'the chip names the file and its size');
      const remove = page.getByRole('button', { name: `${application.files!.remove}: lebenslauf.pdf` });
      t.equal(await remove.count(), 1, 'its remove button is named after the file');
      const native = await field(page, 'cv').evaluate((input) => {
        const rect = input.getBoundingClientRect();
        return { width: rect.width, height: rect.height, opacity: getComputedStyle(input).opacity };
      });
      t.ok(
        native.width <= 1 && native.height <= 1 && native.opacity === '0',
        `the native control, with its "No file chosen", is not visible (${JSON.stringify(native)})`,
      );
      await remove.click();
      await chip.waitFor({ state: 'detached' });
      t.pass('the chip goes when removed');
      t.same(problems, [], 'no console errors');
    });

    t.test(`${language}: the keyboard reaches the file field and its focus shows on the button`, async (t) => {
      const { page } = await open(browser, `${server.url}${PAGES[language].job}`);
      await field(page, 'message').focus();
      let chooserOpened = false;
      page.once('filechooser', () => {
        chooserOpened = true;
      });
      await page.keyboard.press('Tab');
      t.equal(await focused(page), 'cv', 'Tab after the message reaches the CV input');
      const ring = await page
        .locator('.form__upload-button')
        .first()
        .evaluate((label) => getComputedStyle(label).outlineStyle);
      t.equal(ring, 'solid', 'the button shows the focus ring');
      const chooser = page.waitForEvent('filechooser');
      await page.keyboard.press('Enter');
      // The picker closes with nothing chosen, as a person's cancel does: the browser opens no second one over it.
      await (await chooser).setFiles([]);
      t.ok(chooserOpened, 'Enter opens the picker');
      t.equal(await focused(page), 'cv', 'the focus is back on the CV input');
      const again = page.waitForEvent('filechooser');
      await page.keyboard.press('Space');
      await again;
      t.pass('Space opens it too');
    });

    t.test(`${language}: a missing or refused CV puts the field in its error state`, async (t) => {
      const { page, problems } = await open(browser, `${server.url}${PAGES[language].job}`);
      await field(page, 'name').fill('Mia Roth');
      await field(page, 'email').fill('mia@example.com');
      await page.locator('form.form button[type="submit"]').click();
      const upload = page.locator('.form__upload--invalid');
      await upload.waitFor();
      const cv = field(page, 'cv');
      t.equal(await cv.getAttribute('aria-invalid'), 'true', 'the input is marked invalid');
      const describedBy = ((await cv.getAttribute('aria-describedby')) ?? '').split(' ');
      const message = await page.locator(`[id="${describedBy.at(-1)}"]`).innerText();
      t.equal(message.trim(), application.fields.cv!.errors!.file_required, 'its own message describes it');
      t.equal(await focused(page), 'cv', 'focus moves to the field');
      const border = await page
        .locator('.form__upload-button')
        .first()
        .evaluate((label) => getComputedStyle(label).borderTopColor);
      t.equal(border, 'rgb(179, 38, 30)', 'the button is drawn in the danger colour');

      await cv.setInputFiles({ name: 'tool.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
      await page.locator('.form__chip').first().waitFor();
      t.equal(
        (await page.locator(`[id="${describedBy.at(-1)}"]`).innerText()).trim(),
        messages.file_type,
        'a refused type says which types are taken',
      );
      t.equal(await cv.getAttribute('aria-invalid'), 'true');
      t.same(await violations(page), [], 'axe finds nothing in the error state with a chip');
      await cv.setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: Buffer.from(pdfOfSize(2048)) });
      await upload.waitFor({ state: 'detached' });
      t.equal(await cv.getAttribute('aria-invalid'), null, 'a PDF clears the error state');
      t.same(problems, [], 'no console errors');
    });

    t.test(`${language}: an empty contact form shows a summary whose links lead to the fields`, async (t) => {
      const { page, problems } = await open(browser, `${server.url}${PAGES[language].contact}`);
      await page.locator('form.form button[type="submit"]').click();
      const summary = page.locator('.form__summary');
      await summary.waitFor();
      await page.waitForFunction(() => document.activeElement?.classList.contains('form__summary') === true);
      t.pass('the summary takes focus');
      t.equal((await summary.getByRole('heading').innerText()).trim(), contact.summary, 'under its heading');
      t.same(await violations(page), [], 'axe finds nothing with the summary shown');
      const links = summary.getByRole('link');
      const expected = ['name', 'email', 'message', 'legals'];
      t.equal(await links.count(), expected.length, 'one link per wrong field');
      t.equal(
        (await links.nth(0).innerText()).trim(),
        contact.fields.name!.errors!.required,
        'in the field’s own words',
      );
      for (const [index, name] of expected.entries()) {
        await links.nth(index).click();
        t.equal(await focused(page), name, `its link moves focus to ${name}`);
        const top = await field(page, name).evaluate((element) => element.getBoundingClientRect().top);
        t.ok(top > 0, `and ${name} is in view (${top})`);
      }
      t.equal(page.url().includes('#'), false, 'following a link adds nothing to the address');

      // Fewer than three wrong fields: no summary, focus on the first.
      await field(page, 'name').fill('Lena Vogt');
      await field(page, 'email').fill('lena@example.com');
      await page.locator('form.form button[type="submit"]').click();
      await summary.waitFor({ state: 'detached' });
      t.equal(await focused(page), 'message', 'two wrong fields: focus on the first, no summary');
      t.same(problems, [], 'no console errors');
    });

    for (const [width, height] of [
      [1440, 900],
      [375, 812],
    ] as const) {
      t.test(
        `${language} at ${width} px: the thank-you panel is focused, below the navbar, with a next step`,
        async (t) => {
          const thanks = json<ThankYou>(`${language}/contact_thank_you.json`);
          const { page, problems } = await open(browser, `${server.url}${PAGES[language].contact}`, width, height);
          await field(page, 'name').fill('Lena Vogt');
          await field(page, 'email').fill(`lena.${language}.${width}@example.com`);
          await field(page, 'message').fill('We are planning a relaunch and would like a second opinion.');
          await field(page, 'legals').check();
          await page.locator('form.form button[type="submit"]').click();
          await page.waitForFunction(() => document.activeElement?.classList.contains('form__success') === true);
          t.pass('the panel has focus');
          const panel = page.locator('.form__success');
          t.equal(
            (await panel.getByRole('heading').innerText()).trim(),
            thanks.headline,
            'it is headed by the thank-you',
          );
          t.match(await panel.innerText(), thanks.text, 'it restates the promise');
          const next = panel.getByRole('link', { name: thanks.next.link_text });
          t.equal(await next.getAttribute('href'), thanks.next.link_url, 'and leads on');
          const { top, navbar } = await page.evaluate(() => ({
            top: document.querySelector('.form__success')!.getBoundingClientRect().top,
            navbar: document.querySelector('.navbar')!.getBoundingClientRect().bottom,
          }));
          t.ok(top >= navbar, `its top (${top}) is below the navbar's bottom (${navbar})`);
          t.ok(top < height, 'and in the viewport');
          t.same(await violations(page), [], 'axe finds nothing on the thank-you panel');
          t.same(problems, [], 'no console errors');
        },
      );
    }

    t.test(`${language} without JavaScript: the native file control shows and takes a file`, async (t) => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, javaScriptEnabled: false });
      t.teardown(() => context.close());
      const page = await context.newPage();
      await page.goto(`${server.url}${PAGES[language].job}`);
      const cv = field(page, 'cv');
      const box = await cv.boundingBox();
      t.ok(box && box.width > 100 && box.height >= 44, `the native input is there to use (${JSON.stringify(box)})`);
      t.equal(await page.locator('.form__upload-button').first().isVisible(), false, 'the scripted button is not');
      await cv.setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: Buffer.from(pdfOfSize(2048)) });
      t.equal(
        await cv.evaluate((input) => (input as HTMLInputElement).files?.[0]?.name),
        'cv.pdf',
        'it holds the file',
      );
    });
  }
});
