/**
 * The navigation bar fits at every desktop width, in both languages, in each browser engine: from 1025 px up every
 * control of the bar (logo, links, submenu buttons, call to action, language switch, login) keeps its text on one line,
 * at least as wide as its content and its icons at their drawn size, inside the bar and the viewport, and the page does
 * not scroll sideways. On a phone the bar keeps a visible contact action beside the burger, and the opened burger
 * menu holds no second one. One browser per engine, a fresh page per width and language.
 */
import t from 'tap';
import { ENGINE_NAMES, type EnginePage, engineMissing, launchEngine } from '../helpers/engines.ts';
import { startServer } from '../helpers/server-process.ts';

const DESKTOP_WIDTHS = [1025, 1100, 1180, 1280, 1366, 1440];
const HOMES = { en: '/?lang=en', de: '/?lang=de' } as const;
const CONTACT_PATHS = { en: '/company/contact', de: '/unternehmen/kontakt' } as const;

/** What is wrong with one control of the bar, in words a failure can show; empty when it fits. */
interface BarReport {
  controls: number;
  loginShown: boolean;
  problems: string[];
  scrollWidth: number;
}

/** Runs in the page: every rendered link, button and summary of the bar, outside the menus that open from it. */
function measureBar(): BarReport {
  const header = document.querySelector('header.navbar');
  if (!header) return { controls: 0, loginShown: false, problems: ['no navigation bar'], scrollWidth: 0 };
  const bar = header.getBoundingClientRect();
  // No named inner functions: the page gets this function's source, without the helpers a build adds for names.
  const controls = [...header.querySelectorAll('a, button, summary')].filter(
    (element) =>
      element.getClientRects().length > 0 &&
      getComputedStyle(element).visibility !== 'hidden' &&
      !element.closest('.navbar__popover, .language-switch__list, .login-entry__card') &&
      element.getBoundingClientRect().width > 0,
  );
  const problems: string[] = [];
  for (const control of controls) {
    const name = `${control.tagName.toLowerCase()}.${[...control.classList].join('.')} “${(control.textContent ?? '').trim()}”`;
    const box = control.getBoundingClientRect();
    if (box.left < -0.5 || box.right > window.innerWidth + 0.5)
      problems.push(`${name} leaves the viewport (${Math.round(box.left)}–${Math.round(box.right)} px)`);
    if (box.top < bar.top - 0.5 || box.bottom > bar.bottom + 0.5)
      problems.push(`${name} leaves the bar (${Math.round(box.top)}–${Math.round(box.bottom)} px)`);
    // Its text on one line: every line box of every text in it shares one top.
    const tops: number[] = [];
    const walker = document.createTreeWalker(control, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      const parent = text.parentElement;
      if (!text.textContent?.trim() || !parent || parent.getClientRects().length === 0) continue;
      if (parent.closest('.visually-hidden')) continue;
      const range = document.createRange();
      range.selectNodeContents(text);
      for (const rect of range.getClientRects()) if (rect.width > 0) tops.push(rect.top);
    }
    if (tops.length > 0 && Math.max(...tops) - Math.min(...tops) > 2) problems.push(`${name} wraps onto two lines`);
    // As wide as its content: a copy laid out on its own at max-content is no wider.
    const copy = control.cloneNode(true) as HTMLElement;
    copy.removeAttribute('id');
    copy.style.cssText += ';position:absolute;left:0;top:0;width:max-content;visibility:hidden;flex:none';
    control.parentElement!.append(copy);
    const natural = copy.getBoundingClientRect().width;
    copy.remove();
    if (box.width < natural - 0.5)
      problems.push(`${name} is squeezed to ${box.width.toFixed(1)} px of its ${natural.toFixed(1)} px`);
    if (control.scrollWidth > control.clientWidth + 1 && control.clientWidth > 0)
      problems.push(`${name} cuts its content (${control.scrollWidth} px in ${control.clientWidth} px)`);
    for (const icon of control.querySelectorAll('svg')) {
      if (icon.getClientRects().length === 0) continue;
      const drawn = icon.getBoundingClientRect();
      const width = Number(icon.getAttribute('width'));
      const height = Number(icon.getAttribute('height'));
      if (Math.abs(drawn.width - width) > 0.5 || Math.abs(drawn.height - height) > 0.5)
        problems.push(`${name}: an icon drawn ${width} × ${height} shows at ${drawn.width} × ${drawn.height}`);
    }
  }
  const login = header.querySelector('.login-entry__toggle');
  return {
    controls: controls.length,
    loginShown: login !== null && login.getClientRects().length > 0 && getComputedStyle(login).visibility !== 'hidden',
    problems,
    scrollWidth: document.documentElement.scrollWidth,
  };
}

async function openHome(page: EnginePage, url: string): Promise<void> {
  await page.goto(url);
  // Hydrated, and the login entry (client-only) in its place: the bar is complete.
  await page.waitFor(
    () =>
      document.documentElement.dataset.hydrated === 'true' &&
      document.querySelector('.login-entry__toggle--pending') === null,
    undefined,
    30_000,
  );
}

// Forty-two page loads in three engines: on a busy two-core machine each takes several seconds.
t.setTimeout(600_000);

t.test('the navigation bar fits', async (t) => {
  const server = await startServer(t);

  for (const name of ENGINE_NAMES) {
    t.test(name, { skip: engineMissing(name) ?? false }, async (t) => {
      const engine = await launchEngine(name);
      t.teardown(() => engine.close());

      for (const width of DESKTOP_WIDTHS) {
        for (const [language, address] of Object.entries(HOMES)) {
          const page = await engine.openPage({ width, height: 768 });
          await openHome(page, server.url + address);
          const report = await page.evaluate(measureBar);
          const where = `${language} at ${width} px`;
          t.same(report.problems, [], `${where}: every control on one line, full size, inside the bar and viewport`);
          t.ok(report.controls >= 11, `${where}: the whole bar is measured (${report.controls} controls)`);
          t.ok(report.loginShown, `${where}: the login entry is in the bar`);
          t.ok(report.scrollWidth <= width, `${where}: nothing scrolls sideways (${report.scrollWidth} px)`);
          await page.close();
        }
      }

      for (const [language, address] of Object.entries(HOMES)) {
        const contactPath = CONTACT_PATHS[language as keyof typeof CONTACT_PATHS];
        const page = await engine.openPage({ width: 375, height: 812 });
        await openHome(page, server.url + address);
        const where = `${language} at 375 px`;
        const closed = await page.evaluate((path) => {
          const contact = [...document.querySelectorAll<HTMLAnchorElement>('header.navbar a')].find(
            (link) => new URL(link.href).pathname === path && link.getClientRects().length > 0,
          );
          const box = contact?.getBoundingClientRect();
          const burger = document.querySelector('.navbar__burger')?.getBoundingClientRect();
          return {
            contact: box ? { left: box.left, right: box.right, top: box.top, bottom: box.bottom } : null,
            burger: burger ? { left: burger.left, top: burger.top, bottom: burger.bottom } : null,
            scrollWidth: document.documentElement.scrollWidth,
          };
        }, contactPath);
        t.ok(closed.contact, `${where}: a contact action shows in the bar with the menu closed`);
        if (closed.contact && closed.burger) {
          t.ok(
            closed.contact.left >= 0 && closed.contact.right <= closed.burger.left,
            `${where}: it sits inside the viewport, before the burger`,
          );
          t.ok(
            closed.contact.top < closed.burger.bottom && closed.contact.bottom > closed.burger.top,
            `${where}: on the burger's line`,
          );
        }
        t.ok(closed.scrollWidth <= 375, `${where}: nothing scrolls sideways (${closed.scrollWidth} px)`);

        await page.click('.navbar__burger');
        await page.waitFor(() => document.querySelector('.navbar__menu--open') !== null);
        const shown = await page.evaluate(
          (path) =>
            [...document.querySelectorAll<HTMLAnchorElement>('header.navbar a')]
              .filter((link) => new URL(link.href).pathname === path && link.getClientRects().length > 0)
              .map((link) => (link.textContent ?? '').trim()),
          contactPath,
        );
        t.equal(shown.length, 1, `${where}: with the menu open, one contact entry shows (${shown.join(', ')})`);
        await page.close();
      }
    });
  }
});
