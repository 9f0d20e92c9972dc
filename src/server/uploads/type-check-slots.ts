/**
 * A bound on files checked by their bytes at once, across the whole server. A check reads
 * the file in fixed windows, so each costs little memory, but every upload of every client
 * finishes with one: without a bound, many finishing together would each hold their windows
 * and file handles at once. Checks beyond the bound wait their turn; beyond the waiting
 * bound they are refused at once rather than held, so the answer is quick and clear.
 */
export interface TypeCheckSlots {
  /** Runs the check in its turn; undefined, without running it, when too many are waiting. */
  run<T>(check: () => Promise<T>): Promise<{ value: T } | undefined>;
  stats(): { running: number; waiting: number };
}

/** Two at once keep a core free for pages; sixteen waiting is a burst of applications, not an attack. */
export const TYPE_CHECK_LIMITS = { concurrency: 2, maxWaiting: 16 } as const;

export function createTypeCheckSlots(
  concurrency: number = TYPE_CHECK_LIMITS.concurrency,
  maxWaiting: number = TYPE_CHECK_LIMITS.maxWaiting,
): TypeCheckSlots {
  let running = 0;
  const waiting: Array<() => void> = [];

  const release = () => {
    const next = waiting.shift();
    // The slot passes straight from the one who releases it to the first in line.
    if (next) next();
    else running -= 1;
  };

  return {
    async run(check) {
      if (running < concurrency) running += 1;
      else if (waiting.length >= maxWaiting) return undefined;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return { value: await check() };
      } finally {
        release();
      }
    },
    stats: () => ({ running, waiting: waiting.length }),
  };
}
