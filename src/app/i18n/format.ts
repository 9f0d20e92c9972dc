import type { UiTexts } from '../content/types.ts';
import { berlinTime } from './berlin-time.ts';
import type { Template } from './template.ts';

// fill() and the type of the texts it takes, from one import.
export type { Template };

/** Fills {name} placeholders in a content text; a text not typed as a Template takes any names. */
export function fill<N extends string>(text: Template<N>, values: Readonly<Record<N, string | number>>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name as N]) : whole));
}

/** The current year in Berlin, so server and browser print the same. */
export function currentYear(now: Date = new Date()): number {
  return berlinTime(now).year;
}

/**
 * What writing dates and numbers takes from the page's texts (ui.json). Written without Intl:
 * a browser's first Intl formatter loads locale data, which held hydration for 15 to 30 ms.
 */
export type FormatTexts = Pick<UiTexts, 'date_format' | 'months' | 'thousands_separator'>;

/** A date as people of the language write it, in Berlin time, the same on server and browser. */
export function formatDate(iso: string, texts: FormatTexts): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const { year, month, day } = berlinTime(date);
  return fill(texts.date_format, { day, month: texts.months[month - 1] ?? String(month), year });
}
