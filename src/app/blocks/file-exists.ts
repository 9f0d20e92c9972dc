import { FILE_EXISTS_API } from '../api-paths.ts';

/** Asks the server whether a download is there; any failure counts as not there. */
export async function fileExists(file: string, signal?: AbortSignal): Promise<boolean> {
  try {
    const response = await fetch(FILE_EXISTS_API, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify({ path: file }),
      signal,
    });
    if (!response.ok) return false;
    const body = (await response.json()) as { exists?: unknown };
    return body.exists === true;
  } catch {
    return false;
  }
}

/** The public URL of a file in the downloads folder. */
export const downloadUrl = (file: string) => `/downloads/${file}`;
