/**
 * axe-core run in the page: the WCAG 2.2 AA rules and best practices, each violation with the elements it names. In
 * Chromium through playwright's page, in any engine through its EnginePage.
 */

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import type { EnginePage } from './engine-page.ts';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  nodes: { target: string[] }[];
}

const RULE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** Lets the page settle first: a scroll's class change lands, then every finite transition is at its end, so axe sees the colours a person sees. */
async function settled(page: Pick<Page, 'evaluate'> | EnginePage): Promise<void> {
  await (page as EnginePage).evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    // Finished at once rather than waited for: WebKit under WebDriver may not advance an animation of a window
    // it does not paint, and the end state is what a person sees either way.
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity);
    for (const animation of finite) animation.finish();
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
}

export async function violations(page: Page): Promise<string[]> {
  await settled(page);
  // Evaluated through the debugging protocol: a script element would be refused by the page's policy, as it should be.
  await page.evaluate(axeSource);
  const found = await page.evaluate(async (tags) => {
    const axe = (
      window as unknown as { axe: { run(context: Document, options: unknown): Promise<{ violations: Violation[] }> } }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: tags },
    });
    return result.violations;
  }, RULE_TAGS);
  return found.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

/** The same in any engine: axe-core goes in through the driver's evaluation, which the page's policy does not govern. */
export async function violationsIn(page: EnginePage): Promise<string[]> {
  await settled(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.runScript(axeSource);
  const found = await page.evaluate(async (tags: string[]) => {
    const axe = (
      window as unknown as { axe: { run(context: Document, options: unknown): Promise<{ violations: Violation[] }> } }
    ).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags } });
    return result.violations.map((violation) => ({
      id: violation.id,
      nodes: violation.nodes.map((node) => ({ target: node.target })),
    }));
  }, RULE_TAGS);
  return found.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}
