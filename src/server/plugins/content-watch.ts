/**
 * With CONTENT_WATCH, edits to content/ show without a restart: the store is read again
 * and the insights indexes are rebuilt. A broken file keeps the last good content.
 */
import { watch } from 'node:fs';
import type { FastifyPluginAsync } from 'fastify';
import type { ContentStore } from '../content/content-store.ts';

/** Editors write several files at once; one reload follows a burst of changes. */
const SETTLE_MS = 150;

export interface ContentWatchOptions {
  contentDir: string;
  store: ContentStore;
  /** Called after every successful reload; the pages answer from the old indexes until it is done. */
  onReload: () => Promise<void>;
}

export const contentWatchPlugin: FastifyPluginAsync<ContentWatchOptions> = async (app, { contentDir, store, onReload }) => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const reload = async () => {
    try {
      await store.reload();
      await onReload();
      app.log.info({ files: store.fileCount }, 'content reloaded');
    } catch (error) {
      app.log.error({ err: error }, 'content not reloaded; keeping the last good content');
    }
  };
  const watcher = watch(contentDir, { recursive: true }, () => {
    clearTimeout(timer);
    timer = setTimeout(() => void reload(), SETTLE_MS);
  });
  app.addHook('onClose', async () => {
    clearTimeout(timer);
    watcher.close();
  });
};
