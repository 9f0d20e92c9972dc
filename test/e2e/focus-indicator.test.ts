/**
 * The keyboard focus indicator in Chromium, on every control Tab reaches on a service page (its dark hero, white and
 * tinted sections, cards, tabs, dark band and footer) and on the contact page at a phone's width (the consent banner,
 * its settings dialog, then the form). At every stop the indicator's colours (outline and box-shadow, as computed)
 * are measured against the surface around the element: what is painted just outside it, found through the elements
 * at that point down to the first opaque background (a gradient counts with each of its colours). One of the
 * indicator's tones must reach a contrast of 3:1 against every such surface.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import t from 'tap';
import { launchBrowser, openPage, waitForHydration } from '../helpers/browser.ts';
import { coloursIn, contrast, hex, isDark, over, type Rgba } from '../helpers/colour-contrast.ts';
import { startServer } from '../helpers/server-process.ts';
import { startThirdPartyStandIn } from '../helpers/third-party.ts';

// A browser started and several pages laid out: more than tap's two minutes a file on a busy 2-core machine.
t.setTimeout(300_000);

const consent = JSON.parse(readFileSync('content/en/consent.json', 'utf8')) as {
  banner_title: string;
  settings_title: string;
};
const WHITE: Rgba = { r: 255, g: 255, b: 255, a: 1 };

/** What the page reports about one focused element: its indicator and what lies around it. */
interface FocusStop {
  /** Tag, classes and the start of its text, to name a failure. */
  what: string;
  /** Whether the element matched :focus-visible when measured (else the measure says nothing). */
  focusVisible: boolean;
  outline: string | null;
  boxShadow: string | null;
  /** Per point just outside the element: the backgrounds met from the top down, each a colour or a gradient. */
  surroundings: string[][];
  field: boolean;
  inFooter: boolean;
  inDialog: boolean;
}

/**
 * Focuses every element of the scope that Tab reaches (in order, scrolled to the middle of the viewport) and reads
 * its indicator and surroundings. One Tab press first: from then on the browser treats focus as keyboard focus, and
 * one round trip to the page measures them all, where pressing Tab for each would take minutes on a busy machine.
 */
async function focusStops(page: Page, scope: string): Promise<FocusStop[]> {
  await page.keyboard.press('Tab');
  return page.evaluate((scope) => {
    const root = document.querySelector(scope) ?? document;
    const candidates = root.querySelectorAll<HTMLElement>(
      'a[href], button, input:not([type=hidden]), select, textarea, summary, [tabindex]',
    );
    const stops = [];
    for (const element of candidates) {
      if (element.tabIndex < 0 || element.matches(':disabled') || element.closest('[inert]')) continue;
      if (!element.checkVisibility({ visibilityProperty: true })) continue;
      element.scrollIntoView({ block: 'center', inline: 'center' });
      element.focus({ preventScroll: true });
      if (document.activeElement !== element) continue;
      // A control whose shadow eases in on hover eases the ring in too: measured where it settles.
      for (const animation of element.getAnimations())
        if (animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY) animation.finish();
      const style = getComputedStyle(element);
      const box = element.getBoundingClientRect();
      // Beyond the widest indicator (offset, outline and shadow), on each side that lies inside the viewport.
      const gap = 12;
      const points = [
        [box.left - gap, box.top + box.height / 2],
        [box.right + gap, box.top + box.height / 2],
        [box.left + box.width / 2, box.top - gap],
        [box.left + box.width / 2, box.bottom + gap],
      ].filter(([x, y]) => x! >= 0 && y! >= 0 && x! < window.innerWidth && y! < window.innerHeight);
      const surroundings = points.map(([x, y]) => {
        const layers: string[] = [];
        for (const below of document.elementsFromPoint(x!, y!)) {
          if (below === element || element.contains(below)) continue;
          const belowStyle = getComputedStyle(below);
          if (belowStyle.backgroundImage.includes('gradient')) {
            layers.push(`gradient ${belowStyle.backgroundImage}`);
            break;
          }
          const colour = belowStyle.backgroundColor;
          if (colour === 'transparent' || colour === 'rgba(0, 0, 0, 0)') continue;
          layers.push(colour);
          if (!colour.startsWith('rgba(')) break;
        }
        return layers;
      });
      const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      stops.push({
        what: `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} "${text}"`,
        focusVisible: element.matches(':focus-visible'),
        outline: style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0 ? style.outlineColor : null,
        boxShadow: style.boxShadow === 'none' ? null : style.boxShadow,
        surroundings,
        field: element.matches('input:not([type=checkbox]):not([type=radio]), textarea, select'),
        inFooter: element.closest('footer') !== null,
        inDialog: element.closest('dialog, [role=dialog]') !== null,
      });
    }
    return stops;
  }, scope);
}

/** The opaque colours a stack of backgrounds can show: each colour of a gradient, with what lies over it. */
function surfacesOf(layers: readonly string[]): Rgba[] {
  const bottom = layers.at(-1);
  const above = layers.slice(0, -1).flatMap(coloursIn);
  let bases: Rgba[] = [WHITE];
  if (bottom?.startsWith('gradient ')) {
    const stops = coloursIn(bottom).filter((colour) => colour.a > 0);
    const opaque = stops.filter((colour) => colour.a === 1);
    bases = [...opaque, ...stops.filter((colour) => colour.a < 1).flatMap((glow) => opaque.map((o) => over(glow, o)))];
  } else if (bottom) {
    bases = coloursIn(bottom).map((colour) => (colour.a < 1 ? over(colour, WHITE) : colour));
  }
  return bases.map((base) => above.reduceRight((seen, layer) => over(layer, seen), base));
}

interface Measured {
  stop: FocusStop;
  surfaces: Rgba[];
  /** Per surface, the best contrast any tone of the indicator has against it. */
  ratios: number[];
}

function measure(stop: FocusStop): Measured {
  const surfaces = [
    ...new Map(stop.surroundings.flatMap(surfacesOf).map((surface) => [hex(surface), surface])).values(),
  ];
  const tones = [stop.outline, stop.boxShadow].flatMap((value) => (value ? coloursIn(value) : []));
  const ratios = surfaces.map((surface) =>
    Math.max(0, ...tones.filter((tone) => tone.a > 0).map((tone) => contrast(over(tone, surface), surface))),
  );
  return { stop, surfaces, ratios };
}

/** Each stop whose indicator falls short on some surface, with its worst ratio. */
function failures(measured: readonly Measured[]): string[] {
  return measured.flatMap(({ stop, surfaces, ratios }) => {
    if (!stop.focusVisible) return [`${stop.what}: not :focus-visible when focused after a Tab`];
    if (ratios.length === 0) return [`${stop.what}: no surface found around it`];
    const worst = ratios.indexOf(Math.min(...ratios));
    if (ratios[worst]! >= 3) return [];
    const indicator = `${stop.outline ?? 'no outline'} / ${stop.boxShadow ?? 'no shadow'}`;
    return [`${stop.what}: indicator ${indicator} is ${ratios[worst]!.toFixed(2)}:1 on ${hex(surfaces[worst]!)}`];
  });
}

const onSurface = (measured: readonly Measured[], test: (surface: Rgba, stop: FocusStop) => boolean) =>
  measured.some(({ stop, surfaces }) => surfaces.some((surface) => test(surface, stop)));
const isColour = (hexColour: string) => (surface: Rgba) => hex(surface) === hexColour;

async function decidedPage(browser: Awaited<ReturnType<typeof launchBrowser>>, width: number) {
  const watched = await openPage(browser, width, 900);
  await watched.page.addInitScript(() => {
    localStorage.setItem(
      'nordstern-consent',
      JSON.stringify({ version: 1, decidedAt: Date.now(), purposes: { statistics: false, marketing: false } }),
    );
  });
  return watched;
}

t.test('the focus indicator reaches 3:1 against every surface', async (t) => {
  const standIn = await startThirdPartyStandIn(t);
  const server = await startServer(t, { GTM_ID: 'GTM-STAND1N', GTM_ORIGIN: standIn.origin });
  const browser = await launchBrowser(t);

  t.test(
    'a service page at 1440 px: the hero, white and tinted sections, cards, tabs, a dark band, the footer',
    async (t) => {
      const { page, problems } = await decidedPage(browser, 1440);
      await page.goto(`${server.url}/services/analytics`);
      await waitForHydration(page);
      // The download's link shows once the browser has checked that the file exists; it is the control on the tint.
      await page.locator('.download__link').waitFor();
      const measured = (await focusStops(page, 'body')).map(measure);
      t.ok(measured.length > 10, `the page's controls were measured (${measured.length})`);
      t.same(failures(measured), [], 'every control’s indicator reaches 3:1 against its surface');
      t.ok(onSurface(measured, isColour('#ffffff')), 'it was measured on white');
      t.ok(onSurface(measured, isColour('#f2f6f9')), 'on the tint');
      t.ok(
        onSurface(measured, (surface, stop) => isDark(surface) && !stop.inFooter),
        'on the dark hero and band',
      );
      t.ok(
        onSurface(measured, (surface, stop) => isDark(surface) && stop.inFooter),
        'on the footer',
      );
      t.same(problems, []);
      await page.context().close();
    },
  );

  t.test('the contact page at 375 px: the consent banner, its settings dialog, then the form', async (t) => {
    const { page, problems } = await openPage(browser, 375, 812);
    await page.goto(`${server.url}/company/contact`);
    await waitForHydration(page);
    await page.getByRole('dialog', { name: consent.banner_title }).waitFor();
    const banner = (await focusStops(page, '.consent-banner')).map(measure);
    t.equal(banner.length, 3, 'the banner’s three buttons were measured');
    t.same(failures(banner), [], 'the banner’s buttons show an indicator of 3:1');
    await page.locator('.consent-banner__settings').press('Enter');
    await page.getByRole('dialog', { name: consent.settings_title }).waitFor();
    const dialog = (await focusStops(page, 'dialog[open]')).map(measure);
    t.ok(dialog.length >= 5, `the settings dialog’s controls were measured (${dialog.length})`);
    t.same(failures(dialog), [], 'every control of the settings dialog shows an indicator of 3:1');
    await page.locator('dialog[open] [data-consent="reject"]').click();
    await page.locator('dialog[open]').waitFor({ state: 'detached' });
    const measured = (await focusStops(page, 'body')).map(measure);
    t.ok(
      measured.some(({ stop }) => stop.field),
      'the form’s fields were measured',
    );
    t.same(failures(measured), [], 'every control’s indicator reaches 3:1 against its surface');
    t.same(problems, []);
  });
});
