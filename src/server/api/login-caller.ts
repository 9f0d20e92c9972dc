/** What both login API groups check first: the caller is signed in, asks about their own uid, and has a Galaxy user. */
import type { FastifyRequest } from 'fastify';
import type { Static } from 'typebox';
import type { GalaxyUser } from '#app/login/galaxy-user.ts';
import { FormRefusal } from '../forms/refusal.ts';
import { DirectoryUnavailableError, type VerifiedIdentity } from '../galaxy/directory.ts';
import type { IdentityService } from '../galaxy/identity.ts';
import type { Login } from '../plugins/login.ts';

/** The identity service, or 503 when no Firebase project is configured. */
export function requireIdentity(login: Login): IdentityService {
  if (!login.identity) throw new FormRefusal(503, 'login', 'login_unavailable');
  return login.identity;
}

/** A Firebase uid: up to 128 visible ASCII characters. */
export const UidParamsSchema = {
  type: 'object',
  required: ['uid'],
  additionalProperties: false,
  properties: { uid: { type: 'string', minLength: 1, maxLength: 128, pattern: '^[\\x21-\\x7e]+$' } },
} as const;

export async function callerGalaxyUser(
  login: Login,
  request: FastifyRequest<{ Params: Static<typeof UidParamsSchema> }>,
): Promise<{ identity: VerifiedIdentity; user: GalaxyUser }> {
  const identity = await login.authenticate(request);
  // Anyone else's uid is refused whatever it is: a profile or token for another user is a takeover.
  if (identity.uid !== request.params.uid) throw new FormRefusal(403, 'uid', 'unauthorized');
  let user: GalaxyUser | null;
  try {
    user = await login.directory.findUser(identity);
  } catch (error) {
    if (!(error instanceof DirectoryUnavailableError)) throw error;
    request.log.warn({ reason: error.message }, 'the Galaxy directory could not answer');
    throw new FormRefusal(503, 'login', 'directory_unavailable');
  }
  if (!user) throw new FormRefusal(404, 'uid', 'no_account');
  return { identity, user };
}
