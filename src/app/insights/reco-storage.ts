/** The articles a visitor has read in this tab, per language, kept in the browser for recommendations. */
import type { Language } from '../i18n/language.ts';

const KEY = (language: Language) => `recoStorage:${language}`;
/** Older reads matter less; the list stays short. */
export const RECO_STORAGE_LIMIT = 50;

export function readArticles(storage: Storage, language: Language): string[] {
  try {
    const value = JSON.parse(storage.getItem(KEY(language)) ?? '[]') as unknown;
    return Array.isArray(value)
      ? value.filter((entry): entry is string => typeof entry === 'string' && /^[a-z0-9-]{1,120}$/.test(entry))
      : [];
  } catch {
    return [];
  }
}

/** Remembers an article as read (most recent last) and returns what was read before it. */
export function rememberArticle(storage: Storage, language: Language, folderName: string): string[] {
  const before = readArticles(storage, language).filter((entry) => entry !== folderName);
  try {
    storage.setItem(KEY(language), JSON.stringify([...before, folderName].slice(-RECO_STORAGE_LIMIT)));
  } catch {
    // Storage may be full or blocked; recommendations then simply ignore history.
  }
  return before;
}
