/** What the event pages load: every listed event's editions, or one event with the edition its path names. */
import type { EventLabels } from '../content/schemas/events.ts';
import type { ContentSource, PageContent } from '../content/types.ts';
import type { Language } from '../i18n/language.ts';
import {
  type Edition,
  type EditionParams,
  type EditionSummary,
  type EventInformation,
  isPast,
  listEditions,
  selectEdition,
  summarize,
} from './model.ts';

export interface EventsOverviewData {
  labels: EventLabels;
  upcoming: EditionSummary[];
  past: EditionSummary[];
}

export interface EventPageData {
  labels: EventLabels;
  information: EventInformation;
  edition: Edition;
  past: boolean;
  /** The event's other editions. */
  others: EditionSummary[];
}

export async function loadEventsOverview(
  language: Language,
  folder: string,
  content: PageContent,
  source: ContentSource,
  now: Date,
): Promise<EventsOverviewData | null> {
  const events = content.events;
  const labels = await source.file<EventLabels>(language, 'event_labels.json');
  if (!events || !labels) return null;
  const pages = await Promise.all(events.folders.map((name) => source.page(language, `${folder}/${name}`)));
  const informations = pages.flatMap((page) => (page?.information ? [page.information] : []));
  return { labels, ...listEditions(language, informations, now) };
}

/** Null when the path names no edition of the event. */
export async function loadEventPage(
  language: Language,
  content: PageContent,
  params: EditionParams,
  source: ContentSource,
  now: Date,
): Promise<EventPageData | null> {
  const information = content.information;
  const labels = await source.file<EventLabels>(language, 'event_labels.json');
  if (!information || !labels) return null;
  const edition = selectEdition(information, params, now);
  if (!edition) return null;
  const others = information.editions
    .filter((other) => other !== edition)
    .map((other) => summarize(language, information, other, now));
  return { labels, information, edition, past: isPast(edition, now), others };
}
