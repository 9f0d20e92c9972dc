/**
 * With CONTENT_WATCH, edits to content/ show without a restart: the store is read again
 * and the insights indexes are rebuilt. A broken file keeps the last good content.
 *
 * A watcher per folder would be 20,000 watchers at 10,000 articles a language, more heap than
 * the articles' index. So only the folders kept in memory are watched, the insights folders
 * among them (which sees an article folder added, removed or renamed); an edit inside an article
 * folder is found by comparing each folder's stat signature with its last listing, checked
 * again and again at a pace that keeps the checking to a tenth of the time.
 */
import { type FSWatcher, watch } from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import type { ContentStore } from '../content/content-store.ts';

/** Editors write several files at once; one reload follows a burst of changes. */
const SETTLE_MS = 150;
/** The shortest pause between two checks of the article folders. */
const MIN_CHECK_PAUSE_MS = 1000;
/** The pause after a check is this many times as long as the check kept the event loop busy: at 20,000 folders a few hundred ms. */
const CHECK_PAUSE_FACTOR = 10;

export interface ContentWatchOptions {
  contentDir: string;
  store: ContentStore;
  /** Called after every successful reload; the pages answer from the old indexes until it is done. */
  onReload: () => Promise<void>;
}

export const contentWatchPlugin: FastifyPluginAsync<ContentWatchOptions> = async (
  app,
  { contentDir, store, onReload },
) => {
  const watchers = new Map<string, FSWatcher>();
  let settleTimer: ReturnType<typeof setTimeout> | undefined;
  let checkTimer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  /** One reload at a time (two at once would hold three listings and indexes); a change during it asks for one more. */
  let reloading: Promise<void> | undefined;
  let reloadAgain = false;
  /**
   * The last reload could not read the content (a broken file kept in memory): the listing is the
   * old one, so the check would see the same article changes again and again. The fix is a change
   * to a watched folder, which reloads.
   */
  let listingStale = false;

  const changed = () => {
    if (closed) return;
    clearTimeout(settleTimer);
    settleTimer = setTimeout(startReload, SETTLE_MS);
  };

  /**
   * Watches each folder of the last listing, and no other. Every watcher is made anew: a folder
   * removed and made again between two listings would keep a watcher on the folder that is gone.
   */
  const watchFolders = () => {
    for (const watcher of watchers.values()) watcher.close();
    watchers.clear();
    for (const folder of store.residentFolders()) {
      try {
        const watcher = watch(path.join(contentDir, folder), changed);
        // A watched folder removed: the reload that follows no longer lists it.
        watcher.on('error', () => {
          watcher.close();
          watchers.delete(folder);
          changed();
        });
        watchers.set(folder, watcher);
      } catch (error) {
        // Gone since it was listed: its parent's watcher has seen that.
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
  };

  const reload = async () => {
    const started = performance.now();
    try {
      try {
        await store.reload();
        listingStale = false;
      } catch (error) {
        listingStale = true;
        throw error;
      }
      watchFolders();
      await onReload();
      app.log.info({ files: store.fileCount, ms: Math.round(performance.now() - started) }, 'content reloaded');
    } catch (error) {
      app.log.error({ err: error }, 'content not reloaded; keeping the last good content');
    }
  };

  function startReload() {
    if (closed) return;
    if (reloading !== undefined) {
      reloadAgain = true;
      return;
    }
    reloading = (async () => {
      do {
        reloadAgain = false;
        await reload();
      } while (reloadAgain && !closed);
    })().finally(() => {
      reloading = undefined;
    });
  }

  const scheduleCheck = (pauseMs: number) => {
    if (!closed) checkTimer = setTimeout(() => void checkArticles(), pauseMs);
  };

  async function checkArticles() {
    let busyMs = 0;
    try {
      // A reload lists every folder anyway; a check during it would compare with a listing on its way out.
      if (!reloading && !listingStale) {
        const check = await store.changedArticle(() => closed || reloading !== undefined);
        busyMs = check.busyMs;
        if (check.changed !== undefined) {
          app.log.debug({ folder: check.changed }, 'article changed');
          changed();
        }
      }
    } catch (error) {
      app.log.error({ err: error }, 'article folders not checked');
    }
    // Paced by the time the check kept the event loop busy, not by how long requests made it wait between slices.
    scheduleCheck(Math.max(MIN_CHECK_PAUSE_MS, CHECK_PAUSE_FACTOR * busyMs));
  }

  watchFolders();
  scheduleCheck(MIN_CHECK_PAUSE_MS);
  app.addHook('onClose', async () => {
    closed = true;
    clearTimeout(settleTimer);
    clearTimeout(checkTimer);
    for (const watcher of watchers.values()) watcher.close();
    watchers.clear();
    await reloading;
  });
};
