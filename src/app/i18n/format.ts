/** Fills {name} placeholders in a content text. */
export function fill(text: string, values: Readonly<Record<string, string | number>>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** The current year in Berlin, so server and browser print the same. */
export function currentYear(now: Date = new Date()): number {
  return Number(new Intl.DateTimeFormat('de-DE', { year: 'numeric', timeZone: 'Europe/Berlin' }).format(now));
}
