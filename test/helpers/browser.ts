/** Debian's Chromium driven by playwright-core, headless, offline; collects console errors of every page. */
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

interface TestContext {
  teardown(fn: () => unknown): void;
}

export async function launchBrowser(t: TestContext): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-gpu', '--no-first-run', '--disable-sync'],
  });
  t.teardown(() => browser.close());
  return browser;
}

export interface WatchedPage {
  page: Page;
  /** Console errors and warnings, and uncaught page errors. */
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
  return { page, problems };
}

/** Resolves when the page's router has hydrated. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}
