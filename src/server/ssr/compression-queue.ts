/**
 * A bound on background compressions: at most `concurrency` run at once and at most
 * `maxWaiting` wait. Each brotli or gzip run holds its compressor's window and tables in the
 * thread pool until it is done, so without a bound a flood of pages rendered for the first
 * time grows the process's memory with every page. A job that arrives when the line is full
 * pushes out the one that waited longest: its page is then served compressed per answer at
 * streaming quality, as it is while its copies are being made.
 */
export interface CompressionQueue {
  /** Runs the job in turn; resolves undefined when it was pushed out of the line before it ran. */
  run<T>(job: () => Promise<T>): Promise<T | undefined>;
  stats(): { running: number; waiting: number; dropped: number };
}

export interface CompressionQueueOptions {
  concurrency: number;
  maxWaiting: number;
}

interface Waiting {
  start(): void;
  drop(): void;
}

export function createCompressionQueue({ concurrency, maxWaiting }: CompressionQueueOptions): CompressionQueue {
  let running = 0;
  let dropped = 0;
  const waiting: Waiting[] = [];

  const next = () => {
    running -= 1;
    waiting.shift()?.start();
  };

  return {
    run<T>(job: () => Promise<T>): Promise<T | undefined> {
      return new Promise<T | undefined>((resolve, reject) => {
        const start = () => {
          running += 1;
          let result: Promise<T>;
          try {
            result = job();
          } catch (error) {
            // A job that throws before it returns its promise is a failed run, not a lost place.
            result = Promise.reject(error);
          }
          // The place is free before the caller hears of the result.
          result.then(
            (value) => {
              next();
              resolve(value);
            },
            (error: unknown) => {
              next();
              reject(error);
            },
          );
        };
        if (running < concurrency) {
          start();
          return;
        }
        if (maxWaiting === 0) {
          dropped += 1;
          resolve(undefined);
          return;
        }
        if (waiting.length >= maxWaiting) {
          dropped += 1;
          waiting.shift()?.drop();
        }
        waiting.push({ start, drop: () => resolve(undefined) });
      });
    },
    stats: () => ({ running, waiting: waiting.length, dropped }),
  };
}
