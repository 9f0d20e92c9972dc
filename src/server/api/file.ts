/**
 * POST /api/file/exists: whether a file is in the served downloads folder, so a download
 * link is shown only for a file a visitor can actually get. Only paths inside that folder
 * are answered; anything that could leave it is refused before the file system is asked.
 */
import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { FILE_API, FILE_EXISTS_API, routeBelow } from '#app/api-paths.ts';
import { FormRefusal } from '../forms/refusal.ts';
import type { ApiPlugin } from '../http/type-provider.ts';

/** The folder below STATIC_DIR whose files are offered for download, served at /downloads/. */
export const DOWNLOADS_FOLDER = 'downloads';

/** A relative path of plain segments: no '..' or '.', no empty segment, nothing encoded, no drive or backslash. */
const SAFE_PATH = /^(?!.*(?:^|\/)\.{1,2}(?:\/|$))[A-Za-z0-9_-][A-Za-z0-9._-]*(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

export function isSafeDownloadPath(candidate: string): boolean {
  return SAFE_PATH.test(candidate);
}

async function isFileInside(root: string, relative: string): Promise<boolean> {
  try {
    const [realRoot, realFile] = await Promise.all([realpath(root), realpath(path.join(root, relative))]);
    // A symbolic link inside the folder may still point out of it.
    if (!realFile.startsWith(realRoot + path.sep)) return false;
    return (await stat(realFile)).isFile();
  } catch {
    return false;
  }
}

export const fileApi: ApiPlugin<{ staticDir: string }> = async (app, { staticDir }) => {
  const downloadsDir = path.join(staticDir, DOWNLOADS_FOLDER);

  app.post(
    routeBelow(FILE_API, FILE_EXISTS_API),
    {
      bodyLimit: 4 * 1024,
      config: { readOnly: true },
      schema: {
        body: {
          type: 'object',
          required: ['path'],
          additionalProperties: false,
          properties: { path: { type: 'string', minLength: 1, maxLength: 300 } },
        } as const,
        response: {
          200: { type: 'object', required: ['exists'], properties: { exists: { type: 'boolean' } } } as const,
        },
      },
    },
    async (request) => {
      if (!isSafeDownloadPath(request.body.path)) throw new FormRefusal(400, 'path', 'path_outside');
      return { exists: await isFileInside(downloadsDir, request.body.path) };
    },
  );
};
