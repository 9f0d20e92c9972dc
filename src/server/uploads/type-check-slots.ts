/**
 * A bound on files checked by their bytes at once, across the whole server. A check reads
 * the file in fixed windows, so each costs little memory, but every upload of every client
 * finishes with one: without a bound, many finishing together would each hold their windows
 * and file handles at once. Checks beyond the bound wait their turn; beyond the waiting
 * bound they are refused at once rather than held, so the answer is quick and clear.
 */
import { createSlots } from '../http/slots.ts';

export interface TypeCheckSlots {
  /** Runs the check in its turn; undefined, without running it, when too many are waiting. */
  run<T>(check: () => Promise<T>): Promise<{ value: T } | undefined>;
  stats(): { running: number; waiting: number };
}

/**
 * Two at once keep a core free for pages. A waiting check holds only its place in line (its
 * file is on disk, its connection already counted against MAX_CONNECTIONS), and a check within
 * a CV's limits reads at most 512 KB of directory, a few milliseconds: 128 waiting are a burst
 * of applications answered within a second, not an attack.
 */
export const TYPE_CHECK_LIMITS = { concurrency: 2, maxWaiting: 128 } as const;

export function createTypeCheckSlots(
  concurrency: number = TYPE_CHECK_LIMITS.concurrency,
  maxWaiting: number = TYPE_CHECK_LIMITS.maxWaiting,
): TypeCheckSlots {
  const slots = createSlots(concurrency, maxWaiting);
  return {
    async run(check) {
      const release = await slots.acquire();
      if (!release) return undefined;
      try {
        return { value: await check() };
      } finally {
        release();
      }
    },
    stats: slots.stats,
  };
}
