/** Hashed client bundles under /assets (cached for a year, pre-compressed) and the files of static/ at the root. */

import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import { VERSIONED_IMAGES_PATH } from '#app/images/image-urls.ts';

export interface AssetsOptions {
  distDir: string;
  staticDir: string;
}

export const ASSETS_PREFIX = '/assets/';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const STATIC_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** Below STATIC_DIR: images/insights/{slug}/image.jpg (see articleImageUrl). */
const INSIGHTS_IMAGES_FOLDER = 'images/insights';

export const assetsPlugin: FastifyPluginAsync<AssetsOptions> = async (app, { distDir, staticDir }) => {
  await app.register(fastifyStatic, {
    root: path.join(distDir, 'public', 'assets'),
    prefix: ASSETS_PREFIX,
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply) {
      reply.header('cache-control', IMMUTABLE);
    },
  });
  // The build's images under their versioned paths: a new image gets a new URL.
  await app.register(fastifyStatic, {
    root: path.join(distDir, 'public', 'img'),
    prefix: VERSIONED_IMAGES_PATH,
    decorateReply: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply) {
      reply.header('cache-control', IMMUTABLE);
    },
  });
  // The insights' images, one folder per article: thousands of them, so looked up per request
  // under their own prefix rather than registered one route per file.
  await app.register(fastifyStatic, {
    root: path.join(staticDir, INSIGHTS_IMAGES_FOLDER),
    prefix: `/${INSIGHTS_IMAGES_FOLDER}/`,
    decorateReply: false,
    preCompressed: true,
    maxAge: STATIC_MAX_AGE_MS,
  });
  // Registered file by file, so every other path falls through to the pages.
  await app.register(fastifyStatic, {
    root: staticDir,
    prefix: '/',
    wildcard: false,
    globIgnore: [`${INSIGHTS_IMAGES_FOLDER}/**`],
    decorateReply: false,
    // A file with a .br or .gz sibling is sent as that, to clients that take it.
    preCompressed: true,
    maxAge: STATIC_MAX_AGE_MS,
  });
};
