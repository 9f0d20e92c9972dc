/**
 * The only texts not read from content: the error document shown when the error page
 * itself fails, which must render when no content could be loaded at all.
 */
import type { Language } from './language.ts';

export const FALLBACK_MESSAGES: Record<Language, { title: string; headline: string; home: string }> = {
  en: {
    title: 'Nordstern Digital',
    headline: 'An error occurred while showing the error page',
    home: 'Back to the homepage',
  },
  de: {
    title: 'Nordstern Digital',
    headline: 'Beim Anzeigen der Fehlerseite ist ein Fehler aufgetreten',
    home: 'Zurück zur Startseite',
  },
};
