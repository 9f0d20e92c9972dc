/**
 * Images a page shows, scrolled to so lazy ones load: what loaded and how each is named; and the
 * certification seals, each loaded, named and beside its certification's name in text.
 */
import type { Page } from 'playwright-core';
import type { Test } from 'tap';

/** Every image the selector finds, scrolled to in turn so a lazy one loads, with its loaded width and accessible name. */
export function loadedImages(page: Page, selector: string) {
  return page.evaluate(async (selector) => {
    const found: { src: string; naturalWidth: number; name: string; width: number; height: number }[] = [];
    for (const image of document.querySelectorAll<HTMLImageElement>(selector)) {
      image.scrollIntoView({ block: 'center' });
      if (!image.complete)
        await new Promise((resolve) => {
          image.addEventListener('load', resolve, { once: true });
          image.addEventListener('error', resolve, { once: true });
        });
      found.push({
        src: new URL(image.currentSrc || image.src).pathname,
        naturalWidth: image.naturalWidth,
        name: (image.getAttribute('alt') ?? '').trim(),
        width: Number(image.getAttribute('width')),
        height: Number(image.getAttribute('height')),
      });
    }
    return found;
  }, selector);
}

/** The seals in a place on the page: each loads, is named, and stands beside its certification's name in text. */
export async function checkSeals(t: Test, page: Page, label: string, place: string) {
  const seals = await loadedImages(page, `${place} img[src*="/badges/"]`);
  t.ok(seals.length > 0, `${label}: seals in ${place}`);
  for (const seal of seals) {
    t.ok(seal.naturalWidth > 0, `${label}: a seal in ${place} loads`);
    t.ok(seal.name.length > 0, `${label}: a seal in ${place} is named`);
  }
  const beside = await page
    .locator(`${place} img[src*="/badges/"]`)
    .evaluateAll((images) => images.every((image) => (image.parentElement?.textContent ?? '').trim().length > 0));
  t.ok(beside, `${label}: every seal in ${place} has its certification's name beside it`);
}
