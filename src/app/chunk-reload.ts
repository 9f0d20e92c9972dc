/** A page chunk that fails to load (usually after a deploy) reloads the page, at most once a minute. */
export const CHUNK_RELOAD_GUARD_MS = 60_000;
const STORAGE_KEY = 'nordstern:chunk-reload-at';

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(
    error.message,
  );
}

/** Reloads for a chunk error unless a reload happened within the guard time; true when it reloads. */
export function reloadOnChunkError(
  error: unknown,
  now = Date.now(),
  storage: Storage | undefined = globalThis.sessionStorage,
): boolean {
  if (!isChunkLoadError(error) || !storage) return false;
  const last = Number(storage.getItem(STORAGE_KEY) ?? 0);
  if (now - last < CHUNK_RELOAD_GUARD_MS) return false;
  storage.setItem(STORAGE_KEY, String(now));
  globalThis.location?.reload();
  return true;
}
