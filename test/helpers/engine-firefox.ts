/** The engine layer over Debian's Firefox ESR, driven by puppeteer-core over WebDriver BiDi on 127.0.0.1. */
import puppeteer, { ProtocolError } from 'puppeteer-core';
import {
  assertViewport,
  DEFAULT_WAIT_MS,
  DRIVER_KEYS,
  type Engine,
  type EnginePage,
  FIREFOX_PATH,
  filesOnDisk,
  pollUntil,
  type Viewport,
} from './engine-page.ts';

/**
 * On top of puppeteer's own test profile: nothing the browser does by itself reaches out (updates, telemetry, remote
 * settings, studies, captive-portal and connectivity probes, prefetching, push), so a run sees only the site.
 */
export const OFFLINE_PREFS: Record<string, unknown> = {
  'app.update.enabled': false,
  'app.update.auto': false,
  'app.normandy.enabled': false,
  'app.shield.optoutstudies.enabled': false,
  'toolkit.telemetry.enabled': false,
  'toolkit.telemetry.unified': false,
  'toolkit.telemetry.server': 'data:,',
  'datareporting.healthreport.uploadEnabled': false,
  'datareporting.policy.dataSubmissionEnabled': false,
  'services.settings.server': 'data:,',
  'browser.region.network.url': '',
  'browser.search.update': false,
  'browser.safebrowsing.malware.enabled': false,
  'browser.safebrowsing.phishing.enabled': false,
  'browser.newtabpage.enabled': false,
  'extensions.update.enabled': false,
  'extensions.getAddons.cache.enabled': false,
  'geo.provider.network.url': '',
  'network.captive-portal-service.enabled': false,
  'network.connectivity-service.enabled': false,
  'network.dns.disablePrefetch': true,
  'network.prefetch-next': false,
  'network.http.speculative-parallel-limit': 0,
  'dom.push.connection.enabled': false,
  // WebDriver BiDi only, and only to local clients.
  'remote.active-protocols': 1,
};

export async function launchFirefox(): Promise<Engine> {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    extraPrefsFirefox: OFFLINE_PREFS,
  });
  const endpoint = new URL(browser.wsEndpoint());
  if (endpoint.hostname !== '127.0.0.1') {
    await browser.close();
    throw new Error(`Firefox's WebDriver BiDi listens on ${endpoint.host}, not on 127.0.0.1`);
  }
  return {
    name: 'firefox',
    async openPage(viewport: Viewport): Promise<EnginePage> {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(`console: ${message.text()}`);
      });
      page.on('pageerror', (error) => errors.push(`pageerror: ${(error as Error).message}`));
      try {
        await page.setViewport(viewport);
      } catch (error) {
        // Puppeteer also sets the screen orientation, a BiDi command Firefox 140 ESR does not know yet; the viewport
        // itself is sent alongside; it is waited for below, then assertViewport confirms it.
        if (!(error instanceof ProtocolError && error.message.includes('setScreenOrientationOverride'))) throw error;
      }
      await pollUntil(
        'firefox',
        () => page.evaluate((width) => window.innerWidth === width, viewport.width),
        DEFAULT_WAIT_MS,
        `a viewport ${viewport.width} px wide`,
      ).catch(() => undefined);
      const enginePage: EnginePage = {
        engine: 'firefox',
        async goto(url) {
          await page.goto(url, { waitUntil: 'load' });
        },
        evaluate: (fn, arg) => page.evaluate(fn as (arg: unknown) => never, arg),
        waitFor: (fn, arg, timeoutMs = DEFAULT_WAIT_MS) =>
          pollUntil('firefox', () => page.evaluate(fn as (arg: unknown) => unknown, arg), timeoutMs, String(fn)),
        click: (selector) => page.click(selector),
        press: (key) => page.keyboard.press(key),
        screenshot: async () => Buffer.from(await page.screenshot({ fullPage: true, type: 'png' })),
        consoleErrors: () => [...errors],
        close: () => context.close(),
        async fill(selector, text) {
          // Selected, the old text is replaced by the first key typed.
          await page.$eval(selector, (field) => (field as HTMLInputElement).select());
          if (text === '') await page.keyboard.press('Backspace');
          else await page.type(selector, text);
        },
        async check(selector) {
          if (!(await page.$eval(selector, (box) => (box as HTMLInputElement).checked))) await page.click(selector);
        },
        async selectOption(selector, value) {
          await page.select(selector, value);
        },
        async pressKey(key) {
          if (key !== 'Shift+Tab') return page.keyboard.press(DRIVER_KEYS[key]);
          await page.keyboard.down('Shift');
          await page.keyboard.press('Tab');
          await page.keyboard.up('Shift');
        },
        hover: (selector) => page.hover(selector),
        async setFiles(selector, files) {
          const input = await page.$(selector);
          if (!input) throw new Error(`firefox: no ${selector} to choose files for`);
          const chosen = filesOnDisk(files);
          await (input as import('puppeteer-core').ElementHandle<HTMLInputElement>)
            .uploadFile(...chosen.paths)
            .finally(chosen.done);
        },
        url: async () => page.url(),
        async runScript(source) {
          await page.evaluate(source);
        },
      };
      await assertViewport(enginePage, viewport);
      return enginePage;
    },
    close: () => browser.close(),
  };
}
