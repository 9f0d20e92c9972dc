/**
 * The press on a mailed link's page: its token posted as JSON to the API that acts on it. Each
 * page reads the answer its own way; none of them throws when the server cannot be reached.
 */
export interface TokenAnswer {
  ok: boolean;
  status: number;
  body: Record<string, unknown>;
}

/** The answer to the post, or undefined when the server could not be reached. */
export async function postToken(api: string, field: string, token: string): Promise<TokenAnswer | undefined> {
  try {
    const response = await fetch(api, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify({ [field]: token }),
    });
    const body = ((await response.json().catch(() => null)) ?? {}) as Record<string, unknown>;
    return { ok: response.ok, status: response.status, body };
  } catch {
    return undefined;
  }
}
