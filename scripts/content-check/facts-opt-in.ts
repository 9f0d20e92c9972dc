/**
 * The double opt-in as the texts tell it: the mailed link opens a page that asks for one button
 * press, and nothing happens until it is pressed (README, "Double opt-in links"; the privacy
 * policy says so too). A "check your inbox" page that tells the reader a click on the link
 * completes the sign-up sends them away unsubscribed, so its texts may not say it.
 */
import path from 'node:path';
import type { FactFile, FactProblem } from './fact-file.ts';

const OPT_IN_PAGES = new Set(['newsletter_double_opt_in.json', 'event_double_opt_in.json']);

/** "Sobald Sie auf den Link darin klicken", "Bitte klicken Sie auf den Link", "click the link in it". */
const LINK_CLICK_COMPLETES = [
  /\bauf den (?:Bestätigungs)?link\b(?:\s+\p{L}+)?\s+klicken\b/iu,
  /\bklicken Sie (?:auf )?den (?:Bestätigungs)?link\b/iu,
  /\bclick(?:ing)? (?:on )?the (?:confirmation )?link\b/iu,
];

export function optInProblems(files: readonly FactFile[]): FactProblem[] {
  const problems: FactProblem[] = [];
  for (const file of files) {
    const name = path.posix.basename(file.path);
    if (!OPT_IN_PAGES.has(name) || file.path.split('/').length !== 2) continue;
    const page = file.value as { headline?: unknown; text?: unknown } | null;
    for (const field of ['headline', 'text'] as const) {
      const text = page?.[field];
      if (typeof text === 'string' && LINK_CLICK_COMPLETES.some((pattern) => pattern.test(text)))
        problems.push({
          file: file.path,
          problem: `/${field} says a click on the mailed link completes the sign-up, but the link opens a page that asks for a button press: say to open the link and confirm on that page`,
        });
    }
  }
  return problems;
}
