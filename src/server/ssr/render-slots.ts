/**
 * A bound on pages rendered and being sent at once. Rendering is CPU work on one thread, so
 * more at once only adds memory: every answer in flight holds its data and its render state
 * until its last byte is written. Requests beyond the bound wait their turn; beyond the
 * waiting bound they are refused, so the process never runs out of heap however many
 * uncached pages are asked for at once. A client that stops reading holds its slot until
 * IDLE_TIMEOUT_MS closes its connection.
 */
export interface RenderSlots {
  /** Resolves with a release function, or with undefined when too many are waiting. */
  acquire(): Promise<(() => void) | undefined>;
  stats(): { running: number; waiting: number };
}

export function createRenderSlots(limit: number, maxWaiting: number): RenderSlots {
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
