/**
 * The Galaxy platform's user API as the directory: GET {GALAXY_API_URL}/users/{uid}
 * (with the verified email, when there is one, so the platform can match an invitation)
 * answers the user, or 404 when the platform knows no such user. Anything else (an error
 * status, no answer within the timeout, a body that is not a Galaxy user, an email address
 * that is not plain) is DirectoryUnavailableError: sign-in fails closed.
 */
import { Ajv } from 'ajv';
import { isPlainEmailAddress } from '#app/email/email-address.ts';
import { type GalaxyUser, GalaxyUserSchema } from '#app/login/galaxy-user.ts';
import { DirectoryUnavailableError, type GalaxyDirectory, type VerifiedIdentity } from './directory.ts';

export interface HttpDirectoryOptions {
  apiUrl: string;
  token?: string;
  timeoutMs: number;
}

export function createHttpDirectory({ apiUrl, token, timeoutMs }: HttpDirectoryOptions): GalaxyDirectory {
  const validUser = new Ajv({ strict: false }).compile<GalaxyUser>(GalaxyUserSchema);
  const base = apiUrl.replace(/\/+$/, '');
  return {
    async findUser(identity: VerifiedIdentity): Promise<GalaxyUser | null> {
      const url = new URL(`${base}/users/${encodeURIComponent(identity.uid)}`);
      if (identity.email && identity.emailVerified) url.searchParams.set('email', identity.email);
      let response: Response;
      try {
        response = await fetch(url, {
          headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          signal: AbortSignal.timeout(timeoutMs),
          redirect: 'error',
        });
      } catch (error) {
        throw new DirectoryUnavailableError(
          `the Galaxy user API did not answer: ${(error as Error).name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : (error as Error).message}`,
        );
      }
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new DirectoryUnavailableError(`the Galaxy user API answered ${response.status}`);
      }
      let body: unknown;
      try {
        body = await response.json();
      } catch {
        throw new DirectoryUnavailableError('the Galaxy user API answered something that is not JSON');
      }
      if (!validUser(body))
        throw new DirectoryUnavailableError('the Galaxy user API answered something that is not a Galaxy user');
      // The platform answers for the uid asked; an answer about anyone else is not trusted.
      if (body.uid !== identity.uid)
        throw new DirectoryUnavailableError('the Galaxy user API answered for another uid');
      // The address goes on to the browser as the user's own; one that is not plain is as garbled as any other field, and sign-in fails closed.
      if (!isPlainEmailAddress(body.email))
        throw new DirectoryUnavailableError(
          'the Galaxy user API answered an email address that is not a plain address',
        );
      return body;
    },
  };
}
