/**
 * Facts the service, technology, company and event pages of one language state, checked
 * against each other:
 * - a project's stated length (in a steps block's text, or a box of the same page counting
 *   weeks) is the sum of its steps' durations; a box counting to a milestone ("weeks to the
 *   first campaign") may be the sum of the first steps; a single length in a steps block's
 *   headline or text ("in rund neun Wochen", „sechswöchige Implementierung“) lies within that sum;
 * - an insight about a service (its folder named after the service's, such as
 *   server-side-tracking-in-practice) gives a project the same length as the service's steps,
 *   and a step it names (the parallel run) the same duration;
 * - the Google Marketing Platform partnership is not dated before 2018, when the platform
 *   and its partner programme began;
 * - a figures block does not show the same figure twice (120 people next to 120+ clients);
 * - an event with several editions does not name one of them as every edition's canonical page.
 */
import path from 'node:path';
import type { FactFile, FactProblem } from './fact-file.ts';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  Boolean(value) && typeof value === 'object' && !Array.isArray(value);
const items = (value: unknown): Record<string, unknown>[] =>
  isRecord(value) && Array.isArray(value.items) ? value.items.filter(isRecord) : [];

const NUMBER_WORDS: Readonly<Record<string, number>> = Object.fromEntries(
  [
    ['ein', 'one'],
    ['zwei', 'two'],
    ['drei', 'three'],
    ['vier', 'four'],
    ['fünf', 'five'],
    ['sechs', 'six'],
    ['sieben', 'seven'],
    ['acht', 'eight'],
    ['neun', 'nine'],
    ['zehn', 'ten'],
    ['elf', 'eleven'],
    ['zwölf', 'twelve'],
    ['dreizehn', 'thirteen'],
    ['vierzehn', 'fourteen'],
    ['fünfzehn', 'fifteen'],
    ['sechzehn', 'sixteen'],
    ['siebzehn', 'seventeen'],
    ['achtzehn', 'eighteen'],
    ['neunzehn', 'nineteen'],
    ['zwanzig', 'twenty'],
  ].flatMap(([de, en], index) => [
    [de!, index + 1],
    [en!, index + 1],
  ]),
);
const numberOf = (word: string): number | undefined =>
  /^\d+$/.test(word) ? Number(word) : NUMBER_WORDS[word.toLowerCase()];

interface Range {
  min: number;
  max: number;
}
const rangeText = ({ min, max }: Range) => (min === max ? `${min}` : `${min}–${max}`);

const SPACE = '[ \\u00a0]';
const NUMBER = '(\\d+|\\p{L}+)';
/** "1–2 Wochen", "2 weeks", "1 Woche". */
const DURATION = new RegExp(`^(?:(\\d+)–)?(\\d+)${SPACE}(?:Wochen?|weeks?)$`, 'u');
/** A stated length in prose: "sechs bis zehn Wochen", "nine to fifteen weeks", "10–12 Wochen". */
const STATED = new RegExp(
  `(?<![\\p{L}\\p{N}])${NUMBER}(?:–|${SPACE}bis${SPACE}|${SPACE}to${SPACE})${NUMBER}${SPACE}(?:Wochen|weeks)(?![\\p{L}])`,
  'gu',
);
/** One length in prose: "neun Wochen", "nine weeks", „sechswöchige“, "six-week". */
const SINGLE = new RegExp(
  `(?<![\\p{L}\\p{N}])(\\d+|\\p{L}+?)(?:${SPACE}(?:Wochen?|weeks?)|-?wöchig\\p{L}*|-week)(?![\\p{L}])`,
  'gu',
);
/** Steps that go on after the project (Laufend, Ongoing) are no part of its length. */
const ONGOING = new Set(['Laufend', 'Ongoing']);
/** A first conversation of an hour or two adds nothing to a length counted in weeks. */
const HOURS = new RegExp(`^(?:\\d+–)?\\d+${SPACE}(?:Stunden?|hours?)$`, 'u');

/** The running sums of a steps block's durations in weeks, first step first; null when a step is counted in another unit. */
function stepSums(steps: unknown): Range[] | null {
  const sums: Range[] = [];
  let min = 0;
  let max = 0;
  for (const item of items(steps)) {
    const duration = typeof item.duration === 'string' ? item.duration.trim() : '';
    if (ONGOING.has(duration) || HOURS.test(duration)) continue;
    const match = DURATION.exec(duration);
    if (!match) return null;
    min += Number(match[1] ?? match[2]);
    max += Number(match[2]);
    sums.push({ min, max });
  }
  return sums.length > 0 ? sums : null;
}

const covers = (sums: readonly Range[], stated: Range) =>
  sums.some((sum) => sum.min === stated.min && sum.max === stated.max);
const sumsText = (sums: readonly Range[]) =>
  `${rangeText(sums.at(-1)!)} (after each step: ${sums.map(rangeText).join(', ')})`;

function statedRanges(text: string): Range[] {
  const ranges: Range[] = [];
  for (const match of text.matchAll(STATED)) {
    const min = numberOf(match[1]!);
    const max = numberOf(match[2]!);
    if (min !== undefined && max !== undefined) ranges.push({ min, max });
  }
  return ranges;
}

/** Single lengths in weeks, leaving out the ends of the ranges statedRanges reads. */
function singleLengths(text: string): number[] {
  return [...text.replace(STATED, ' ').matchAll(SINGLE)]
    .map((match) => numberOf(match[1]!))
    .filter((weeks) => weeks !== undefined);
}

const within = (total: Range, weeks: number) => weeks >= total.min && weeks <= total.max;

function durationProblems(files: readonly FactFile[]): FactProblem[] {
  const problems: FactProblem[] = [];
  const byPath = new Map(files.map((file) => [file.path, file]));
  for (const file of files) {
    if (path.posix.basename(file.path) !== 'steps.json') continue;
    const sums = stepSums(file.value);
    if (!sums) continue;
    const field = (name: string) =>
      isRecord(file.value) && typeof file.value[name] === 'string' ? file.value[name] : '';
    const text = field('text');
    for (const stated of statedRanges(text)) {
      if (!covers(sums.slice(-1), stated))
        problems.push({
          file: file.path,
          problem: `/text states ${rangeText(stated)} weeks, but the steps add up to ${sumsText(sums)}`,
        });
    }
    for (const name of ['headline', 'text'])
      for (const weeks of singleLengths(field(name)))
        if (!within(sums.at(-1)!, weeks))
          problems.push({
            file: file.path,
            problem: `/${name} states ${weeks} weeks, but the steps add up to ${sumsText(sums)}`,
          });
    problems.push(...insightLengthProblems(files, file, sums));
    // A box on the same page that counts weeks ("7–11 · Weeks to a clean GA4 setup").
    const boxes = byPath.get(`${path.posix.dirname(file.path)}/boxes.json`);
    items(boxes?.value).forEach((box, index) => {
      const label = `${String(box.title ?? '')} ${String(box.label ?? '')}`;
      if (typeof box.value !== 'string' || !/\b(?:Wochen|weeks)\b/iu.test(label)) return;
      const match = /^(\d+)(?:–(\d+))?$/.exec(box.value.trim());
      if (!match) return;
      const stated = { min: Number(match[1]), max: Number(match[2] ?? match[1]) };
      // "Weeks to the first campaign" counts up to a milestone, any other box the whole project.
      const milestone = /\b(?:first|erste[nrs]?)\b/iu.test(label);
      if (!covers(milestone ? sums : sums.slice(-1), stated))
        problems.push({
          file: boxes!.path,
          problem: `/items/${index}/value states ${rangeText(stated)} weeks, but the steps of ${file.path} add up to ${sumsText(sums)}`,
        });
    });
  }
  return problems;
}

/**
 * The insights about the service whose steps these are: an insight's folder starts with the
 * service's folder name (server-side-tracking-in-practice for services/…/server-side-tracking).
 * A sentence about a project that states weeks states the steps' total; a sentence naming a step
 * ("Parallelbetrieb") and stating a range states that step's duration.
 */
function insightLengthProblems(files: readonly FactFile[], steps: FactFile, sums: readonly Range[]): FactProblem[] {
  const [language, , section] = steps.path.split('/');
  if (section !== 'services') return [];
  const service = path.posix.basename(path.posix.dirname(steps.path));
  const prefix = `${language}/homepage/insights/${service}-`;
  const total = sums.at(-1)!;
  const named = items(steps.value).flatMap((item) => {
    const match = typeof item.duration === 'string' ? DURATION.exec(item.duration.trim()) : null;
    return typeof item.title === 'string' && match
      ? [{ title: item.title, range: { min: Number(match[1] ?? match[2]), max: Number(match[2]) } }]
      : [];
  });
  const problems: FactProblem[] = [];
  for (const file of files) {
    if (!file.path.startsWith(prefix) || path.posix.basename(file.path) !== 'content.json') continue;
    for (const { pointer, text } of strings(file.value))
      for (const sentence of text.split(/(?<=[.!?])\s+/)) {
        const report = (what: string) =>
          problems.push({ file: file.path, problem: `${pointer} ${what} (“${sentence.slice(0, 60)}…”)` });
        const step = named.find(({ title }) => sentence.toLowerCase().includes(title.toLowerCase()));
        if (step) {
          for (const stated of statedRanges(sentence))
            if (stated.min !== step.range.min || stated.max !== step.range.max)
              report(
                `gives „${step.title}“ ${rangeText(stated)} weeks, but ${steps.path} gives it ${rangeText(step.range)}`,
              );
          continue;
        }
        if (!/\b(?:Projekt|project)\b/iu.test(sentence)) continue;
        for (const stated of statedRanges(sentence))
          if (stated.min !== total.min || stated.max !== total.max)
            report(
              `gives a project ${rangeText(stated)} weeks, but the steps of ${steps.path} add up to ${sumsText(sums)}`,
            );
        for (const weeks of singleLengths(sentence))
          if (!within(total, weeks))
            report(`gives a project ${weeks} weeks, but the steps of ${steps.path} add up to ${sumsText(sums)}`);
      }
  }
  return problems;
}

/** The year the Google Marketing Platform and its partner programme began (June 2018). */
export const GMP_FIRST_YEAR = 2018;

function* strings(value: unknown, pointer = ''): Generator<{ pointer: string; text: string }> {
  if (typeof value === 'string') yield { pointer, text: value };
  else if (Array.isArray(value))
    for (const [index, item] of value.entries()) yield* strings(item, `${pointer}/${index}`);
  else if (isRecord(value))
    for (const [name, item] of Object.entries(value)) yield* strings(item, `${pointer}/${name}`);
}

function partnerYearProblems(files: readonly FactFile[]): FactProblem[] {
  const problems: FactProblem[] = [];
  const early = (text: string) =>
    [...text.matchAll(/(?<!\d)(20[01]\d)(?!\d)/g)]
      .map((match) => Number(match[1]))
      .find((year) => year < GMP_FIRST_YEAR);
  for (const file of files) {
    for (const { pointer, text } of strings(file.value)) {
      if (!text.includes('Google Marketing Platform')) continue;
      // Sentence by sentence: a founding year elsewhere in a paragraph is no partner year.
      for (const sentence of text.split(/(?<=[.!?])\s+/)) {
        if (!/Google Marketing Platform/.test(sentence) || !/partner/i.test(sentence)) continue;
        const year = early(sentence);
        if (year !== undefined)
          problems.push({
            file: file.path,
            problem: `${pointer} dates the Google Marketing Platform partnership to ${year}; the platform began in ${GMP_FIRST_YEAR}`,
          });
      }
    }
    // A figures block: the year as the value, the partnership in the label.
    items(file.value).forEach((item, index) => {
      const year = typeof item.value === 'string' ? Number(item.value) : NaN;
      if (year < GMP_FIRST_YEAR && /Google Marketing Platform/.test(String(item.label ?? item.title ?? ''))) {
        problems.push({
          file: file.path,
          problem: `/items/${index} dates the Google Marketing Platform partnership to ${year}; the platform began in ${GMP_FIRST_YEAR}`,
        });
      }
    });
  }
  return problems;
}

/** Figures blocks: numbers.json and boxes.json, whose items each show one value. */
function repeatedFigureProblems(files: readonly FactFile[]): FactProblem[] {
  const problems: FactProblem[] = [];
  for (const file of files) {
    if (!['numbers.json', 'boxes.json'].includes(path.posix.basename(file.path))) continue;
    const seen = new Map<string, number>();
    items(file.value).forEach((item, index) => {
      if (typeof item.value !== 'string') return;
      const figure = item.value.replace(/\+$/, '').trim();
      const first = seen.get(figure);
      if (first === undefined) seen.set(figure, index);
      else
        problems.push({
          file: file.path,
          problem: `/items/${index}/value ${item.value} repeats the figure of /items/${first}; two counts side by side read as a copy error`,
        });
    });
  }
  return problems;
}

/** An event folder's meta may name the event page as canonical, never one edition when there are several. */
function eventCanonicalProblems(files: readonly FactFile[]): FactProblem[] {
  const problems: FactProblem[] = [];
  const byPath = new Map(files.map((file) => [file.path, file]));
  for (const file of files) {
    if (
      path.posix.basename(file.path) !== 'information.json' ||
      !isRecord(file.value) ||
      !Array.isArray(file.value.editions)
    )
      continue;
    if (file.value.editions.length < 2) continue;
    const meta = byPath.get(`${path.posix.dirname(file.path)}/meta.json`);
    const canonical = isRecord(meta?.value) && typeof meta.value.canonical === 'string' ? meta.value.canonical : null;
    if (!canonical) continue;
    const edition = file.value.editions
      .filter(isRecord)
      .find(({ location, year, month }) => canonical.endsWith(`/${String(location)}/${String(year)}/${String(month)}`));
    if (edition)
      problems.push({
        file: meta!.path,
        problem: `/canonical ${canonical} names one of ${file.value.editions.length} editions as the original of all of them`,
      });
  }
  return problems;
}

export function pageFactProblems(files: readonly FactFile[]): FactProblem[] {
  return [
    ...durationProblems(files),
    ...partnerYearProblems(files),
    ...repeatedFigureProblems(files),
    ...eventCanonicalProblems(files),
  ];
}
