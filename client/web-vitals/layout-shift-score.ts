/**
 * Cumulative Layout Shift as the standard defines it: shifts not caused by the visitor's own
 * input are grouped into session windows (the next shift within 1 s of the last, the window at
 * most 5 s long), and the score is the largest window's sum.
 */
export const SESSION_GAP_MS = 1_000;
export const SESSION_MAX_MS = 5_000;

export interface LayoutShiftScore {
  /** One layout-shift entry that had no recent input, by its start time and value. */
  add(startTime: number, value: number): void;
  /** The largest session window so far; 0 when nothing shifted. */
  value(): number;
}

export function createLayoutShiftScore(): LayoutShiftScore {
  let largest = 0;
  let windowSum = 0;
  let windowStart = -Infinity;
  let lastShift = -Infinity;
  return {
    add(startTime, value) {
      if (startTime - lastShift < SESSION_GAP_MS && startTime - windowStart < SESSION_MAX_MS) {
        windowSum += value;
      } else {
        windowSum = value;
        windowStart = startTime;
      }
      lastShift = startTime;
      largest = Math.max(largest, windowSum);
    },
    value: () => largest,
  };
}
