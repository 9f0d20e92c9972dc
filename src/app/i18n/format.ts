/** Fills {name} placeholders in a content text. */
export function fill(text: string, values: Readonly<Record<string, string | number>>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** Formatters are costly to make and never change: made once, shared by every render. */
const BERLIN_YEAR = new Intl.DateTimeFormat('de-DE', { year: 'numeric', timeZone: 'Europe/Berlin' });

/** The current year in Berlin, so server and browser print the same. */
export function currentYear(now: Date = new Date()): number {
  return Number(BERLIN_YEAR.format(now));
}

const DATE_LOCALES = { en: 'en-GB', de: 'de-DE' } as const;
const DATE_FORMATS = {
  en: new Intl.DateTimeFormat(DATE_LOCALES.en, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Berlin' }),
  de: new Intl.DateTimeFormat(DATE_LOCALES.de, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Berlin' }),
} as const;

/** A date as people of the language write it, in Berlin time, the same on server and browser. */
export function formatDate(iso: string, language: 'en' | 'de'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return DATE_FORMATS[language].format(date);
}
