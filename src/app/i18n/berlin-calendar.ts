/**
 * Calendar days and clock times in Berlin, from berlin-time.ts's arithmetic: the events' days and
 * times and the sitemap's day. Apart from berlin-time.ts, which every first load needs for the
 * year in the footer and the dates of article cards, so no first load carries these.
 */
import { berlinOffsetMs, berlinTime, HOUR_MS } from './berlin-time.ts';

const twoDigits = (value: number): string => String(value).padStart(2, '0');

/** The calendar day in Berlin, as YYYY-MM-DD. */
export function berlinDay(date: Date): string {
  const { year, month, day } = berlinTime(date);
  return `${year}-${twoDigits(month)}-${twoDigits(day)}`;
}

/** The first instant of the next calendar day in Berlin. */
export function nextBerlinMidnight(date: Date): Date {
  const { year, month, day } = berlinTime(date);
  const wallMidnight = Date.UTC(year, month - 1, day + 1);
  // Clocks change at 02:00 or 03:00 Berlin time, never around midnight: the offset an hour earlier holds at midnight.
  return new Date(wallMidnight - berlinOffsetMs(wallMidnight - HOUR_MS));
}

/** The time of day in Berlin, as 09:30 (the same in German and English). */
export function berlinClock(date: Date): string {
  const { hour, minute } = berlinTime(date);
  return `${twoDigits(hour)}:${twoDigits(minute)}`;
}
