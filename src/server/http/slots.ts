/**
 * A bound on work done at once: beyond `limit` a caller waits its turn, beyond `maxWaiting`
 * waiting it is refused at once, so work that holds memory (a render, a file check) can never
 * pile up however many requests ask for it together.
 */
export interface Slots {
  /** Resolves with a release function, or with undefined when too many are waiting. */
  acquire(): Promise<(() => void) | undefined>;
  stats(): { running: number; waiting: number };
}

export function createSlots(limit: number, maxWaiting: number): Slots {
  let running = 0;
  const waiting: Array<() => void> = [];

  const releaser = () => {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    };
  };

  return {
    acquire() {
      if (running < limit) {
        running += 1;
        return Promise.resolve(releaser());
      }
      if (waiting.length >= maxWaiting) return Promise.resolve(undefined);
      // The slot passes straight from the one who releases it to the first in line.
      return new Promise((resolve) => waiting.push(() => resolve(releaser())));
    },
    stats: () => ({ running, waiting: waiting.length }),
  };
}
