/**
 * Long passes over thousands of files (listing, checking, indexing) done synchronously, a few
 * milliseconds at a time, with the event loop free between the slices: cheaper than an awaited
 * call per file, and its pace does not depend on how many requests wait in each turn of the loop.
 */

/** Short enough not to hold a waiting request up noticeably, long enough that 20,000 folders take few turns. */
export const SLICE_MS = 8;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Calls work for each item; between slices, stop() may end the pass early (it then answers false). */
export async function forEachInSlices<T>(items: Iterable<T>, work: (item: T) => void, stop: () => boolean = () => false): Promise<boolean> {
  let sliceStarted = performance.now();
  for (const item of items) {
    if (performance.now() - sliceStarted > SLICE_MS) {
      await nextTurn();
      if (stop()) return false;
      sliceStarted = performance.now();
    }
    work(item);
  }
  return true;
}
