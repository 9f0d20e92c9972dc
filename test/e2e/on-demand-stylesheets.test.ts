/**
 * The rules only other pages and parts need stay out of the homepage: its inlined stylesheet
 * carries none of the sheets loaded on demand (build.mjs ON_DEMAND_STYLES), and nothing on it
 * matches their rules, so none is missing. A page that needs a sheet has it from the server, and
 * after a client-side navigation, the login card and the cookie list have theirs from the moment
 * they show: nothing appears unstyled first.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import t from 'tap';
import { launchBrowser, openPage, waitForHydration } from '../helpers/browser.ts';
import { startServer } from '../helpers/server-process.ts';

interface Manifest {
  styles: Record<string, string[]>;
}

const manifest = JSON.parse(await readFile('dist/manifest.json', 'utf8')) as Manifest;
const sheetText = (url: string) => readFile(path.join('dist/public', url), 'utf8');
const inlineCss = (html: string) => /<style id="site-css">([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
/** A rule of each sheet: its first selector as the sheet writes it. */
const firstSelector = (css: string) => css.slice(0, css.indexOf('{'));

/** Records, for each selector, its computed `property` when an element matching it first enters the page. */
async function watchFirstStyle(page: Page, watched: Record<string, string>): Promise<void> {
  await page.evaluate((watched) => {
    const seen: Record<string, string> = {};
    (window as unknown as { __firstStyle: Record<string, string> }).__firstStyle = seen;
    // No named functions in here: the test runner's transform would name them with a helper the page lacks.
    new MutationObserver(() => {
      for (const [selector, property] of Object.entries(watched)) {
        const element = document.querySelector(selector);
        if (element && !(selector in seen)) seen[selector] = getComputedStyle(element).getPropertyValue(property);
      }
    }).observe(document, { childList: true, subtree: true, attributes: true });
  }, watched);
}

const firstStyle = (page: Page, selector: string) =>
  page
    .waitForFunction(
      (selector) => (window as unknown as { __firstStyle: Record<string, string> }).__firstStyle[selector],
      selector,
    )
    .then((handle) => handle.jsonValue());

/** A client-side navigation, as the router makes it for a link or the back button. */
const navigate = (page: Page, address: string) =>
  page.evaluate((address) => {
    history.pushState(null, '', address);
    dispatchEvent(new PopStateEvent('popstate'));
  }, address);

t.test('stylesheets loaded on demand', async (t) => {
  const server = await startServer(t);
  const sheets = [...new Set(Object.values(manifest.styles).flat())];
  t.ok(sheets.length >= 8, `the build names its sheets loaded on demand (${sheets.length})`);
  const texts = Object.fromEntries(await Promise.all(sheets.map(async (url) => [url, await sheetText(url)] as const)));

  t.test('the homepage carries none of them, in either language', async (t) => {
    for (const address of ['/?lang=en', '/?lang=de']) {
      const css = inlineCss(await (await fetch(`${server.url}${address}`)).text());
      t.ok(css.length > 10_000, `${address} inlines its stylesheet`);
      for (const url of sheets) t.notOk(css.includes(texts[url]!), `${address} does not carry ${url}`);
      for (const selector of [
        '.error-page__stage',
        '.login-panel__google',
        '.consent-settings__header',
        '.stage--utility',
      ])
        t.notOk(css.includes(`${selector}{`), `${address} has no rule for ${selector}`);
    }
  });

  t.test('a page that needs a sheet carries it from the server', async (t) => {
    const pages: [string, string, number][] = [
      ['/does-not-exist', 'route-error-page', 404],
      ['/insights/no-such-article?lang=en', 'route-error-page', 404],
      ['/services?lang=en', 'content-page', 200],
      ['/insights?lang=en', 'insights', 200],
    ];
    for (const [address, module, status] of pages) {
      const response = await fetch(`${server.url}${address}`);
      t.equal(response.status, status, `${address} answers ${status}`);
      const css = inlineCss(await response.text());
      for (const url of manifest.styles[module]!) t.ok(css.includes(texts[url]!), `${address} carries ${url}`);
    }
    const notFound = inlineCss(await (await fetch(`${server.url}/does-not-exist`)).text());
    t.ok(notFound.includes(firstSelector(texts[manifest.styles['route-error-page']![0]!]!)), 'the error page’s rules');
  });

  const browser = await launchBrowser(t);

  t.test('nothing on the homepage matches a rule of a sheet it does not carry', async (t) => {
    // A selector matches whatever the width: the rules inside media queries are tried too.
    for (const width of [1440]) {
      const { page, problems } = await openPage(browser, width);
      await page.goto(`${server.url}/`);
      await waitForHydration(page);
      const matched = await page.evaluate((texts) => {
        const found: string[] = [];
        const rules: CSSRule[] = [];
        for (const text of Object.values(texts)) {
          const sheet = new CSSStyleSheet();
          sheet.replaceSync(text);
          rules.push(...sheet.cssRules);
        }
        while (rules.length > 0) {
          const rule = rules.shift()!;
          if (rule instanceof CSSStyleRule) {
            // States and parts (:hover, ::before) match what the element itself matches.
            const selector = rule.selectorText
              .replace(
                /::?(hover|focus-visible|focus-within|focus|active|visited|disabled|checked|backdrop|before|after|placeholder|marker|-webkit-[\w-]+|-moz-[\w-]+)/g,
                '',
              )
              .replace(/:not\(\)/g, '');
            if (document.querySelector(selector)) found.push(rule.selectorText);
          } else if ('cssRules' in rule) rules.push(...(rule as CSSGroupingRule).cssRules);
        }
        return found;
      }, texts);
      t.same(matched, [], `at ${width} px`);
      t.same(problems, []);
      await page.context().close();
    }
  });

  t.test('a client-side navigation shows each page kind styled from its first frame', async (t) => {
    const { page, problems } = await openPage(browser, 1440);
    await page.goto(`${server.url}/?lang=en`);
    await waitForHydration(page);
    await watchFirstStyle(page, {
      '.error-page__stage': 'background-image',
      '.stage--feature': 'background-image',
      '.stage--utility': 'background-color',
    });
    await navigate(page, '/does-not-exist');
    t.match(await firstStyle(page, '.error-page__stage'), /linear-gradient/, 'the error page');
    await navigate(page, '/services?lang=en');
    t.match(await firstStyle(page, '.stage--feature'), /linear-gradient/, 'a feature hero');
    await navigate(page, '/insights?lang=en');
    t.not(await firstStyle(page, '.stage--utility'), 'rgba(0, 0, 0, 0)', 'a utility hero on its tint');
    t.same(problems, []);
  });

  t.test('the login card and the cookie list are styled when they open on the homepage', async (t) => {
    const { page, problems } = await openPage(browser, 1440);
    await page.goto(`${server.url}/?lang=en`);
    await waitForHydration(page);
    await watchFirstStyle(page, { '.login-panel': 'display', '.consent-settings': 'padding-top' });
    await page.locator('.login-entry__toggle').click();
    t.equal(await firstStyle(page, '.login-panel'), 'flex', 'the login card');
    await page.keyboard.press('Escape');
    await page.locator('.footer__cookies').click();
    t.equal(await firstStyle(page, '.consent-settings'), '24px', 'the cookie list');
    t.same(problems, []);
  });
});
