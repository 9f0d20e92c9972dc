/**
 * Proof and the way on from it, as a reader meets them in both languages: a case study opens with
 * chips naming client, sector and services and a band of its results before the story's first
 * paragraph, quotes its client beside a portrait that loads, shows its figures as a chart with
 * named axes, values on the bars and a legend, and ends with a call to action; every article and
 * case study ends with one for its own service and a way to the newsletter; and the newsletter's
 * address field is in the first screen at 1440 × 900.
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import t from 'tap';
import type { CaseFactsContent } from '../../src/app/content/schemas/case-facts.ts';
import type { GeneralInformation } from '../../src/app/content/schemas/insight.ts';
import { launchBrowser, openPage, waitForHydration } from '../helpers/browser.ts';
import { startServer } from '../helpers/server-process.ts';

// Four case studies and every article in two languages: a page each, on a machine that may be busy.
t.setTimeout(600_000);

const LANGUAGES = ['en', 'de'] as const;
const folder = (language: string, slug: string) => `content/${language}/homepage/insights/${slug}`;
const read = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;
const slugs = readdirSync('content/en/homepage/insights', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const infoOf = (language: string, slug: string) =>
  read<GeneralInformation>(`${folder(language, slug)}/general_information.json`);
const CASE_STUDIES = slugs.filter((slug) => infoOf('en', slug).type === 'case-study');
const ENDING_TYPES = new Set(['article', 'case-study']);

/** Whether the element's box lies within the viewport, at least partly sized. */
const inFirstScreen = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.top >= 0 && box.bottom <= window.innerHeight;
    });

t.test(
  'a case study: chips, results before the story, the client quoted with a portrait, a labelled chart, a closing call to action',
  async (t) => {
    t.ok(CASE_STUDIES.length >= 4, 'the shipped case studies are found');
    const server = await startServer(t);
    const browser = await launchBrowser(t);
    for (const language of LANGUAGES)
      for (const slug of CASE_STUDIES) {
        const facts = read<CaseFactsContent>(`${folder(language, slug)}/case_facts.json`);
        const labels = read<{ values: Record<string, string> }>(`content/${language}/insights_labels.json`);
        const info = infoOf(language, slug);
        const name = `${language} ${slug}`;
        const { page, problems } = await openPage(browser, 1440, 900);
        await page.goto(`${server.url}/insights/${slug}?lang=${language}`);
        await waitForHydration(page);

        const chips = await page.locator('.stage .case-chips dd').allTextContents();
        t.same(
          chips,
          [facts.client, facts.sector, ...info.services.map((service) => labels.values[service])],
          `${name}: chips name client, sector and services`,
        );

        t.same(
          await page.locator('.case-results__value').allTextContents(),
          facts.results.map((result) => result.value),
          `${name}: the results band shows the case study's figures`,
        );
        t.ok(
          await page.evaluate(() => {
            const band = document.querySelector('.case-results');
            const first = document.querySelector('.article__paragraph p');
            return Boolean(
              band &&
                first &&
                band.compareDocumentPosition(first) & Node.DOCUMENT_POSITION_FOLLOWING &&
                band.getBoundingClientRect().bottom <= first.getBoundingClientRect().top,
            );
          }),
          `${name}: the results come before the first paragraph of the story`,
        );
        t.ok(await inFirstScreen(page, '.case-results__value'), `${name}: the first result is in the first screen`);

        const quote = page.locator('.article__quote');
        t.equal(
          (await quote.locator('blockquote').textContent())?.trim(),
          facts.quote.text,
          `${name}: the client's words`,
        );
        t.equal(await quote.locator('.quote-card__author').textContent(), facts.quote.author, `${name}: who said them`);
        await quote.scrollIntoViewIfNeeded();
        await page.waitForFunction(() => {
          const portrait = document.querySelector<HTMLImageElement>('.article__quote img.portrait');
          return Boolean(portrait?.complete && portrait.naturalWidth > 0);
        });
        t.pass(`${name}: the portrait beside the quote loads`);

        const chart = page.locator('figure.bar-chart');
        t.equal(
          await chart.locator('.bar-chart__headline').textContent(),
          facts.chart.headline,
          `${name}: chart headline`,
        );
        t.same(
          await chart.locator('.bar-chart__axis-title').allTextContents(),
          [facts.chart.category_axis, facts.chart.value_axis],
          `${name}: both axes are named`,
        );
        t.same(
          await chart.locator('.bar-chart__legend li').allTextContents(),
          facts.chart.series,
          `${name}: the legend names the series`,
        );
        const format = new Intl.NumberFormat(language).format;
        t.same(
          await chart.locator('.bar-chart__value').allTextContents(),
          facts.chart.categories.flatMap((category) => category.values.map(format)),
          `${name}: every bar shows its value`,
        );
        t.equal(
          await chart.locator('.bar-chart__bar').count(),
          facts.chart.categories.length * facts.chart.series.length,
          `${name}: a bar per value`,
        );
        t.ok((await chart.locator('.bar-chart__ticks span').count()) >= 3, `${name}: the value axis has ticks`);
        t.equal(await chart.locator('figcaption').textContent(), facts.chart.caption, `${name}: the chart's caption`);
        t.same(
          await chart.locator('table tbody th').allTextContents(),
          facts.chart.categories.map(
            (category) => `${category.label}${category.detail ? ` (${category.detail})` : ''}`,
          ),
          `${name}: a screen reader reads the figures as a table`,
        );

        const ending = page.locator('main > section:last-child.insight-ending');
        t.equal(await ending.count(), 1, `${name}: the page ends with the call to action`);
        t.ok(
          await ending.locator(`a[href="/services/${info.services[0]}"]`).count(),
          `${name}: it leads to the service's page`,
        );
        t.same(problems, [], `${name}: no console problem`);
        await page.context().close();
      }
  },
);

t.test('at 375 px a case study stays within the screen and its chart keeps its labels', async (t) => {
  const server = await startServer(t);
  const browser = await launchBrowser(t);
  for (const language of LANGUAGES) {
    const { page } = await openPage(browser, 375, 812);
    await page.goto(`${server.url}/insights/${CASE_STUDIES[0]}?lang=${language}`);
    await waitForHydration(page);
    t.ok(
      await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
      `${language}: nothing overflows sideways`,
    );
    const clipped = await page.locator('.bar-chart__value').evaluateAll((values) =>
      values.filter((value) => {
        const bar = value.parentElement!.getBoundingClientRect();
        const box = value.getBoundingClientRect();
        return box.left < bar.left || box.right > bar.right;
      }),
    );
    t.equal(clipped.length, 0, `${language}: every value fits on its bar`);
    await page.context().close();
  }
});

t.test('every article and case study ends with a call to action for its service and the newsletter', async (t) => {
  const server = await startServer(t);
  const browser = await launchBrowser(t);
  const { page, problems } = await openPage(browser, 1440, 900);
  let checked = 0;
  for (const language of LANGUAGES) {
    const contact = language === 'en' ? '/company/contact' : '/unternehmen/kontakt';
    for (const slug of slugs) {
      const info = infoOf(language, slug);
      if (!ENDING_TYPES.has(info.type)) continue;
      await page.goto(`${server.url}/insights/${slug}?lang=${language}`);
      await waitForHydration(page);
      const ending = page.locator('main > section:last-child.insight-ending');
      const links = await ending.locator('a').evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
      const service = info.services[0] ? `/services/${info.services[0]}` : '/services';
      t.ok(links.includes(service), `${language} ${slug}: ends with a link to ${service}`);
      t.ok(links.includes(contact), `${language} ${slug}: and to the contact page`);
      t.ok(links.includes('/newsletter'), `${language} ${slug}: and to the newsletter sign-up`);
      t.ok(
        (await ending.locator('.insight-ending__newsletter p').textContent())?.trim(),
        `${language} ${slug}: the newsletter prompt says what it offers`,
      );
      checked += 1;
    }
  }
  t.ok(checked >= 20, `${checked} articles and case studies checked`);
  t.same(problems, [], 'no console problem');

  // The prompt leads where it says: the sign-up form.
  await page.goto(`${server.url}/insights/${CASE_STUDIES[0]}?lang=en`);
  await waitForHydration(page);
  await page.locator('.insight-ending__newsletter a').click();
  await page.waitForURL(/\/newsletter$/);
  await page.locator('form input[type="email"]').waitFor();
  t.pass('the newsletter link opens the sign-up form');
});

t.test('the newsletter page: the address field in the first screen at 1440 × 900', async (t) => {
  const server = await startServer(t);
  const browser = await launchBrowser(t);
  for (const language of LANGUAGES) {
    const { page, problems } = await openPage(browser, 1440, 900);
    await page.context().addCookies([{ name: 'language', value: language, url: server.url }]);
    await page.goto(`${server.url}/newsletter`);
    await waitForHydration(page);
    t.equal(await page.evaluate(() => document.documentElement.lang), language, `${language}: the page's language`);
    t.equal(await page.evaluate(() => window.scrollY), 0, `${language}: at the top`);
    t.ok(await inFirstScreen(page, 'form input[type="email"]'), `${language}: the address field is in view`);
    t.ok(await inFirstScreen(page, 'form button[type="submit"]'), `${language}: so is the button that sends it`);
    t.same(problems, [], `${language}: no console problem`);
    await page.context().close();
  }
});
