/**
 * Whole numbers as the language writes them, apart from format.ts: only the career pages'
 * salaries need it, so no first load carries it.
 */
import type { FormatTexts } from './format.ts';

/** A whole number with its thousands marked, as the language writes it: 60,000 or 60.000. */
export function formatWholeNumber(value: number, texts: FormatTexts): string {
  const digits = String(Math.round(Math.abs(value)));
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, texts.thousands_separator);
  return value < 0 ? `-${grouped}` : grouped;
}
