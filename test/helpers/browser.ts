/** Debian's Chromium driven by playwright-core, headless, offline; collects console errors and Content Security Policy violations of every page. */
import { type Browser, chromium, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Headless and offline: no background fetches, no component updates, no sync. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-gpu',
  '--no-first-run',
  '--disable-sync',
];

interface TestContext {
  teardown(fn: () => unknown): void;
}

export async function launchBrowser(t: TestContext): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
  });
  t.teardown(() => browser.close());
  return browser;
}

export interface WatchedPage {
  page: Page;
  /** Console errors and warnings, uncaught page errors, and what the Content Security Policy refused (`csp: …`). */
  problems: string[];
}

export async function openPage(browser: Browser, width = 1280, height = 900): Promise<WatchedPage> {
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    // A failed load says only its status; the address it failed on is what makes the report useful.
    const { url } = message.location();
    problems.push(`${message.type()}: ${message.text()}${url ? ` (${url.replace(/^https?:\/\/[^/]+/, '')})` : ''}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  // Every browser test runs under the site's policy: a refused script, frame or connection is a problem too.
  await page.exposeFunction('__reportPolicyViolation', (text: string) => problems.push(`csp: ${text}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      (window as unknown as { __reportPolicyViolation(text: string): void }).__reportPolicyViolation(
        `${event.effectiveDirective} ${event.blockedURI} ${event.disposition}`,
      ),
    );
  });
  return { page, problems };
}

/** Resolves when the page's router has hydrated. */
export async function waitForHydration(page: Page): Promise<void> {
  try {
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  } catch (error) {
    // A page that never hydrates has usually lost a script: say which loaded, how, and which did not.
    throw new Error(
      `${(error as Error).message}\n${await loadState(page).catch((stateError: Error) => stateError.message)}`,
    );
  }
}

async function loadState(page: Page): Promise<string> {
  return page.evaluate(() => {
    const loaded = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map(
      (entry) => `${entry.responseStatus} ${new URL(entry.name).pathname} ${Math.round(entry.duration)} ms`,
    );
    const scripts = [
      ...document.querySelectorAll<HTMLScriptElement | HTMLLinkElement>('script[src], link[rel="modulepreload"]'),
    ].map((element) => new URL('src' in element ? element.src : element.href).pathname);
    const finished = new Set(loaded.map((line) => line.split(' ')[1]));
    return JSON.stringify(
      { readyState: document.readyState, loaded, scriptsNotLoaded: scripts.filter((script) => !finished.has(script)) },
      null,
      1,
    );
  });
}
