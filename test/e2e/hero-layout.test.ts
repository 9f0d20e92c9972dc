/**
 * How the heroes and intros are laid out in Chromium: the display steps and the space under the
 * headline, the illustration beside the words at 1440 px, the light utility hero under a light
 * navbar, and intros in two columns at 1440 px and one at 375 px, in both languages. One visit per
 * page, each measuring all it shows.
 */
import type { Page } from 'playwright-core';
import t, { type Test } from 'tap';
import { launchBrowser, openPage } from '../helpers/browser.ts';
import { startServer } from '../helpers/server-process.ts';

// A browser started and several pages laid out: more than tap's two minutes a file on a busy 2-core machine.
t.setTimeout(300_000);

type Language = 'en' | 'de';

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

const boxOf = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element): Box => {
      const { left, right, top, bottom } = element.getBoundingClientRect();
      return { left, right, top, bottom };
    });

/** The hero headline's size beside the one the token resolves to, its leading, and the space to the description. */
const headlineOf = (page: Page, token: string) =>
  page.evaluate((step) => {
    const probe = document.createElement('div');
    probe.style.fontSize = `var(${step})`;
    document.body.append(probe);
    const wanted = getComputedStyle(probe).fontSize;
    probe.remove();
    const h1 = document.querySelector('.stage h1')!;
    const description = document.querySelector('.stage .stage__description')!;
    const style = getComputedStyle(h1);
    return {
      wanted,
      size: style.fontSize,
      leading: Number.parseFloat(style.lineHeight) / Number.parseFloat(style.fontSize),
      gap: description.getBoundingClientRect().top - h1.getBoundingClientRect().bottom,
    };
  }, token);

t.test('heroes and intros in Chromium', async (t) => {
  const server = await startServer(t);
  const browser = await launchBrowser(t);
  const origin = new URL(server.url);

  async function visit(path: string, language: Language, width: number) {
    const { page, problems } = await openPage(browser, width, width < 600 ? 812 : 900);
    await page.context().addCookies([{ name: 'language', value: language, domain: origin.hostname, path: '/' }]);
    await page.goto(`${server.url}${path}`);
    t.teardown(() => page.context().close());
    return { page, problems, label: `${language} ${path} at ${width}` };
  }

  async function twoColumnIntro(t: Test, page: Page, label: string, block = '.intro') {
    const heading = await boxOf(page, `${block} .section__headline`);
    const text = await boxOf(page, `${block} .intro__text`);
    t.ok(text.left >= heading.right, `${label}: intro text from ${text.left}, its headline to ${heading.right}`);
    t.ok(text.top < heading.bottom, `${label}: side by side`);
  }

  async function oneColumnIntro(t: Test, page: Page, label: string) {
    const heading = await boxOf(page, '.intro .section__headline');
    const text = await boxOf(page, '.intro .intro__text');
    t.ok(
      text.top >= heading.bottom,
      `${label}: intro text from ${text.top}, under its headline (to ${heading.bottom})`,
    );
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    t.equal(overflow, 0, `${label}: nothing scrolls sideways`);
  }

  function displayHeadline(t: Test, measured: Awaited<ReturnType<typeof headlineOf>>, label: string) {
    t.equal(measured.size, measured.wanted, `${label}: the h1 at its display step`);
    t.ok(measured.leading <= 1.15, `${label}: display leading ${measured.leading.toFixed(2)}`);
    t.ok(measured.gap >= 24 && measured.gap <= 32, `${label}: ${measured.gap} px between headline and description`);
  }

  t.test('the homepage at 1440 px', async (t) => {
    const { page, problems, label } = await visit('/', 'en', 1440);
    displayHeadline(t, await headlineOf(page, '--step-display'), label);
    t.equal(await page.locator('.stage__actions a').count(), 2, `${label}: two calls to action`);
    await twoColumnIntro(t, page, label);
    t.same(problems, [], `${label}: no console errors`);
  });

  t.test('a service page at 1440 px: its illustration beside the words', async (t) => {
    const { page, problems, label } = await visit('/services/marketing-automation', 'de', 1440);
    displayHeadline(t, await headlineOf(page, '--step-display'), label);
    const copy = await boxOf(page, '.stage .stage__copy');
    const image = await boxOf(page, '.stage img');
    t.ok(image.left >= copy.right, `${label}: illustration right of the words`);
    t.ok(image.right - image.left >= 400, `${label}: ${image.right - image.left} px wide`);
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('.stage img');
      return img?.complete && img.naturalWidth > 0;
    });
    await twoColumnIntro(t, page, label);
    t.same(problems, [], `${label}: no console errors`);
  });

  t.test('an article at 1440 px: the smaller display step', async (t) => {
    const { page, label } = await visit('/insights/consent-mode-v2-explained', 'en', 1440);
    displayHeadline(t, await headlineOf(page, '--step-display-s'), label);
  });

  t.test('a utility page at 1440 px: a light surface under a navbar light from the top', async (t) => {
    const { page, label } = await visit('/unternehmen/kontakt', 'de', 1440);
    await page.waitForFunction(() => document.querySelector('.navbar')!.getAnimations().length === 0);
    const colours = await page.evaluate(() => ({
      stage: getComputedStyle(document.querySelector('.stage')!).backgroundColor,
      headline: getComputedStyle(document.querySelector('.stage h1')!).color,
      navbar: getComputedStyle(document.querySelector('.navbar')!).backgroundColor,
    }));
    t.equal(colours.stage, 'rgb(242, 246, 249)', `${label}: the tint surface`);
    t.equal(colours.headline, 'rgb(10, 28, 44)', `${label}: a dark headline`);
    t.equal(colours.navbar, 'rgb(255, 255, 255)', `${label}: a white navbar`);
    // The contact page's intro is its desk: beside the form, not a text column above it.
    const form = await boxOf(page, '.form-block__main');
    const desk = await boxOf(page, '.form-block__aside');
    t.ok(desk.left >= form.right, `${label}: the desk from ${desk.left}, the form to ${form.right}`);
    t.ok(desk.top < form.bottom, `${label}: side by side`);
  });

  t.test('the about page at 1440 px: the story beside its headline, as intros are', async (t) => {
    for (const [path, language] of [
      ['/company/about-us', 'en'],
      ['/unternehmen/ueber-uns', 'de'],
    ] as const) {
      const { page, label } = await visit(path, language, 1440);
      await twoColumnIntro(t, page, label, '.who-we-are');
    }
  });

  t.test('at 375 px intros take one column', async (t) => {
    for (const [path, language] of [
      ['/', 'de'],
      ['/company/career', 'en'],
    ] as const) {
      const { page, problems, label } = await visit(path, language, 375);
      await oneColumnIntro(t, page, label);
      t.same(problems, [], `${label}: no console errors`);
    }
  });
});
