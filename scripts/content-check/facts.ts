/**
 * Facts that must agree across the content of one language:
 * - people quoted or on stage: one person per role at each company, one role per person
 *   at a company, and no two different people with the same first name at one company;
 * - event editions: no two editions on the same day share a speaker;
 * - an event insight's date is the date of the edition it links to, and an insight's type is
 *   what it carries (facts-insight-types.ts);
 * - each form states its retention period once, with its own placeholder (retention-facts.ts).
 * - the pages' own figures: project lengths, the partner year, repeated figures, event
 *   canonicals (facts-pages.ts), and the job ads' terms (facts-jobs.ts);
 * - the double opt-in pages do not say that clicking the mailed link completes a sign-up (facts-opt-in.ts).
 */
import path from 'node:path';
import { berlinDay } from '../../src/app/i18n/berlin-calendar.ts';
import type { FactFile, FactProblem } from './fact-file.ts';
import { insightTypeProblems } from './facts-insight-types.ts';
import { jobFactProblems } from './facts-jobs.ts';
import { optInProblems } from './facts-opt-in.ts';
import { pageFactProblems } from './facts-pages.ts';
import { retentionProblems } from './retention-facts.ts';

interface Person {
  file: string;
  pointer: string;
  name: string;
  role: string;
  company: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  Boolean(value) && typeof value === 'object' && !Array.isArray(value);
const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

/** The people a file names with their role at a company: quotes, quote sliders and speakers. */
function peopleOf(file: FactFile): Person[] {
  const block = path.posix.basename(file.path, '.json');
  const person = (value: unknown, pointer: string): Person | null => {
    if (!isRecord(value)) return null;
    const name = text(value.author) ?? text(value.name);
    const role = text(value.role);
    const company = text(value.company);
    return name && role && company ? { file: file.path, pointer, name, role, company } : null;
  };
  if (block === 'quote') return [person(file.value, '')].filter((p): p is Person => p !== null);
  if ((block === 'quoteSlider' || block === 'speakers') && isRecord(file.value) && Array.isArray(file.value.items)) {
    return file.value.items
      .map((item, index) => person(item, `/items/${index}`))
      .filter((p): p is Person => p !== null);
  }
  return [];
}

/** A role as it is compared: case and the German feminine ending do not make another role (Leiterin Marketing = Leiter Marketing). */
export function normalizedRole(role: string): string {
  return role
    .toLowerCase()
    .split(/\s+/)
    .map((word) => word.replace(/(?<=\p{L}{3})in$/u, ''))
    .join(' ');
}

const firstName = (name: string) => name.replace(/^(?:dr\.|prof\.)\s+/i, '').split(/\s+/)[0] ?? name;

function personProblems(files: readonly FactFile[]): FactProblem[] {
  const problems: FactProblem[] = [];
  const byRole = new Map<string, Person>();
  const byPerson = new Map<string, Person>();
  const byFirstName = new Map<string, Person>();
  for (const person of files.flatMap(peopleOf)) {
    const company = person.company.toLowerCase();
    const where = `${person.pointer || '/'}`;
    const roleKey = `${company}\u0000${normalizedRole(person.role)}`;
    const holder = byRole.get(roleKey);
    if (!holder) byRole.set(roleKey, person);
    else if (holder.name !== person.name) {
      problems.push({
        file: person.file,
        problem: `${where} names ${person.name} as ${person.role} at ${person.company}, the role ${holder.name} holds in ${holder.file}`,
      });
    }
    const personKey = `${company}\u0000${person.name}`;
    const known = byPerson.get(personKey);
    if (!known) byPerson.set(personKey, person);
    else if (normalizedRole(known.role) !== normalizedRole(person.role)) {
      problems.push({
        file: person.file,
        problem: `${where} names ${person.name} of ${person.company} as ${person.role}, but ${known.file} as ${known.role}`,
      });
    }
    const firstKey = `${company}\u0000${firstName(person.name)}`;
    const namesake = byFirstName.get(firstKey);
    if (!namesake) byFirstName.set(firstKey, person);
    else if (namesake.name !== person.name) {
      problems.push({
        file: person.file,
        problem: `${where} names ${person.name}, a second ${firstName(person.name)} at ${person.company} besides ${namesake.name} in ${namesake.file}`,
      });
    }
  }
  return problems;
}

interface EditionFact {
  file: string;
  pointer: string;
  event: string;
  path: string;
  days: string[];
  speakers: string[];
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Every Berlin day an edition touches, from its start to its end. */
function daysOf(start: string, end: string): string[] {
  const first = Date.parse(start);
  const last = Date.parse(end);
  if (Number.isNaN(first) || Number.isNaN(last)) return [];
  const days = new Set<string>();
  for (let instant = first; instant < last; instant += DAY_MS) days.add(berlinDay(new Date(instant)));
  days.add(berlinDay(new Date(last)));
  return [...days];
}

function editionsOf(files: readonly FactFile[]): EditionFact[] {
  const editions: EditionFact[] = [];
  for (const file of files) {
    if (path.posix.basename(file.path) !== 'information.json' || !isRecord(file.value)) continue;
    const { folderName, editions: list } = file.value;
    if (typeof folderName !== 'string' || !Array.isArray(list)) continue;
    list.forEach((edition, index) => {
      if (!isRecord(edition) || typeof edition.start !== 'string' || typeof edition.end !== 'string') return;
      const speakers = Array.isArray(edition.speakers)
        ? edition.speakers.filter((name): name is string => typeof name === 'string')
        : [];
      editions.push({
        file: file.path,
        pointer: `/editions/${index}`,
        event: folderName,
        path: `${folderName}/${String(edition.location)}/${String(edition.year)}/${String(edition.month)}`,
        days: daysOf(edition.start, edition.end),
        speakers,
      });
    });
  }
  return editions;
}

function editionProblems(editions: readonly EditionFact[]): FactProblem[] {
  const problems: FactProblem[] = [];
  editions.forEach((edition, index) => {
    for (const earlier of editions.slice(0, index)) {
      const day = edition.days.find((d) => earlier.days.includes(d));
      if (!day) continue;
      const shared = edition.speakers.filter((name) => earlier.speakers.includes(name));
      if (shared.length > 0) {
        problems.push({
          file: edition.file,
          problem: `${edition.pointer} (${edition.path}) on ${day} shares ${shared.join(', ')} with ${earlier.path} on the same day`,
        });
      }
    }
  });
  return problems;
}

/** An event insight's event_date and datetime name the day of the edition its event_page shows. */
function insightProblems(files: readonly FactFile[], editions: readonly EditionFact[]): FactProblem[] {
  const problems: FactProblem[] = [];
  for (const file of files) {
    if (path.posix.basename(file.path) !== 'general_information.json' || !isRecord(file.value)) continue;
    const { event_page: page, event_date: date, datetime } = file.value;
    if (typeof page !== 'string') continue;
    const edition = editions.find((e) => page.endsWith(`/${e.path}`));
    if (!edition) {
      problems.push({ file: file.path, problem: `/event_page ${page} names no edition of an event` });
      continue;
    }
    const day = edition.days[0];
    if (typeof date === 'string' && date !== day)
      problems.push({ file: file.path, problem: `/event_date ${date} is not the day of ${edition.path} (${day})` });
    if (typeof datetime === 'string' && berlinDay(new Date(datetime)) !== day)
      problems.push({ file: file.path, problem: `/datetime ${datetime} is not the day of ${edition.path} (${day})` });
  }
  return problems;
}

export function factProblems(files: readonly FactFile[]): FactProblem[] {
  const problems: FactProblem[] = [];
  for (const language of new Set(files.map((file) => file.language))) {
    const ofLanguage = files.filter((file) => file.language === language);
    const editions = editionsOf(ofLanguage);
    problems.push(
      ...personProblems(ofLanguage),
      ...editionProblems(editions),
      ...insightProblems(ofLanguage, editions),
      ...insightTypeProblems(ofLanguage),
      ...retentionProblems(ofLanguage, language),
      ...pageFactProblems(ofLanguage),
      ...optInProblems(ofLanguage),
    );
  }
  // The job ads are compared across the two languages too.
  problems.push(...jobFactProblems(files));
  return problems;
}
