/**
 * How fast a request body must arrive. A form post of a few kilobytes arrives whole within
 * a second or two even on a 2G line, so a body still arriving after the grace period is
 * either large or held open on purpose; from then on it must keep a minimum rate, measured
 * over the last grace period, or it is refused. A body sent in one burst and then trickled
 * a byte at a time is refused as soon as the burst leaves the window.
 */

/** Time every body has before its rate counts: a few KB on the slowest mobile line, with a slow start. */
export const BODY_GRACE_MS = 5_000;
/**
 * The least a body must bring per second, over the last grace period. A 2G (GPRS/EDGE) upload
 * brings 2 to 10 KB/s and a poor 3G one tens of KB/s, so a real visitor passes with a margin
 * of five or more; an address holding body memory must pay for it in bandwidth, and a form
 * body of 64 KB at this rate takes as long as REQUEST_TIMEOUT_MS allows a whole request.
 */
export const MIN_BODY_BYTES_PER_SECOND = 512;
/** How often a body's rate is looked at once its grace period is over. */
export const BODY_PACE_CHECK_MS = 1_000;

const CHECKS_PER_WINDOW = Math.round(BODY_GRACE_MS / BODY_PACE_CHECK_MS);
const MIN_BYTES_PER_WINDOW = (MIN_BODY_BYTES_PER_SECOND * BODY_GRACE_MS) / 1000;

export interface BodyPace {
  /**
   * Called every BODY_PACE_CHECK_MS with the bytes read of the body so far: whether it has
   * fallen below the minimum rate over the last window (never within the grace period).
   */
  tooSlow(bytesSoFar: number): boolean;
}

export function createBodyPace(): BodyPace {
  // The bytes read at each of the last window's checks; the first entry is the start.
  const samples: number[] = [0];
  return {
    tooSlow(bytesSoFar) {
      samples.push(bytesSoFar);
      if (samples.length <= CHECKS_PER_WINDOW) return false;
      const windowStart = samples.shift() ?? 0;
      return bytesSoFar - windowStart < MIN_BYTES_PER_WINDOW;
    },
  };
}
