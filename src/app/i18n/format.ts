import type { UiTexts } from '../content/types.ts';
import { berlinTime } from './berlin-time.ts';

/** Fills {name} placeholders in a content text. */
export function fill(text: string, values: Readonly<Record<string, string | number>>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** The current year in Berlin, so server and browser print the same. */
export function currentYear(now: Date = new Date()): number {
  return berlinTime(now).year;
}

/** What writing a date takes from the page's texts (ui.json). */
export type DateTexts = Pick<UiTexts, 'date_format' | 'months'>;

/** A date as people of the language write it, in Berlin time, the same on server and browser. */
export function formatDate(iso: string, texts: DateTexts): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const { year, month, day } = berlinTime(date);
  return fill(texts.date_format, { day, month: texts.months[month - 1] ?? String(month), year });
}
