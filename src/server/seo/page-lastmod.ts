/**
 * When a page last changed, for the sitemap. A date the content states wins: an article's
 * publication date, a job's posting date. Pages that list articles change when one is
 * published, so its date counts beside their files. Event pages also change by themselves
 * when an edition turns past (registration closes, the overview moves it to the past ones),
 * so that moment counts too. Every other page: the newest file of its content folder.
 */
import type { Position } from '#app/careers/model.ts';
import type { GeneralInformation } from '#app/content/schemas/insight.ts';
import type { PageContent } from '#app/content/types.ts';
import { type EventInformation, pastSince } from '#app/events/model.ts';
import type { Language } from '#app/i18n/language.ts';
import type { LoadedPageRoute } from '#app/page-loading.ts';
import type { ContentStore, StoredFile } from '../content/content-store.ts';
import type { RouteParams } from './route-params.ts';

export interface LastmodInput {
  route: LoadedPageRoute;
  language: Language;
  /** The page's content folder below content/{language}/, and its blocks. */
  folder: string;
  page: Pick<StoredFile, 'value' | 'modifiedMs'>;
  params: RouteParams;
  store: ContentStore;
  positions: readonly Position[];
  /** The newest article of the language that is out, 0 when none is. */
  latestPublished: number;
  now: Date;
}

/** A W3C datetime in UTC, to the second. */
export const w3cDateTime = (ms: number): string => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** An article's stated publication date, when it states one that is not ahead. */
function publishedAt(information: unknown, now: Date): number | undefined {
  const stated = Date.parse((information as GeneralInformation | undefined)?.datetime ?? '');
  // An article dated ahead is not out by its own account (and a lastmod may not lie ahead).
  return stated <= now.getTime() ? stated : undefined;
}

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

export function pageLastmod({
  route,
  language,
  folder,
  page,
  params,
  store,
  positions,
  latestPublished,
  now,
}: LastmodInput): string {
  const content = page.value as PageContent;
  switch (route.data) {
    case 'insights-article':
      // Without a date of its own that is out, the files say when it changed.
      return w3cDateTime(publishedAt(content.general_information, now) ?? page.modifiedMs);
    case 'insights-overview':
    case 'insights-teaser':
      return w3cDateTime(Math.max(page.modifiedMs, latestPublished));
    case 'job': {
      const position = positions.find((candidate) => candidate.generic.folder === params.slug);
      return position ? position.generic.date_posted : w3cDateTime(page.modifiedMs);
    }
    case 'event':
      return w3cDateTime(Math.max(page.modifiedMs, latestTurnedPast([content.information], now)));
    case 'events-overview': {
      const listed = (content.events?.folders ?? []).flatMap(
        (name) => store.page(`${language}/${folder}/${name}`) ?? [],
      );
      const informations = listed.map((event) => (event.value as PageContent).information);
      return w3cDateTime(
        Math.max(page.modifiedMs, ...listed.map((event) => event.modifiedMs), latestTurnedPast(informations, now)),
      );
    }
    default:
      return w3cDateTime(page.modifiedMs);
  }
}
