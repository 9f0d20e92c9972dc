/**
 * An insight's content type is a promise its card and its page label make, so the type is held
 * to what the insight carries:
 * - a whitepaper or a fact sheet has its PDF (a download block in its folder);
 * - nothing is labelled a video: an insight page has no player, poster, chapters or transcript
 *   to show one with, so a recorded talk is published as what it is, a write-up.
 */
import path from 'node:path';
import type { FactFile, FactProblem } from './fact-file.ts';

const WITH_DOWNLOAD = new Set(['whitepaper', 'fact-sheet']);

export function insightTypeProblems(files: readonly FactFile[]): FactProblem[] {
  const paths = new Set(files.map((file) => file.path));
  const problems: FactProblem[] = [];
  for (const file of files) {
    if (path.posix.basename(file.path) !== 'general_information.json') continue;
    const type = (file.value as { type?: unknown } | null)?.type;
    if (type === 'video')
      problems.push({
        file: file.path,
        problem:
          '/type video promises a player with poster, chapters and transcript, which an insight page does not have: label the insight by what it is',
      });
    if (
      typeof type === 'string' &&
      WITH_DOWNLOAD.has(type) &&
      !paths.has(path.posix.join(path.posix.dirname(file.path), 'download.json'))
    )
      problems.push({ file: file.path, problem: `/type ${type} promises a PDF, but the folder has no download.json` });
  }
  return problems;
}
