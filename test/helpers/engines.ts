/**
 * One way for layout tests and the screenshot tool to drive a page in each browser engine the site supports, all
 * from Debian packages: Chromium (playwright-core), Firefox ESR (puppeteer-core over WebDriver BiDi) and WebKit
 * (WebKitWebDriver with the MiniBrowser under Xvfb). Every driver listens on 127.0.0.1 and is reached there.
 */
import type { Engine, EngineName } from './engine-page.ts';

export * from './engine-page.ts';

export async function launchEngine(name: EngineName): Promise<Engine> {
  switch (name) {
    case 'chromium':
      return (await import('./engine-chromium.ts')).launchChromium();
    case 'firefox':
      return (await import('./engine-firefox.ts')).launchFirefox();
    case 'webkit':
      return (await import('./engine-webkit.ts')).launchWebKit();
  }
}
