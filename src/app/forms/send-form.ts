/** Sends a form from the browser: JSON for text forms, multipart with upload progress for applications. */

export type SendResult =
  | { ok: true }
  /** The server refused a field; its message is in the page language. */
  | { ok: false; refused: true; field: string | null; message: string | null; code: string | null }
  /** Nothing usable came back: offline, a server error, an unreadable answer. */
  | { ok: false; refused: false };

async function resultOf(status: number, read: () => Promise<unknown>): Promise<SendResult> {
  if (status >= 200 && status < 300) return { ok: true };
  if (status >= 500 || status === 0) return { ok: false, refused: false };
  const body = (await read().catch(() => ({}))) as { field?: unknown; message?: unknown; code?: unknown };
  return {
    ok: false,
    refused: true,
    field: typeof body.field === 'string' ? body.field : null,
    message: typeof body.message === 'string' ? body.message : null,
    code: typeof body.code === 'string' ? body.code : null,
  };
}

export async function sendJson(action: string, payload: Readonly<Record<string, unknown>>): Promise<SendResult> {
  try {
    const response = await fetch(action, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });
    return await resultOf(response.status, () => response.json());
  } catch {
    return { ok: false, refused: false };
  }
}

/** XMLHttpRequest, because fetch reports no upload progress. */
export function sendMultipart(
  action: string,
  body: FormData,
  onProgress: (percent: number) => void,
): Promise<SendResult> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open('POST', action);
    request.setRequestHeader('accept', 'application/json');
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    });
    request.addEventListener('load', () => {
      void resultOf(request.status, async () => JSON.parse(request.responseText) as unknown).then(resolve);
    });
    request.addEventListener('error', () => resolve({ ok: false, refused: false }));
    request.addEventListener('abort', () => resolve({ ok: false, refused: false }));
    request.send(body);
  });
}
