/**
 * What the journey tests in every engine share: a test per engine (skipped, saying why, where the engine is not
 * installed) with one browser for it, opening a page until it has hydrated, reading an element's state, and waiting
 * for a condition across a navigation (while the old document goes, the driver's evaluation may fail: that is asked
 * again, not an error).
 */
import type { Test } from 'tap';
import {
  DEFAULT_WAIT_MS,
  ENGINE_NAMES,
  type Engine,
  type EngineName,
  type EnginePage,
  engineMissing,
  launchEngine,
} from './engines.ts';

/** Runs the body once per engine, as a subtest named for it, with that engine's browser. */
export function inEachEngine(t: Test, body: (t: Test, engine: Engine) => Promise<void>): void {
  for (const name of ENGINE_NAMES) {
    t.test(`in ${name}`, { skip: engineMissing(name) ?? false }, async (t) => {
      const engine = await launchEngine(name);
      t.teardown(() => engine.close());
      await body(t, engine);
    });
  }
}

/** A page of the engine that is closed when the test ends (WebKit's pages take turns, so close it before the next). */
export async function openPage(t: Test, engine: Engine, width = 1280, height = 900): Promise<EnginePage> {
  const page = await engine.openPage({ width, height });
  let closed = false;
  const close = page.close.bind(page);
  page.close = async () => {
    if (closed) return;
    closed = true;
    await close();
  };
  t.teardown(() => page.close());
  return page;
}

/** How long a page may take to hydrate: WebKit through WebDriver on a busy machine takes seconds. */
export const HYDRATION_WAIT_MS = 30_000;

export async function openHydrated(page: EnginePage, url: string): Promise<void> {
  await page.goto(url);
  await waitAcross(page, () => document.documentElement.dataset.hydrated === 'true', undefined, HYDRATION_WAIT_MS);
}

/** Asks the page until the function returns true, also while a navigation replaces the document. */
export async function waitAcross<Arg>(
  page: EnginePage,
  fn: (arg: Arg) => boolean,
  arg: Arg,
  timeoutMs = DEFAULT_WAIT_MS,
): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      if (await page.evaluate(fn, arg)) return;
      lastError = undefined;
    } catch (error) {
      lastError = error;
    }
    if (performance.now() > deadline)
      throw new Error(
        `${page.engine}: not true within ${timeoutMs} ms: ${String(fn)}${lastError ? ` (${String(lastError)})` : ''}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export interface ElementState {
  /** Rendered with a size, not hidden by visibility (what a person could see if it were scrolled to). */
  visible: boolean;
  checked: boolean;
  value: string;
  text: string;
  focused: boolean;
  attributes: Record<string, string>;
}

/** What a person (or assistive technology) can tell of the first element the selector finds, or undefined if none. */
export function elementState(page: EnginePage, selector: string): Promise<ElementState | undefined> {
  return page.evaluate((selector: string) => {
    const element = document.querySelector(selector);
    if (!element) return undefined;
    const box = element.getBoundingClientRect();
    const style = getComputedStyle(element);
    const field = element as HTMLInputElement;
    return {
      visible: box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && style.display !== 'none',
      checked: field.checked === true,
      value: typeof field.value === 'string' ? field.value : '',
      // biome-ignore lint/performance/useDomNodeTextContent: the text as rendered, what a person reads, not hidden text
      text: (element as HTMLElement).innerText ?? element.textContent ?? '',
      focused: element === document.activeElement,
      attributes: Object.fromEntries(element.getAttributeNames().map((name) => [name, element.getAttribute(name)!])),
    };
  }, selector);
}

/** Whether the selector finds a visible element: the condition to wait for. */
export const visible = (selector: string): boolean => {
  const element = document.querySelector(selector);
  if (!element) return false;
  const box = element.getBoundingClientRect();
  const style = getComputedStyle(element);
  return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && style.display !== 'none';
};

/** Whether the selector finds nothing visible: the condition to wait for when something closes. */
export const hidden = (selector: string): boolean => {
  const element = document.querySelector(selector);
  if (!element) return true;
  const box = element.getBoundingClientRect();
  const style = getComputedStyle(element);
  return box.width === 0 || box.height === 0 || style.visibility === 'hidden' || style.display === 'none';
};

export type { EngineName };
