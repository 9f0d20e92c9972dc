/** Fills {name} placeholders in a content text. */
export function fill(text: string, values: Readonly<Record<string, string | number>>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** The current year in Berlin, so server and browser print the same. */
export function currentYear(now: Date = new Date()): number {
  return Number(new Intl.DateTimeFormat('de-DE', { year: 'numeric', timeZone: 'Europe/Berlin' }).format(now));
}

const DATE_LOCALES = { en: 'en-GB', de: 'de-DE' } as const;

/** A date as people of the language write it, in Berlin time, the same on server and browser. */
export function formatDate(iso: string, language: 'en' | 'de'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(DATE_LOCALES[language], { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Berlin' }).format(date);
}
