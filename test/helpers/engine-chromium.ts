/** The engine layer over Debian's Chromium, driven by playwright-core with the flags of the other browser tests. */
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './browser.ts';
import {
  DEFAULT_WAIT_MS,
  DRIVER_KEYS,
  type Engine,
  type EnginePage,
  filesOnDisk,
  type Viewport,
} from './engine-page.ts';

export async function launchChromium(): Promise<Engine> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  return {
    name: 'chromium',
    async openPage(viewport: Viewport): Promise<EnginePage> {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(`console: ${message.text()}`);
      });
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      return {
        engine: 'chromium',
        async goto(url) {
          await page.goto(url, { waitUntil: 'load' });
        },
        evaluate: (fn, arg) => page.evaluate(fn, arg as never),
        async waitFor(fn, arg, timeoutMs = DEFAULT_WAIT_MS) {
          await page.waitForFunction(fn, arg as never, { timeout: timeoutMs });
        },
        click: (selector) => page.click(selector),
        press: (key) => page.keyboard.press(key),
        screenshot: () => page.screenshot({ fullPage: true, type: 'png' }),
        consoleErrors: () => [...errors],
        close: () => context.close(),
        async fill(selector, text) {
          await page.fill(selector, '');
          await page.locator(selector).pressSequentially(text);
        },
        check: (selector) => page.check(selector),
        async selectOption(selector, value) {
          await page.selectOption(selector, value);
        },
        pressKey: (key) => page.keyboard.press(key === 'Shift+Tab' ? key : DRIVER_KEYS[key]),
        hover: (selector) => page.hover(selector),
        async setFiles(selector, files) {
          // From disk, as in the other engines, so the browser names each file's type by its extension.
          const chosen = filesOnDisk(files);
          await page.setInputFiles(selector, chosen.paths).finally(chosen.done);
        },
        url: async () => page.url(),
        async runScript(source) {
          await page.evaluate(source);
        },
      };
    },
    close: () => browser.close(),
  };
}
