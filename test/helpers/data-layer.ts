/** Reading a page's dataLayer in Chromium: its entries as plain values, and (when recorded) the time of each push. */
import type { Page } from 'playwright-core';

/** A dataLayer entry as a test sees it: gtag commands (pushed as `arguments`) become `{ gtag: [...] }`. */
/** Consent Mode's defaults as the specification states them: every type denied, 2000 ms to wait for an update. */
export const ALL_DENIED = {
  ad_storage: 'denied',
  analytics_storage: 'denied',
  ad_user_data: 'denied',
  ad_personalization: 'denied',
  functionality_storage: 'denied',
  personalization_storage: 'denied',
  security_storage: 'denied',
  wait_for_update: 2000,
} as const;

export type DataLayerEntry = { gtag: unknown[] } | Record<string, unknown>;

export interface TimedEntry {
  /** performance.now() of the push. */
  at: number;
  entry: DataLayerEntry;
}

declare global {
  interface Window {
    __dataLayerLog?: TimedEntry[];
  }
}

/**
 * From before the page's first script, keeps the time of every push: the page's own
 * `window.dataLayer = window.dataLayer || []` then keeps this array, so the order is untouched.
 */
export async function recordDataLayer(page: Page): Promise<void> {
  // A script text, not a function: the test runner's transform would add helpers to a function's source that the page lacks.
  await page.addInitScript(`(() => {
    const log = [];
    const layer = [];
    const push = layer.push;
    layer.push = function (...entries) {
      for (const entry of entries) {
        const plain = Object.prototype.toString.call(entry) === '[object Arguments]' ? { gtag: Array.from(entry) } : JSON.parse(JSON.stringify(entry));
        log.push({ at: performance.now(), entry: plain });
      }
      return push.apply(this, entries);
    };
    window.dataLayer = layer;
    window.__dataLayerLog = log;
  })();`);
}

export function dataLayerEntries(page: Page): Promise<DataLayerEntry[]> {
  return page.evaluate(() =>
    (window.dataLayer ?? []).map((entry) =>
      Object.prototype.toString.call(entry) === '[object Arguments]'
        ? { gtag: Array.from(entry as ArrayLike<unknown>) }
        : (JSON.parse(JSON.stringify(entry)) as Record<string, unknown>),
    ),
  );
}

export function dataLayerLog(page: Page): Promise<TimedEntry[]> {
  return page.evaluate(() => window.__dataLayerLog ?? []);
}

/** Waits until the dataLayer holds an event of this name (and these fields). */
export async function waitForEvent(page: Page, event: string, fields: Record<string, unknown> = {}): Promise<void> {
  await page.waitForFunction(
    ({ event, fields }) =>
      (window.dataLayer ?? []).some(
        (entry) =>
          typeof entry === 'object' &&
          entry !== null &&
          (entry as Record<string, unknown>).event === event &&
          Object.entries(fields).every(([key, value]) => (entry as Record<string, unknown>)[key] === value),
      ),
    { event, fields },
  );
}

/** The Consent Mode commands among the entries: ['default' | 'update', state]. */
export function consentCommands(entries: DataLayerEntry[]): [string, Record<string, unknown>][] {
  return entries.flatMap((entry) =>
    'gtag' in entry && Array.isArray(entry.gtag) && entry.gtag[0] === 'consent'
      ? [[entry.gtag[1] as string, entry.gtag[2] as Record<string, unknown>]]
      : [],
  );
}
