/**
 * When a page last changed, for the sitemap. A date the content states wins: an article's
 * publication date, a job's posting date. Event pages also change by themselves when an
 * edition turns past (registration closes, the overview moves it to the past ones), so that
 * moment counts beside their files. Every other page: the newest file of its content folder.
 */
import type { Position } from '#app/careers/model.ts';
import type { EventsContent } from '#app/content/schemas/events.ts';
import type { GeneralInformation } from '#app/content/schemas/insight.ts';
import type { PageContent } from '#app/content/types.ts';
import { pastSince, type EventInformation } from '#app/events/model.ts';
import type { Language } from '#app/i18n/language.ts';
import type { PageRoute } from '#app/paths.ts';
import type { ContentStore, StoredFile } from '../content/content-store.ts';
import type { RouteParams } from './route-params.ts';

export interface LastmodInput {
  route: PageRoute;
  language: Language;
  /** The page's content folder below content/{language}/, and its blocks. */
  folder: string;
  page: StoredFile;
  params: RouteParams;
  store: ContentStore;
  positions: readonly Position[];
  now: Date;
}

/** A W3C datetime in UTC, to the second. */
export const w3cDateTime = (ms: number): string => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The latest moment one of the events' editions turned past, 0 when none has yet. */
function latestTurnedPast(informations: readonly unknown[], now: Date): number {
  let latest = 0;
  for (const information of informations as readonly (EventInformation | undefined)[]) {
    for (const edition of information?.editions ?? []) {
      const since = pastSince(edition).getTime();
      if (since <= now.getTime()) latest = Math.max(latest, since);
    }
  }
  return latest;
}

export function pageLastmod({ route, language, folder, page, params, store, positions, now }: LastmodInput): string {
  const content = page.value as PageContent;
  switch (route.data) {
    case 'insights-article': {
      const stated = Date.parse((content.general_information as GeneralInformation | undefined)?.datetime ?? '');
      // An article dated ahead is not out by its own account (and a lastmod may not lie ahead); its files say when it changed.
      return w3cDateTime(stated <= now.getTime() ? stated : page.modifiedMs);
    }
    case 'job': {
      const position = positions.find((candidate) => candidate.generic.folder === params.slug);
      return position ? position.generic.date_posted : w3cDateTime(page.modifiedMs);
    }
    case 'event':
      return w3cDateTime(Math.max(page.modifiedMs, latestTurnedPast([content.information], now)));
    case 'events-overview': {
      const listed = ((content.events as EventsContent | undefined)?.folders ?? []).flatMap((name) => store.page(`${language}/${folder}/${name}`) ?? []);
      const informations = listed.map((event) => (event.value as PageContent).information);
      return w3cDateTime(Math.max(page.modifiedMs, ...listed.map((event) => event.modifiedMs), latestTurnedPast(informations, now)));
    }
    default:
      return w3cDateTime(page.modifiedMs);
  }
}
