/** axe-core run in the page: the WCAG 2.2 AA rules and best practices, each violation with the elements it names. */

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  nodes: { target: string[] }[];
}

/** Lets the page settle first: a scroll's class change lands, then every finite transition ends, so axe sees the colours a person sees. */
async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
}

export async function violations(page: Page): Promise<string[]> {
  await settled(page);
  // Evaluated through the debugging protocol: a script element would be refused by the page's policy, as it should be.
  await page.evaluate(axeSource);
  const found = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run(context: Document, options: unknown): Promise<{ violations: Violation[] }> } }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
    });
    return result.violations;
  });
  return found.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}
