/**
 * Long passes over thousands of files (listing, checking, indexing) done synchronously, a few
 * milliseconds at a time, with the event loop free between the slices: cheaper than an awaited
 * call per file, and its pace does not depend on how many requests wait in each turn of the loop.
 */

/** Short enough not to hold a waiting request up noticeably, long enough that 20,000 folders take few turns. */
export const SLICE_MS = 8;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface SlicedPass {
  /** false when stop() ended the pass early. */
  finished: boolean;
  /** The time spent in the slices themselves, not waiting between them. */
  busyMs: number;
}

/** Calls work for each item; between slices, stop() may end the pass early. */
export async function forEachInSlices<T>(
  items: Iterable<T>,
  work: (item: T) => void,
  stop: () => boolean = () => false,
): Promise<SlicedPass> {
  let busyMs = 0;
  let sliceStarted = performance.now();
  for (const item of items) {
    const now = performance.now();
    if (now - sliceStarted > SLICE_MS) {
      busyMs += now - sliceStarted;
      await nextTurn();
      if (stop()) return { finished: false, busyMs };
      sliceStarted = performance.now();
    }
    work(item);
  }
  return { finished: true, busyMs: busyMs + performance.now() - sliceStarted };
}
