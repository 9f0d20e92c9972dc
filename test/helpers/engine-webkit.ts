/**
 * The engine layer over WebKitGTK: Debian's WebKitWebDriver on 127.0.0.1 starts the MiniBrowser in automation mode on
 * an Xvfb display of its own, and selenium-webdriver speaks W3C WebDriver to it. Pages take turns in one MiniBrowser
 * window, each left without cookies or storage when it closes; closing the engine ends the browser, the driver and the
 * display and removes their folder.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Builder, By, Key, type WebDriver, type WebElement, error as webDriverErrors } from 'selenium-webdriver';
import sharp from 'sharp';
import {
  assertViewport,
  DEFAULT_WAIT_MS,
  type Engine,
  type EnginePage,
  filesOnDisk,
  type KeyName,
  MINIBROWSER_PATH,
  pollUntil,
  type Viewport,
  WEBKIT_DRIVER_PATH,
  XVFB_PATH,
} from './engine-page.ts';
import { freePort } from './free-port.ts';

/**
 * The MiniBrowser's toolbar holds its window at least 447 px wide, too wide for a 375 px phone; this stylesheet,
 * read from the folder XDG_CONFIG_HOME names, lets the toolbar shrink so the page gets exactly the width asked for.
 */
const SHRINKING_TOOLBAR =
  '* { min-width: 0; min-height: 0; padding: 0; margin: 0; border-width: 0; font-size: 1px; }\n';

/** Starts Xvfb on a display it picks itself (-displayfd), so parallel runs never race for a number. */
function startDisplay(): Promise<{ display: string; process: ChildProcess }> {
  const xvfb: ChildProcess = spawn(XVFB_PATH, ['-displayfd', '3', '-screen', '0', '1920x1080x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  xvfb.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk;
  });
  return new Promise((resolve, reject) => {
    let number = '';
    xvfb.stdio[3]?.on('data', (chunk: Buffer) => {
      number += chunk;
      if (number.endsWith('\n')) resolve({ display: `:${number.trim()}`, process: xvfb });
    });
    xvfb.once('error', reject);
    xvfb.once('exit', (code: number | null) => reject(new Error(`Xvfb exited with ${code}: ${stderr}`)));
  });
}

async function waitUntilReady(url: string, driver: ChildProcess): Promise<void> {
  const deadline = performance.now() + 20_000;
  while (performance.now() < deadline) {
    if (driver.exitCode !== null) throw new Error(`WebKitWebDriver exited with ${driver.exitCode}`);
    try {
      if ((await fetch(`${url}/status`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('WebKitWebDriver did not answer /status within 20 s');
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  return exited;
}

/** Marks and hides what stays put while the page scrolls, so a stitched shot shows it once. */
function hideFixedElements(): void {
  for (const element of document.querySelectorAll<HTMLElement>('body *')) {
    if (getComputedStyle(element).position !== 'fixed') continue;
    element.dataset.stitchHidden = element.style.visibility;
    element.style.visibility = 'hidden';
  }
}

function showFixedElements(): void {
  for (const element of document.querySelectorAll<HTMLElement>('[data-stitch-hidden]')) {
    element.style.visibility = element.dataset.stitchHidden ?? '';
    delete element.dataset.stitchHidden;
  }
}

const KEYS: Record<KeyName, string[]> = {
  Tab: [Key.TAB],
  'Shift+Tab': [Key.SHIFT, Key.TAB],
  Enter: [Key.ENTER],
  Escape: [Key.ESCAPE],
  Space: [Key.SPACE],
  ArrowDown: [Key.ARROW_DOWN],
  ArrowUp: [Key.ARROW_UP],
  Home: [Key.HOME],
  End: [Key.END],
};

/**
 * Runs a function's source in the page; tsx names functions with a helper the page does not have, so it is defined.
 * WebDriver sends a result of undefined back as null, where the other engines keep it undefined (a test that asks for
 * an element that is not there is told undefined): the result travels in an array, empty when it was undefined.
 */
async function inPage<Result>(driver: WebDriver, fn: (arg: never) => unknown, arg: unknown): Promise<Result> {
  const [result] = await driver.executeScript<[Result] | []>(
    `var __name = function (target) { return target; };
    return Promise.resolve((${fn.toString()}).call(null, arguments[0])).then(function (result) {
      return result === undefined ? [] : [result];
    });`,
    arg,
  );
  return result as Result;
}

/**
 * Scrolls the element to the viewport's middle when its centre is outside the viewport, as a person scrolls to what
 * they are about to click. WebKitWebDriver's Element Click should, but it counts the root's scroll-padding-top (room
 * the site keeps for the fixed navigation bar) as visible room below the viewport: an element up to that far below the
 * fold is left there, its centre outside the viewport, and the click fails as not interactable.
 */
function revealCentre(element: Element): void {
  const box = element.getBoundingClientRect();
  const x = box.left + box.width / 2;
  const y = box.top + box.height / 2;
  if (x >= 0 && x < window.innerWidth && y >= 0 && y < window.innerHeight) return;
  element.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'instant' });
}

export async function launchWebKit(): Promise<Engine> {
  const folder = mkdtempSync(path.join(tmpdir(), 'nordstern-webkit-'));
  for (const part of ['config/gtk-3.0', 'cache', 'data']) mkdirSync(path.join(folder, part), { recursive: true });
  writeFileSync(path.join(folder, 'config', 'gtk-3.0', 'gtk.css'), SHRINKING_TOOLBAR);
  const xvfb = await startDisplay();
  const port = await freePort();
  const driverProcess = spawn(WEBKIT_DRIVER_PATH, ['--host=127.0.0.1', `--port=${port}`], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      DISPLAY: xvfb.display,
      XDG_CONFIG_HOME: path.join(folder, 'config'),
      XDG_CACHE_HOME: path.join(folder, 'cache'),
      XDG_DATA_HOME: path.join(folder, 'data'),
    },
  });
  const driverUrl = `http://127.0.0.1:${port}`;
  // A run that ends without closing the engine (a test runner's timeout) still takes the display and driver with it.
  const orphans = () => {
    driverProcess.kill('SIGKILL');
    xvfb.process.kill('SIGKILL');
  };
  process.once('exit', orphans);
  let session: WebDriver | undefined;
  const close = async () => {
    process.off('exit', orphans);
    await session?.quit().catch(() => undefined);
    await stop(driverProcess);
    await stop(xvfb.process);
    rmSync(folder, { recursive: true, force: true });
  };
  let driver: WebDriver;
  try {
    await waitUntilReady(driverUrl, driverProcess);
    // One MiniBrowser for the engine's life: starting one takes seconds, so pages take turns in its window.
    session = await new Builder()
      .usingServer(driverUrl)
      .withCapabilities({
        browserName: 'MiniBrowser',
        'webkitgtk:browserOptions': { binary: MINIBROWSER_PATH, args: ['--automation'] },
      })
      .build();
    driver = session;
  } catch (error) {
    await close();
    throw error;
  }
  // The window's height includes the toolbar: measured once, it is added to every height asked for.
  await driver.manage().window().setRect({ x: 0, y: 0, width: 800, height: 600 });
  const toolbar = 600 - (await inPage<number>(driver, () => window.innerHeight, undefined));
  let pageOpen = false;
  return {
    name: 'webkit',
    async openPage(viewport: Viewport): Promise<EnginePage> {
      if (pageOpen) throw new Error('webkit: one page at a time (they share the MiniBrowser window); close the last');
      pageOpen = true;
      const sizeWindow = (height: number) =>
        driver
          .manage()
          .window()
          .setRect({ width: viewport.width, height: height + toolbar });
      await sizeWindow(viewport.height);
      // The window manager applies a new size after setRect has returned: the page is asked until it reports it.
      await pollUntil(
        'webkit',
        () =>
          inPage<boolean>(
            driver,
            (asked: Viewport) => window.innerWidth === asked.width && window.innerHeight === asked.height,
            viewport,
          ),
        10_000,
        `the viewport becomes ${viewport.width} × ${viewport.height}`,
      ).catch(() => undefined);
      const evaluate = <Result>(fn: (arg: never) => unknown, arg?: unknown) => inPage<Result>(driver, fn, arg);
      const clickable = async (selector: string) => {
        const element = await driver.findElement(By.css(selector));
        await evaluate(revealCentre, element);
        return element;
      };
      const enginePage: EnginePage = {
        engine: 'webkit',
        async goto(url) {
          // WebDriver's navigation returns once the load event has fired (pageLoadStrategy "normal").
          await driver.get(url);
        },
        evaluate: (fn, arg) => evaluate(fn as (arg: never) => unknown, arg),
        waitFor: (fn, arg, timeoutMs = DEFAULT_WAIT_MS) =>
          pollUntil('webkit', () => evaluate(fn as (arg: never) => unknown, arg), timeoutMs, String(fn)),
        click: async (selector) => (await clickable(selector)).click(),
        press: (key) =>
          driver
            .actions()
            .sendKeys(Key[key === 'Tab' ? 'TAB' : key === 'Enter' ? 'ENTER' : 'ESCAPE'])
            .perform(),
        async screenshot() {
          // WebDriver shoots only the viewport. Growing the window to the document's height would change every
          // height in vh (a min-height: 70vh page grows with the window), so the page is scrolled a viewport at a
          // time and the shots are stitched; fixed elements (the navigation bar) show in the first shot only.
          const documentHeight = await evaluate<number>(() => document.documentElement.scrollHeight);
          const tiles: { input: Buffer; top: number; left: 0 }[] = [];
          for (let top = 0; top < documentHeight; top += viewport.height) {
            const target = Math.max(0, Math.min(top, documentHeight - viewport.height));
            await evaluate((y: number) => window.scrollTo({ top: y, behavior: 'instant' }), target);
            await pollUntil(
              'webkit',
              () => evaluate((y: number) => Math.abs(window.scrollY - y) < 1, target),
              DEFAULT_WAIT_MS,
              `scrolled to ${target}`,
            );
            if (top === viewport.height) await evaluate(hideFixedElements);
            // The shot is of what was last painted: two frames later the scroll has been painted.
            await evaluate(
              () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(true)))),
            );
            const scrolled = await evaluate<number>(() => Math.round(window.scrollY));
            tiles.push({ input: Buffer.from(await driver.takeScreenshot(), 'base64'), top: scrolled, left: 0 });
          }
          await evaluate(showFixedElements);
          await evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
          const [first] = tiles;
          if (tiles.length === 1 && first) return first.input;
          return sharp({
            create: { width: viewport.width, height: documentHeight, channels: 4, background: '#ffffff' },
          })
            .composite(tiles)
            .png()
            .toBuffer();
        },
        consoleErrors: () => undefined,
        async close() {
          // The next page starts as a fresh one would: without the cookies and storage this one left.
          await evaluate(() => {
            try {
              localStorage.clear();
              sessionStorage.clear();
            } catch {
              // about:blank and data: pages have no storage
            }
          });
          await driver.manage().deleteAllCookies();
          await driver.get('about:blank');
          pageOpen = false;
        },
        async fill(selector, text) {
          // Emptied in the page (WebKitWebDriver's Element Clear calls the field not interactable); that fires no input
          // event, but the keys typed after it do, each with the field's whole value.
          const field = await driver.findElement(By.css(selector));
          await evaluate((input: HTMLInputElement) => {
            input.value = '';
          }, field);
          if (text !== '') await field.sendKeys(text);
        },
        async check(selector) {
          const box = await clickable(selector);
          if (await box.isSelected()) return;
          try {
            await box.click();
          } catch (error) {
            // A box drawn by its label (the input itself hidden) is ticked as a person ticks it: on the label.
            if (!(error instanceof webDriverErrors.ElementNotInteractableError)) throw error;
            const label = await evaluate<WebElement | null>(
              (input: HTMLInputElement) => input.labels?.[0] ?? input.closest('label'),
              box,
            );
            if (!label) throw error;
            await evaluate(revealCentre, label);
            await label.click();
          }
        },
        async selectOption(selector, value) {
          await driver.findElement(By.css(`${selector} option[value="${value}"]`)).click();
        },
        async pressKey(key) {
          const [first, second] = KEYS[key];
          const actions = driver.actions();
          if (second) await actions.keyDown(first!).sendKeys(second).keyUp(first!).perform();
          else await actions.sendKeys(first!).perform();
        },
        async hover(selector) {
          const element = await driver.findElement(By.css(selector));
          await evaluate((target: Element) => target.scrollIntoView({ block: 'center' }), element);
          await driver.actions().move({ origin: element }).perform();
        },
        async setFiles(selector, files) {
          const chosen = filesOnDisk(files);
          try {
            await driver.findElement(By.css(selector)).sendKeys(chosen.paths.join('\n'));
          } finally {
            chosen.done();
          }
        },
        url: () => driver.getCurrentUrl(),
        async runScript(source) {
          // As a function's body, WebDriver's way (an eval inside the page would be refused by its policy).
          await driver.executeScript(source);
        },
      };
      await assertViewport(enginePage, viewport);
      return enginePage;
    },
    close,
  };
}
