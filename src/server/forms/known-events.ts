/** The event editions people can register for: named in content, open for registration and not yet past. */

import { type EventInformation, editionPath, isPast, parseEditionKey } from '#app/events/model.ts';
import type { Language } from '#app/i18n/language.ts';
import { EVENTS_FOLDER } from '#app/paths.ts';
import type { ContentStore } from '../content/content-store.ts';

export interface OpenEdition {
  /** The edition's title in the registration's language, used in mails. */
  title: string;
  path: string;
}

export function openEdition(store: ContentStore, language: Language, key: string, now: Date): OpenEdition | null {
  const parsed = parseEditionKey(key);
  if (!parsed) return null;
  const information = store.get(`${language}/${EVENTS_FOLDER[language]}/${parsed.folderName}/information.json`)
    ?.value as EventInformation | undefined;
  const edition = information?.editions.find(
    (e) => e.location === parsed.location && e.year === parsed.year && e.month === parsed.month,
  );
  if (!information || !edition?.registration || isPast(edition, now)) return null;
  return { title: edition.title, path: editionPath(language, information.folderName, edition) };
}

/** When the edition a registration names ended (in either language's content); undefined when it is unknown. */
export function editionEnd(store: ContentStore, key: string): Date | undefined {
  const parsed = parseEditionKey(key);
  if (!parsed) return undefined;
  for (const language of ['de', 'en'] as const) {
    const information = store.get(`${language}/${EVENTS_FOLDER[language]}/${parsed.folderName}/information.json`)
      ?.value as EventInformation | undefined;
    const edition = information?.editions.find(
      (e) => e.location === parsed.location && e.year === parsed.year && e.month === parsed.month,
    );
    if (edition) return new Date(edition.end);
  }
  return undefined;
}
