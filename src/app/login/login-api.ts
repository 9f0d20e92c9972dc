/** The site's login API as the browser calls it: the caller's ID token as a bearer token, cookies sent along. */
import { galaxyUserApiPath, platformTokenApiPath } from '../api-paths.ts';
import type { GalaxyUser } from './galaxy-user.ts';

export type ApiResult<T> = { ok: true; value: T } | { ok: false; status: number; code?: string; message?: string };

async function getJson<T>(path: string, idToken: string): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      headers: { accept: 'application/json', authorization: `Bearer ${idToken}` },
      credentials: 'same-origin',
    });
  } catch {
    return { ok: false, status: 0 };
  }
  const body = (await response.json().catch(() => undefined)) as { code?: unknown; message?: unknown } | undefined;
  if (response.ok && body !== undefined) return { ok: true, value: body as T };
  return {
    ok: false,
    status: response.status,
    ...(typeof body?.code === 'string' ? { code: body.code } : {}),
    ...(typeof body?.message === 'string' ? { message: body.message } : {}),
  };
}

export const fetchGalaxyUser = (uid: string, idToken: string) => getJson<GalaxyUser>(galaxyUserApiPath(uid), idToken);

export async function fetchPlatformToken(uid: string, idToken: string): Promise<ApiResult<string>> {
  const result = await getJson<{ token: string }>(platformTokenApiPath(uid), idToken);
  return result.ok ? { ok: true, value: result.value.token } : result;
}
