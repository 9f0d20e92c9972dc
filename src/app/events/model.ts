/**
 * Events and their editions: which edition a path names, which are upcoming and which
 * past. An edition is upcoming through the whole day it ends on, in Berlin time.
 */
import type { Edition, EventInformation } from '../content/schemas/events.ts';
import { berlinDay, nextBerlinMidnight } from '../i18n/berlin-calendar.ts';
import type { Language } from '../i18n/language.ts';
import { EVENTS_PATH } from '../paths.ts';

export type { Edition, EventInformation };

export { berlinDay };

export function isPast(edition: Pick<Edition, 'end'>, now: Date): boolean {
  return berlinDay(now) > berlinDay(new Date(edition.end));
}

/** The instant from which isPast holds: the start of the Berlin day after the edition ends. */
export function pastSince(edition: Pick<Edition, 'end'>): Date {
  return nextBerlinMidnight(new Date(edition.end));
}

export interface EditionParams {
  location?: string;
  year?: string;
  month?: string;
}

export const editionPath = (
  language: Language,
  folderName: string,
  edition: Pick<Edition, 'location' | 'year' | 'month'>,
) => `${EVENTS_PATH[language]}/${folderName}/${edition.location}/${edition.year}/${edition.month}`;

/** What the registration form sends as `event`: one edition of one event. */
export const editionKey = (folderName: string, edition: Pick<Edition, 'location' | 'year' | 'month'>) =>
  `${folderName}/${edition.location}/${edition.year}/${edition.month}`;

export function parseEditionKey(key: string): ({ folderName: string } & Required<EditionParams>) | null {
  const match = /^([a-z0-9-]+)\/([a-z0-9-]+)\/(\d{4})\/(0[1-9]|1[0-2])$/.exec(key);
  return match ? { folderName: match[1]!, location: match[2]!, year: match[3]!, month: match[4]! } : null;
}

const time = (iso: string) => Date.parse(iso);
const byStart = (a: Pick<Edition, 'start'>, b: Pick<Edition, 'start'>) => time(a.start) - time(b.start);

/**
 * The edition a path names; without segments the next upcoming one, or the latest when
 * all are past. Undefined when the segments name no edition of this event.
 */
export function selectEdition(information: EventInformation, params: EditionParams, now: Date): Edition | undefined {
  const { location, year, month } = params;
  if (location !== undefined || year !== undefined || month !== undefined) {
    return information.editions.find(
      (edition) =>
        edition.location === location &&
        (year === undefined || edition.year === year) &&
        (month === undefined || edition.month === month),
    );
  }
  const sorted = [...information.editions].sort(byStart);
  return sorted.find((edition) => !isPast(edition, now)) ?? sorted.at(-1);
}

export interface EditionSummary {
  folderName: string;
  name: string;
  title: string;
  teaser: string;
  city: string;
  online: boolean;
  start: string;
  end: string;
  path: string;
  past: boolean;
}

export function summarize(
  language: Language,
  information: EventInformation,
  edition: Edition,
  now: Date,
): EditionSummary {
  return {
    folderName: information.folderName,
    name: information.name,
    title: edition.title,
    teaser: edition.teaser,
    city: edition.city,
    online: edition.online === true,
    start: edition.start,
    end: edition.end,
    path: editionPath(language, information.folderName, edition),
    past: isPast(edition, now),
  };
}

/** Every edition of the events, upcoming ones soonest first, past ones latest first. */
export function listEditions(
  language: Language,
  events: readonly EventInformation[],
  now: Date,
): { upcoming: EditionSummary[]; past: EditionSummary[] } {
  const all = events.flatMap((information) =>
    information.editions.map((edition) => summarize(language, information, edition, now)),
  );
  const upcoming = all.filter((e) => !e.past).sort(byStart);
  const past = all.filter((e) => e.past).sort((a, b) => byStart(b, a));
  return { upcoming, past };
}

/** A link that opens the address in a map service; it needs no consent, as nothing loads until it is followed. */
export function mapLink(venue: { name: string; street: string; postal_code: string; city: string }): string {
  const query = `${venue.name}, ${venue.street}, ${venue.postal_code} ${venue.city}`;
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(query)}`;
}
