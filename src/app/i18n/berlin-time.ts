/**
 * Wall-clock time in Berlin by the EU's summer-time rule, without Intl: a browser's first
 * Intl formatter with a time zone loads locale and zone data, which held the main thread for
 * tens of milliseconds in the middle of hydration. Server and browser use the same arithmetic,
 * so both print the same. The rule (since 1996): summer time from 01:00 UTC on the last Sunday
 * of March to 01:00 UTC on the last Sunday of October.
 */
export const HOUR_MS = 60 * 60 * 1000;
const MARCH = 2;
const OCTOBER = 9;

export interface BerlinTime {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/** 01:00 UTC on the last Sunday of the month (0-based), when EU clocks change. */
function clockChange(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

/** How far Berlin's clocks are ahead of UTC at an instant: one hour in winter, two in summer. */
export function berlinOffsetMs(instant: number): number {
  const year = new Date(instant).getUTCFullYear();
  const summer = instant >= clockChange(year, MARCH) && instant < clockChange(year, OCTOBER);
  return summer ? 2 * HOUR_MS : HOUR_MS;
}

export function berlinTime(date: Date): BerlinTime {
  const wall = new Date(date.getTime() + berlinOffsetMs(date.getTime()));
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
  };
}
