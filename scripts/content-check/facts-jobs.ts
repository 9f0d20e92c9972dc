/**
 * The job ads' facts (careers/positions.json): every shipped position states its terms
 * (start, weekly hours, contract, travel, holiday, deadline), the same in both languages,
 * and they agree with what the ad says elsewhere:
 * - full-time (FULL_TIME) means at least 35 hours a week, part-time fewer, and hours named in
 *   the schedule line are the terms' hours;
 * - a fixed-term contract names its length, a permanent one none;
 * - a dated deadline is the posting's valid_through and falls after date_posted, and a dated
 *   start is neither before the posting nor before the deadline;
 * - holiday days named in an offer ("30 Tage Urlaub") are the terms' holiday days.
 */
import type { JobTerms } from '../../src/app/content/schemas/career.ts';
import type { FactFile, FactProblem } from './fact-file.ts';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  Boolean(value) && typeof value === 'object' && !Array.isArray(value);
const FULL_TIME_HOURS = 35;
const POSITIONS = /^(de|en)\/careers\/positions\.json$/;
/** "20 Stunden", "20 hours", with an ordinary or a non-breaking space. */
const HOURS = /(\d+)[ \u00a0](?:Stunden|hours)/u;
/** "30 Tage Urlaub", "30 days of holiday". */
const HOLIDAY = /(\d+)[ \u00a0](?:Tage Urlaub|days of holiday)/u;

interface Job {
  file: string;
  pointer: string;
  folder: string;
  generic: Record<string, unknown>;
  terms: JobTerms | undefined;
  offers: string[];
}

function jobsOf(file: FactFile): Job[] {
  if (!POSITIONS.test(file.path) || !isRecord(file.value) || !Array.isArray(file.value.activePositions)) return [];
  return file.value.activePositions.filter(isRecord).flatMap((position, index) => {
    const generic = isRecord(position.generic) ? position.generic : null;
    if (!generic || typeof generic.folder !== 'string') return [];
    const offers =
      isRecord(position.offers) && Array.isArray(position.offers.items)
        ? position.offers.items.filter(isRecord).map((item) => `${String(item.title)} ${String(item.text)}`)
        : [];
    return [
      {
        file: file.path,
        pointer: `/activePositions/${index}/generic`,
        folder: generic.folder,
        generic,
        terms: isRecord(generic.terms) ? (generic.terms as unknown as JobTerms) : undefined,
        offers,
      },
    ];
  });
}

function termProblems(job: Job): string[] {
  const { terms, generic } = job;
  if (!terms) return ['states no terms: start, weekly hours, contract, travel, holiday and application deadline'];
  const problems: string[] = [];
  const fullTime = generic.employment_type === 'FULL_TIME';
  if (fullTime && terms.weekly_hours < FULL_TIME_HOURS)
    problems.push(`is FULL_TIME with ${terms.weekly_hours} hours a week`);
  if (!fullTime && generic.employment_type === 'PART_TIME' && terms.weekly_hours >= FULL_TIME_HOURS)
    problems.push(`is PART_TIME with ${terms.weekly_hours} hours a week`);
  const scheduled = typeof generic.schedule === 'string' ? HOURS.exec(generic.schedule) : null;
  if (scheduled && Number(scheduled[1]) !== terms.weekly_hours)
    problems.push(`names ${scheduled[1]} hours in its schedule but ${terms.weekly_hours} in its terms`);
  if (terms.contract === 'fixed_term' && terms.contract_months === undefined)
    problems.push('has a fixed-term contract without contract_months');
  if (terms.contract === 'permanent' && terms.contract_months !== undefined)
    problems.push('has a permanent contract with contract_months');
  const posted = typeof generic.date_posted === 'string' ? generic.date_posted : '';
  if (terms.applications_until !== 'open_until_filled') {
    if (generic.valid_through !== terms.applications_until)
      problems.push(
        `takes applications until ${terms.applications_until} but its valid_through is ${String(generic.valid_through)}`,
      );
    if (terms.applications_until <= posted)
      problems.push(`takes applications until ${terms.applications_until}, not after its posting on ${posted}`);
  }
  if (terms.start !== 'asap') {
    if (terms.start < posted) problems.push(`starts on ${terms.start}, before its posting on ${posted}`);
    if (terms.applications_until !== 'open_until_filled' && terms.start < terms.applications_until)
      problems.push(`starts on ${terms.start}, before its application deadline ${terms.applications_until}`);
  }
  for (const offer of job.offers) {
    const holiday = HOLIDAY.exec(offer);
    if (holiday && Number(holiday[1]) !== terms.holiday_days)
      problems.push(`offers ${holiday[1]} days of holiday but states ${terms.holiday_days} in its terms`);
  }
  return problems;
}

const sameTerms = (a: JobTerms | undefined, b: JobTerms | undefined) =>
  JSON.stringify(Object.entries(a ?? {}).sort()) === JSON.stringify(Object.entries(b ?? {}).sort());

export function jobFactProblems(files: readonly FactFile[]): FactProblem[] {
  const problems: FactProblem[] = [];
  const jobs = files.flatMap(jobsOf);
  for (const job of jobs) {
    for (const problem of termProblems(job))
      problems.push({ file: job.file, problem: `${job.pointer} (${job.folder}) ${problem}` });
  }
  // One story per job: the German and the English ad state the same terms.
  const german = new Map(jobs.filter((job) => job.file.startsWith('de/')).map((job) => [job.folder, job]));
  for (const job of jobs.filter((j) => j.file.startsWith('en/'))) {
    const counterpart = german.get(job.folder);
    if (counterpart && !sameTerms(job.terms, counterpart.terms)) {
      problems.push({
        file: job.file,
        problem: `${job.pointer}/terms (${job.folder}) differ from the German ad's in ${counterpart.file}`,
      });
    }
  }
  return problems;
}
