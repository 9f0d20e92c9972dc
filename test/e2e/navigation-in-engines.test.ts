/**
 * The navigation as a person uses it, in Chromium, Firefox ESR and WebKit: the burger menu and its dropdowns by
 * pointer and keyboard, a desktop dropdown on hover, the skip link, the language switch, a link followed without a
 * reload, the bar turning light on scroll, and the way back from the 404 page. One browser per engine, a fresh page
 * per journey. The Chromium-only parts (what the policy refuses, cookies as the browser stores them, pages without
 * JavaScript, the answers' headers) stay in navigation.test.ts.
 */
import t from 'tap';
import {
  elementState,
  HYDRATION_WAIT_MS,
  hidden,
  inEachEngine,
  openHydrated,
  openPage,
  visible,
  waitAcross,
} from '../helpers/engine-journey.ts';
import { startServer } from '../helpers/server-process.ts';

// Every engine in turn with a browser of its own: more than tap's two minutes a file on a busy 2-core machine.
t.setTimeout(600_000);

t.test('a visitor finds their way', async (t) => {
  const server = await startServer(t);

  inEachEngine(t, async (t, engine) => {
    t.test('the burger menu at 800 px, by pointer and keyboard', async (t) => {
      const page = await openPage(t, engine, 800, 900);
      await openHydrated(page, `${server.url}/`);
      t.ok((await elementState(page, '.navbar__burger'))?.visible, 'the burger shows under 1025 px');
      t.notOk((await elementState(page, '.navbar__menu'))?.visible, 'the menu is closed at first');
      await page.click('.navbar__burger');
      await page.waitFor(visible, '.navbar__menu');
      t.equal((await elementState(page, '.navbar__burger'))?.attributes['aria-expanded'], 'true');
      t.match((await elementState(page, 'header.navbar'))?.attributes.class, 'navbar--light', 'light while open');
      await page.click('.navbar__toggle');
      await page.waitFor(visible, '.navbar__popover');
      t.pass('a parent opens its dropdown');
      await page.pressKey('Escape');
      await page.waitFor(hidden, '.navbar__popover');
      t.pass('Escape closes the dropdown');
      await page.pressKey('Escape');
      await page.waitFor(() => document.querySelector('.navbar__burger')?.getAttribute('aria-expanded') === 'false');
      t.pass('Escape closes the menu');
      t.ok((await elementState(page, '.navbar__burger'))?.focused, 'focus returns to the burger');
      await page.close();
    });

    t.test('a dropdown on hover at 1280 px, closed when the pointer leaves', async (t) => {
      const page = await openPage(t, engine);
      await openHydrated(page, `${server.url}/`);
      t.notOk((await elementState(page, '.navbar__burger'))?.visible, 'no burger on large screens');
      await page.hover('.navbar__item--parent');
      await page.waitFor(visible, '.navbar__item--parent .navbar__popover');
      t.equal((await elementState(page, '.navbar__item--parent .navbar__toggle'))?.attributes['aria-expanded'], 'true');
      t.ok(
        await page.evaluate(() =>
          [...document.querySelectorAll('.navbar__item--open .navbar__child')].every((entry) => {
            const icon = entry.querySelector('.navbar__child-icon svg')?.getBoundingClientRect();
            return icon !== undefined && icon.width >= 16 && icon.height >= 16;
          }),
        ),
        'every entry of the open dropdown shows its icon',
      );
      await page.hover('.navbar__logo');
      await page.waitFor(hidden, '.navbar__item--parent .navbar__popover');
      t.pass('closes when the pointer leaves');
      await page.close();
    });

    t.test('the skip link is the first stop and leads to the content', async (t) => {
      const page = await openPage(t, engine);
      await openHydrated(page, `${server.url}/company/about-us`);
      await page.pressKey('Tab');
      await page.waitFor(() => document.activeElement?.classList.contains('skip-link') === true);
      t.ok((await elementState(page, '.skip-link'))?.visible, 'shown while focused');
      await page.pressKey('Enter');
      await page.waitFor(() => location.hash === '#main');
      await page.pressKey('Tab');
      const focused = await page.evaluate(() => {
        const main = document.getElementById('main');
        return { inMain: main?.contains(document.activeElement) ?? false, tag: document.activeElement?.tagName };
      });
      t.ok(focused.inMain, `the next Tab stays in the content (${focused.tag})`);
      await page.close();
    });

    t.test('switches language and lands on the translated page, remembered', async (t) => {
      const page = await openPage(t, engine);
      await openHydrated(page, `${server.url}/company/about-us`);
      await page.click('.language-switch__toggle');
      await page.waitFor(visible, '.language-switch__option[data-language="de"]');
      await page.click('.language-switch__option[data-language="de"]');
      await waitAcross(
        page,
        () => location.pathname === '/unternehmen/ueber-uns' && document.documentElement.lang === 'de',
        undefined,
      );
      await waitAcross(page, () => document.cookie.includes('language=de'), undefined);
      t.pass('the German page, and the language is remembered');
      t.match((await elementState(page, '.language-switch__toggle'))?.text, 'DE');
      await page.close();
    });

    t.test('follows a link without a full reload and turns the bar light on scroll', async (t) => {
      const page = await openPage(t, engine);
      await openHydrated(page, `${server.url}/`);
      t.match((await elementState(page, 'header.navbar'))?.attributes.class, 'navbar--dark');
      await page.evaluate(() => window.scrollTo(0, 900));
      await page.waitFor(() => document.querySelector('header.navbar.navbar--light') !== null);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.waitFor(() => document.querySelector('header.navbar.navbar--dark') !== null);
      t.pass('light after scrolling, dark again at the top');
      await page.evaluate(() => {
        (window as unknown as { stayed: boolean }).stayed = true;
      });
      await page.click('.services__link');
      await waitAcross(
        page,
        () => /^\/services\/[a-z-]+$/.test(location.pathname) && document.querySelector('h1.stage__headline') !== null,
        undefined,
        HYDRATION_WAIT_MS,
      );
      t.equal(
        await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed === true),
        true,
        'same document: client-side navigation',
      );
      t.match(await page.evaluate(() => document.title), 'Nordstern Digital');
      await page.close();
    });

    t.test('from the 404 page back to the homepage', async (t) => {
      const page = await openPage(t, engine);
      await openHydrated(page, `${server.url}/this/does/not/exist`);
      // The code is set as an uppercase label: what a reader sees may be capitals, the text is the spec's.
      t.equal((await elementState(page, 'h1'))?.text.toLowerCase(), 'error 404');
      await page.click('.error-page .button');
      await waitAcross(
        page,
        () => location.pathname === '/' && document.querySelector('h1.stage__headline') !== null,
        undefined,
        HYDRATION_WAIT_MS,
      );
      t.notMatch(await page.evaluate(() => document.title), 'Error', 'the error title is gone');
      await page.close();
    });
  });
});
