import t from 'tap';
import { launchBrowser, openPage, waitForHydration } from '../helpers/browser.ts';
import { startServer } from '../helpers/server-process.ts';

t.test('a visitor in Chromium', async (t) => {
  const server = await startServer(t);
  const browser = await launchBrowser(t);

  t.test('loads the homepage and sees the navigation turn light on scroll', async (t) => {
    const { page, problems } = await openPage(browser, 1280);
    await page.goto(`${server.url}/`);
    await waitForHydration(page);
    t.equal(await page.getAttribute('html', 'lang'), 'en');
    t.match(await page.getAttribute('header.navbar', 'class'), 'navbar--dark');
    // The icons take their line from the stylesheet (.icon), not from attributes of their own.
    const burgerIcon = await page.locator('.navbar__burger .icon').evaluate((icon) => {
      const style = getComputedStyle(icon);
      return {
        attributes: icon.getAttributeNames().sort(),
        line: [style.fill, style.strokeWidth, style.strokeLinecap, style.strokeLinejoin],
        strokeIsText: style.stroke === style.color,
      };
    });
    t.same(burgerIcon, {
      attributes: ['aria-hidden', 'class', 'height', 'viewBox', 'width'],
      line: ['none', '1.8px', 'round', 'round'],
      strokeIsText: true,
    });
    t.equal(await page.locator('a[data-discover]').count(), 0, 'no link carries route discovery markup');
    await page.mouse.wheel(0, 900);
    await page.waitForSelector('header.navbar.navbar--light');
    t.pass('light after scrolling');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForSelector('header.navbar.navbar--dark');
    t.pass('dark again at the top');
    t.same(problems, [], 'no console errors or hydration warnings');
  });

  t.test('opens the burger menu at 800 px', async (t) => {
    const { page, problems } = await openPage(browser, 800);
    await page.goto(`${server.url}/`);
    await waitForHydration(page);
    const burger = page.locator('.navbar__burger');
    t.ok(await burger.isVisible(), 'burger shown under 1025 px');
    t.notOk(await page.locator('.navbar__menu').isVisible(), 'menu closed at first');
    await burger.click();
    t.equal(await burger.getAttribute('aria-expanded'), 'true');
    t.ok(await page.locator('.navbar__menu').isVisible(), 'menu open');
    t.match(await page.getAttribute('header.navbar', 'class'), 'navbar--light', 'light while the menu is open');
    await page.locator('.navbar__toggle').first().click();
    t.ok(await page.locator('.navbar__popover').first().isVisible(), 'a parent opens its dropdown');
    await page.keyboard.press('Escape');
    t.notOk(await page.locator('.navbar__popover').first().isVisible(), 'Escape closes the dropdown');
    await page.keyboard.press('Escape');
    t.equal(await burger.getAttribute('aria-expanded'), 'false', 'Escape closes the menu');
    t.ok(await burger.evaluate((element) => element === document.activeElement), 'focus returns to the burger');
    t.same(problems, []);
  });

  t.test('opens a popover on hover at 1280 px', async (t) => {
    const { page, problems } = await openPage(browser, 1280);
    await page.goto(`${server.url}/`);
    await waitForHydration(page);
    t.notOk(await page.locator('.navbar__burger').isVisible(), 'no burger on large screens');
    const parent = page.locator('.navbar__item--parent').first();
    await parent.hover();
    const popover = parent.locator('.navbar__popover');
    await popover.waitFor({ state: 'visible' });
    t.pass('popover opens after the delay');
    t.equal(await parent.locator('.navbar__toggle').getAttribute('aria-expanded'), 'true');
    await page.mouse.move(60, 860);
    await popover.waitFor({ state: 'hidden' });
    t.pass('closes when the pointer leaves');
    t.same(problems, []);
  });

  t.test('switches language and lands on the translated page with the cookie set', async (t) => {
    const { page, problems } = await openPage(browser, 1280);
    await page.goto(`${server.url}/company/about-us`);
    await waitForHydration(page);
    await page.click('.language-switch__toggle');
    await page.click('.language-switch__option[data-language="de"]');
    await page.waitForURL(`${server.url}/unternehmen/ueber-uns`);
    await page.waitForSelector('html[lang="de"]');
    const cookies = await page.context().cookies();
    t.equal(cookies.find((cookie) => cookie.name === 'language')?.value, 'de');
    t.match(await page.textContent('.language-switch__toggle'), 'DE');

    // On a shared path the switch leads to the English address of the same path.
    await page.goto(`${server.url}/services`);
    await waitForHydration(page);
    t.equal(await page.getAttribute('html', 'lang'), 'de');
    const germanHeadline = await page.textContent('h1');
    await page.click('.language-switch__toggle');
    await page.click('.language-switch__option[data-language="en"]');
    await page.waitForSelector('html[lang="en"]');
    t.equal(new URL(page.url()).pathname, '/services');
    t.equal(new URL(page.url()).search, '?lang=en');
    await page.waitForFunction((before) => document.querySelector('h1')?.textContent !== before, germanHeadline);
    t.not(await page.textContent('h1'), germanHeadline, 'content now in English');
    t.equal((await page.context().cookies()).find((cookie) => cookie.name === 'language')?.value, 'en');
    t.same(problems, []);
  });

  t.test('switches language without JavaScript, through real links', async (t) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    t.teardown(() => context.close());
    // A visitor who chose English before: the server switches a language cookie it is sent. (Without
    // one, the German address is the shared answer, which sets no cookie; the page's script remembers it.)
    await context.addCookies([{ name: 'language', value: 'en', url: server.url }]);
    const page = await context.newPage();
    await page.goto(`${server.url}/insights`);
    t.equal(await page.getAttribute('html', 'lang'), 'en');
    await page.click('.language-switch__toggle');
    await page.click('.language-switch__option[data-language="de"]');
    await page.waitForURL(`${server.url}/insights?lang=de`);
    t.equal(await page.getAttribute('html', 'lang'), 'de', 'the German address answers in German');
    t.equal((await context.cookies()).find((cookie) => cookie.name === 'language')?.value, 'de', 'and remembers it');
    await page.goto(`${server.url}/services`);
    t.equal(await page.getAttribute('html', 'lang'), 'de', 'shared pages follow');
  });

  t.test('an address that names its language is remembered by the page itself, not by the shared answer', async (t) => {
    for (const [address, language] of [
      ['/unternehmen', 'de'],
      ['/services?lang=de', 'de'],
      ['/company/about-us', 'en'],
    ] as const) {
      const { page, problems } = await openPage(browser, 1280);
      if (language === 'en') await page.context().addCookies([{ name: 'language', value: 'de', url: server.url }]);
      const response = await page.goto(`${server.url}${address}`);
      await waitForHydration(page);
      if (language === 'de') {
        t.notOk(
          response?.headers()['set-cookie'],
          `${address}: the answer sets no cookie, so a shared cache may keep it`,
        );
        t.match(response?.headers()['cache-control'], /s-maxage/);
      }
      await page.waitForFunction((language) => document.cookie.includes(`language=${language}`), language);
      t.equal(
        (await page.context().cookies()).find((cookie) => cookie.name === 'language')?.value,
        language,
        `${address}: remembered`,
      );
      await page.goto(`${server.url}/insights`);
      t.equal(await page.getAttribute('html', 'lang'), language, `${address}: shared pages follow`);
      t.same(problems, []);
      await page.context().close();
    }
  });

  t.test('follows a link without a full reload', async (t) => {
    const { page, problems } = await openPage(browser, 1280);
    await page.goto(`${server.url}/`);
    await waitForHydration(page);
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await page.click('.services__link >> nth=0');
    await page.waitForURL(/\/services\/[a-z-]+$/);
    await page.waitForSelector('h1.stage__headline');
    t.equal(
      await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed),
      true,
      'same document: client-side navigation',
    );
    t.match(await page.title(), 'Nordstern Digital');
    t.same(problems, []);
  });

  t.test('opens the cookie settings from the footer', async (t) => {
    const { page, problems } = await openPage(browser, 1280);
    await page.goto(`${server.url}/unternehmen`);
    await waitForHydration(page);
    await page.click('.footer__cookies');
    const dialog = page.locator('dialog.consent-settings');
    await dialog.waitFor({ state: 'visible' });
    t.match(await dialog.textContent(), 'Cookie-Einstellungen');
    t.match(await dialog.textContent(), 'language');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    t.pass('Escape closes it');
    t.same(problems, []);
  });

  t.test('sees the 404 page at an unknown path', async (t) => {
    const { page, problems } = await openPage(browser, 1280);
    const response = await page.goto(`${server.url}/this/does/not/exist`);
    t.equal(response?.status(), 404);
    await waitForHydration(page);
    t.equal(await page.textContent('h1'), 'Error 404');
    t.match(await page.textContent('.error-page__message'), 'This page could not be found');
    await page.click('text=Back to the homepage');
    await page.waitForURL(`${server.url}/`);
    await page.locator('h1.stage__headline').waitFor();
    t.not(await page.textContent('h1'), 'Error 404', 'the homepage replaced the error page');
    t.notMatch(await page.title(), 'Error', 'the error title is gone');
    t.same(
      problems.filter((problem) => !problem.includes('404 (Not Found)')),
      [],
      'only the document 404 itself is reported',
    );
  });
});
