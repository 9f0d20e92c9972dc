/**
 * What a visitor with forced colours (Windows' contrast themes) sees, judged from the rendered pixels: the consent
 * settings' switches are drawn and an on switch looks unlike an off one, the consent dialog has an edge of its own,
 * and the selected insights filter chip looks unlike the others. Chromium emulates forced colours through
 * playwright-core; Firefox ESR turns them on with its "override the page's colours: always" preference. WebKit has no
 * forced-colours mode (neither Safari nor the WebKitGTK MiniBrowser offers one, and WebKitWebDriver cannot emulate
 * media features), so these checks do not run there.
 */
import { chromium } from 'playwright-core';
import puppeteer from 'puppeteer-core';
import sharp from 'sharp';
import type { Test } from 'tap';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './browser.ts';
import { OFFLINE_PREFS } from './engine-firefox.ts';
import { engineMissing, FIREFOX_PATH, pollUntil } from './engine-page.ts';
import { startServer } from './server-process.ts';
import { startThirdPartyStandIn } from './third-party.ts';

const VIEWPORT = { width: 1280, height: 900 };
/** Hydration and the banner's code, loaded after the page, take a while on a busy machine. */
const WAIT_MS = 30_000;

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The little each engine's driver has to do here: run code in the page and take a picture of the viewport. */
interface ForcedColoursPage {
  /** Goes to the address; the test then waits for hydration (the load event waits for images it does not need). */
  goto(url: string): Promise<void>;
  evaluate<Result, Arg>(fn: (arg: Arg) => Result, arg: Arg): Promise<Result>;
  /** Polls the function in the page until it returns true. */
  waitFor<Arg>(fn: (arg: Arg) => boolean, arg: Arg): Promise<void>;
  /** A PNG of what the viewport shows. */
  viewportShot(): Promise<Buffer>;
}

interface ForcedColoursBrowser {
  openPage(): Promise<ForcedColoursPage>;
  close(): Promise<void>;
}

export async function chromiumWithForcedColours(): Promise<ForcedColoursBrowser> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  return {
    async openPage() {
      const context = await browser.newContext({ viewport: VIEWPORT, forcedColors: 'active' });
      const page = await context.newPage();
      return {
        goto: async (url) => void (await page.goto(url, { waitUntil: 'domcontentloaded' })),
        evaluate: (fn, arg) => page.evaluate(fn, arg as never),
        waitFor: async (fn, arg) => void (await page.waitForFunction(fn, arg as never, { timeout: WAIT_MS })),
        viewportShot: () => page.screenshot({ type: 'png' }),
      };
    },
    close: () => browser.close(),
  };
}

export async function firefoxWithForcedColours(): Promise<ForcedColoursBrowser> {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    // 2: "Override the colours specified by the page with your selections above: Always", Firefox's forced colours.
    extraPrefsFirefox: { ...OFFLINE_PREFS, 'browser.display.document_color_use': 2 },
  });
  return {
    async openPage() {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await page.setViewport(VIEWPORT).catch(() => undefined);
      await pollUntil(
        'firefox',
        () => page.evaluate((width) => window.innerWidth === width, VIEWPORT.width),
        WAIT_MS,
        `a viewport ${VIEWPORT.width} px wide`,
      );
      return {
        goto: async (url) => void (await page.goto(url, { waitUntil: 'domcontentloaded' })),
        evaluate: (fn, arg) => page.evaluate(fn as (arg: unknown) => never, arg),
        waitFor: (fn, arg) =>
          pollUntil('firefox', () => page.evaluate(fn as (arg: unknown) => boolean, arg), WAIT_MS, String(fn)),
        viewportShot: async () => Buffer.from(await page.screenshot({ type: 'png' })),
      };
    },
    close: () => browser.close(),
  };
}

interface Pixels {
  data: Buffer;
  width: number;
  height: number;
  channels: number;
}

async function crop(shot: Buffer, box: Box): Promise<Pixels> {
  const region = {
    left: Math.round(box.x),
    top: Math.round(box.y),
    width: Math.max(1, Math.round(box.width)),
    height: Math.max(1, Math.round(box.height)),
  };
  const { data, info } = await sharp(shot).extract(region).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

const pixelAt = (pixels: Pixels, index: number) =>
  [0, 1, 2].map((channel) => pixels.data[index * pixels.channels + channel]!);
const unlike = (one: number[], other: number[]) => one.some((value, channel) => Math.abs(value - other[channel]!) > 48);

/** The share of the region's pixels that do not have the given colour. */
function shareUnlike(pixels: Pixels, colour: number[]): number {
  const count = pixels.width * pixels.height;
  let differing = 0;
  for (let index = 0; index < count; index++) if (unlike(pixelAt(pixels, index), colour)) differing++;
  return differing / count;
}

/** The share of pixels that differ between two regions of one size. */
function shareDiffering(one: Pixels, other: Pixels): number {
  const count = Math.min(one.width * one.height, other.width * other.height);
  let differing = 0;
  for (let index = 0; index < count; index++) if (unlike(pixelAt(one, index), pixelAt(other, index))) differing++;
  return differing / count;
}

/** The region's most frequent colour: a chip's fill. */
function dominant(pixels: Pixels): number[] {
  const counts = new Map<string, number>();
  for (let index = 0; index < pixels.width * pixels.height; index++) {
    const key = pixelAt(pixels, index).join(',');
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts]
    .sort((one, other) => other[1] - one[1])[0]![0]
    .split(',')
    .map(Number);
}

const boxOf = (page: ForcedColoursPage, selector: string) =>
  page.evaluate((selector) => {
    const box = document.querySelector(selector)?.getBoundingClientRect();
    return box ? { x: box.x, y: box.y, width: box.width, height: box.height } : null;
  }, selector);

export function forcedColoursIn(t: Test, name: 'chromium' | 'firefox', launch: () => Promise<ForcedColoursBrowser>) {
  t.test(`forced colours in ${name}`, { skip: engineMissing(name) ?? false }, async (t) => {
    const standIn = await startThirdPartyStandIn(t);
    const server = await startServer(t, { GTM_ID: 'GTM-STAND1N', GTM_ORIGIN: standIn.origin });
    const browser = await launch();
    t.teardown(() => browser.close());

    t.test('the consent settings: switches drawn, on unlike off, the dialog edged', async (t) => {
      const page = await browser.openPage();
      await page.goto(`${server.url}/`);
      await page.waitFor(() => document.documentElement.dataset.hydrated === 'true', undefined);
      t.ok(
        await page.evaluate(() => matchMedia('(forced-colors: active)').matches, undefined),
        'the page sees forced colours',
      );
      await page.waitFor(() => document.querySelector('.consent-banner__settings') !== null, undefined);
      await page.evaluate(
        () => document.querySelector<HTMLButtonElement>('.consent-banner__settings')?.click(),
        undefined,
      );
      await page.waitFor(
        () => document.querySelectorAll('dialog[open] .consent-switch__input').length === 2,
        undefined,
      );
      // The first purpose on, the second off.
      await page.evaluate(
        () => document.querySelector<HTMLInputElement>('dialog .consent-switch__input')?.click(),
        undefined,
      );
      await page.waitFor(
        () =>
          [...document.querySelectorAll<HTMLInputElement>('dialog .consent-switch__input')]
            .map((input) => input.checked)
            .join() === 'true,false',
        undefined,
      );
      // The switch's thumb slides; once it has stopped, the picture is the one a visitor keeps seeing.
      await page.waitFor(
        () => document.querySelector('dialog[open]')?.getAnimations({ subtree: true }).length === 0,
        undefined,
      );
      const tracks = await page.evaluate(
        () =>
          [...document.querySelectorAll('dialog .consent-switch__track')].map((track) => {
            const box = track.getBoundingClientRect();
            return { x: box.x, y: box.y, width: box.width, height: box.height };
          }),
        undefined,
      );
      const dialog = await boxOf(page, 'dialog[open]');
      t.equal(tracks.length, 2, 'two switches');
      if (tracks.length !== 2 || !dialog) return;
      const shot = await page.viewportShot();
      // The dialog's own colour, read inside it, left of its first line of text.
      const canvas = dominant(
        await crop(shot, { x: dialog.x + 6, y: dialog.y + dialog.height / 2, width: 6, height: 20 }),
      );
      const [on, off] = [await crop(shot, tracks[0]!), await crop(shot, tracks[1]!)];
      t.ok(
        shareUnlike(off, canvas) > 0.15,
        `the off switch is drawn (${(shareUnlike(off, canvas) * 100).toFixed(0)} % of it)`,
      );
      t.ok(
        shareUnlike(on, canvas) > 0.15,
        `the on switch is drawn (${(shareUnlike(on, canvas) * 100).toFixed(0)} % of it)`,
      );
      t.ok(
        shareDiffering(on, off) > 0.15,
        `on and off look different (${(shareDiffering(on, off) * 100).toFixed(0)} % of the pixels differ)`,
      );
      // The dialog's left edge, against the page just outside it and its own inside, along the middle half.
      const band = { y: dialog.y + dialog.height / 4, height: dialog.height / 2, width: 1 };
      const edge = await crop(shot, { ...band, x: dialog.x });
      t.ok(shareUnlike(edge, canvas) > 0.9, 'the dialog’s edge is drawn in a colour of its own');
    });

    t.test('the insights filter: the selected chip unlike the others', async (t) => {
      const page = await browser.openPage();
      await page.goto(`${server.url}/insights`);
      await page.waitFor(() => document.documentElement.dataset.hydrated === 'true', undefined);
      await page.evaluate(
        () => document.querySelector('.chip[aria-pressed="true"]')?.scrollIntoView({ block: 'center' }),
        undefined,
      );
      const selected = await boxOf(page, '.chip[aria-pressed="true"]');
      const other = await boxOf(page, '.chip[aria-pressed="false"]:not(:disabled)');
      t.ok(selected && other, 'a selected and an unselected chip');
      if (!selected || !other) return;
      const shot = await page.viewportShot();
      const [selectedFill, otherFill] = [dominant(await crop(shot, selected)), dominant(await crop(shot, other))];
      t.ok(unlike(selectedFill, otherFill), `the selected chip is filled ${selectedFill}, the others ${otherFill}`);
    });
  });
}
