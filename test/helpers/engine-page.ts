/** What every engine's page offers (see engines.ts), the programs each engine needs, and what the engines share. */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const ENGINE_NAMES = ['chromium', 'firefox', 'webkit'] as const;
export type EngineName = (typeof ENGINE_NAMES)[number];

export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
export const WEBKIT_DRIVER_PATH = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver';
export const MINIBROWSER_PATH = process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
export const XVFB_PATH = '/usr/bin/Xvfb';

/** The programs an engine needs; an engine whose programs are missing is skipped, and says which. */
export const ENGINE_BINARIES: Record<EngineName, readonly string[]> = {
  chromium: [process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'],
  firefox: [FIREFOX_PATH],
  webkit: [WEBKIT_DRIVER_PATH, MINIBROWSER_PATH, XVFB_PATH],
};

/** Why an engine cannot run here (its missing programs), or undefined when it can. */
export function engineMissing(name: EngineName): string | undefined {
  const missing = ENGINE_BINARIES[name].filter((binary) => !existsSync(binary));
  return missing.length > 0 ? `${name} needs ${missing.join(', ')} (installed by .ci/run)` : undefined;
}

export interface Viewport {
  width: number;
  height: number;
}

/** The keys a journey presses; `Shift+Tab` is one press of Tab with Shift held. */
export type KeyName = 'Tab' | 'Shift+Tab' | 'Enter' | 'Escape' | 'Space' | 'ArrowDown' | 'ArrowUp' | 'Home' | 'End';

/**
 * The keys as playwright and puppeteer both name them: each KeyName but the Shift+Tab chord, which each driver
 * presses its own way.
 */
export const DRIVER_KEYS = {
  Tab: 'Tab',
  Enter: 'Enter',
  Escape: 'Escape',
  Space: 'Space',
  ArrowDown: 'ArrowDown',
  ArrowUp: 'ArrowUp',
  Home: 'Home',
  End: 'End',
} as const satisfies Record<Exclude<KeyName, 'Shift+Tab'>, string>;

/** A file a file input is given: written to a temporary folder first, as puppeteer and WebDriver take paths. */
export interface FileToChoose {
  name: string;
  contents: Buffer | Uint8Array;
}

export interface EnginePage {
  readonly engine: EngineName;
  /** Goes to the address and resolves once its load event has fired. */
  goto(url: string): Promise<void>;
  /** Runs the function in the page (it is sent as source: it sees only its argument) and returns its JSON result. */
  evaluate<Result, Arg = undefined>(fn: (arg: Arg) => Result | Promise<Result>, arg?: Arg): Promise<Result>;
  /**
   * Polls the function in the page until it returns true; throws after timeoutMs (10 s unless told). Only JSON comes
   * back from the page, so a condition on an element says `!== null` rather than returning the element.
   */
  waitFor<Arg = undefined>(fn: (arg: Arg) => boolean, arg?: Arg, timeoutMs?: number): Promise<void>;
  click(selector: string): Promise<void>;
  press(key: 'Tab' | 'Enter' | 'Escape'): Promise<void>;
  /** A PNG of the whole document, not only what the viewport shows. */
  screenshot(): Promise<Buffer>;
  /**
   * Console errors and uncaught page errors since the page opened, or undefined where the engine's driver does not
   * report them (WebKitWebDriver has no console log).
   */
  consoleErrors(): string[] | undefined;
  close(): Promise<void>;
  /** Empties a text field, then types the text key by key, as a person would (so the page sees input events). */
  fill(selector: string, text: string): Promise<void>;
  /** Ticks a checkbox (or a switch) by clicking it, unless it is ticked already. */
  check(selector: string): Promise<void>;
  /** Chooses the option with this value in a select element. */
  selectOption(selector: string, value: string): Promise<void>;
  /** Presses a key on whatever has the focus; more keys than press() knows. */
  pressKey(key: KeyName): Promise<void>;
  /** Moves the pointer over the element's centre (scrolling it into view first). */
  hover(selector: string): Promise<void>;
  /** Gives a file input these files, as choosing them in the file dialog would. */
  setFiles(selector: string, files: readonly FileToChoose[]): Promise<void>;
  /** The address of the document shown now. */
  url(): Promise<string>;
  /**
   * Runs script text (not a function) through the driver's own evaluation, which the page's Content Security Policy
   * does not govern. What it assigns to `window` stays for later calls (WebDriver runs the text as a function's body,
   * so a top-level `var` there is not global).
   */
  runScript(source: string): Promise<void>;
}

export interface Engine {
  readonly name: EngineName;
  /** A fresh page (its own cookies and storage) whose layout viewport is exactly width × height CSS pixels. */
  openPage(viewport: Viewport): Promise<EnginePage>;
  close(): Promise<void>;
}

export const DEFAULT_WAIT_MS = 10_000;

/**
 * Waits by asking the page every 100 ms through the driver's own evaluation, which the page's Content Security Policy
 * does not govern (puppeteer's waitForFunction builds its poller with Function(), which the site's policy refuses).
 */
export async function pollUntil(
  engine: EngineName,
  ask: () => Promise<unknown>,
  timeoutMs: number,
  what: string,
): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!(await ask())) {
    if (performance.now() > deadline) throw new Error(`${engine}: not true within ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Keeps a page's view honest: a driver that could not size the viewport as asked is an error, not a smaller shot. */
export async function assertViewport(page: EnginePage, viewport: Viewport): Promise<void> {
  const actual = await page.evaluate(() => ({ width: window.innerWidth, height: window.innerHeight }));
  if (actual.width !== viewport.width || actual.height !== viewport.height)
    throw new Error(
      `${page.engine} viewport is ${actual.width} × ${actual.height}, asked for ${viewport.width} × ${viewport.height}`,
    );
}

/** Writes files to choose into a fresh temporary folder and returns their paths (the folder is removed with `done`). */
export function filesOnDisk(files: readonly FileToChoose[]): { paths: string[]; done(): void } {
  const folder = mkdtempSync(path.join(tmpdir(), 'nordstern-upload-'));
  const paths = files.map((file) => {
    const target = path.join(folder, path.basename(file.name));
    writeFileSync(target, file.contents);
    return target;
  });
  return { paths, done: () => rmSync(folder, { recursive: true, force: true }) };
}
