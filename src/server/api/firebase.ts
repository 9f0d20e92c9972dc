/**
 * /api/firebase: a custom token for the platform (GET /token/{uid}, only for the caller's own
 * uid and only with a Galaxy user, carrying the user's Galaxy claims), and a session cookie
 * made from the ID token of a recent sign-in (POST /session). DELETE /session ends the session
 * at Firebase, not only in this browser: a copied cookie must not outlive the sign-out.
 * Only this site may call them (api-guard): their answers sign someone in or out.
 */
import { galaxyClaims } from '#app/login/galaxy-user.ts';
import { FormRefusal } from '../forms/refusal.ts';
import { StaleSignInError } from '../galaxy/identity.ts';
import type { ApiPlugin } from '../http/type-provider.ts';
import { bearerToken, identityRefusal, SESSION_COOKIE, SESSION_COOKIE_PATH } from '../plugins/login.ts';
import { callerGalaxyUser, requireIdentity, UidParamsSchema } from './login-caller.ts';

const TokenAnswerSchema = {
  type: 'object',
  required: ['token'],
  additionalProperties: false,
  properties: { token: { type: 'string' } },
} as const;
const SessionAnswerSchema = {
  type: 'object',
  required: ['uid'],
  additionalProperties: false,
  properties: { uid: { type: 'string' } },
} as const;

/** Credentials and refusals about them are for this one person: never kept by a shared cache, nor by the browser's. */
const CACHE_CONTROL = 'private, no-store';

export const firebaseApi: ApiPlugin<{ secureCookies: boolean }> = async (app, { secureCookies }) => {
  const cookieOptions = {
    path: SESSION_COOKIE_PATH,
    httpOnly: true,
    secure: secureCookies,
    sameSite: 'strict',
  } as const;

  // These routes take no body: anything sent is refused rather than ignored.
  app.addHook('preValidation', async (request) => {
    if (request.body !== undefined && request.body !== null) throw new FormRefusal(400, 'body', 'unknown_field');
  });
  // Set when the answer leaves, so refusals (a 403 of the guard included) carry it as well.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', CACHE_CONTROL);
  });

  app.get(
    '/token/:uid',
    { schema: { params: UidParamsSchema, response: { 200: TokenAnswerSchema } }, config: { sameSiteOnly: true } },
    async (request) => {
      const service = requireIdentity(app.login);
      const { identity, user } = await callerGalaxyUser(app.login, request);
      return { token: await service.createCustomToken(identity.uid, galaxyClaims(user)) };
    },
  );

  app.post('/session', { schema: { response: { 200: SessionAnswerSchema } } }, async (request, reply) => {
    const identity = requireIdentity(app.login);
    // Only an ID token makes a session; a session cookie cannot extend itself.
    const idToken = bearerToken(request);
    if (idToken === undefined) throw new FormRefusal(401, 'authorization', 'unauthenticated');
    const maxAgeMs = app.login.config.sessionMaxAgeMs;
    let made: { uid: string; cookie: string };
    try {
      made = await identity.createSessionCookie(idToken, maxAgeMs);
    } catch (error) {
      if (error instanceof StaleSignInError) {
        request.log.info({ reason: error.message }, 'session refused: the sign-in is not recent');
        throw new FormRefusal(401, 'authorization', 'sign_in_again');
      }
      throw identityRefusal(error, 'authorization', request.log);
    }
    reply.setCookie(SESSION_COOKIE, made.cookie, { ...cookieOptions, maxAge: Math.floor(maxAgeMs / 1000) });
    return { uid: made.uid };
  });

  app.delete('/session', async (request, reply) => {
    // Cleared whatever happens next: this browser is signed out even when Firebase cannot be reached.
    reply.clearCookie(SESSION_COOKIE, cookieOptions);
    const cookie = request.cookies[SESSION_COOKIE];
    // Without sign-in configured no cookie can prove a session, so there is nothing to end.
    if (!cookie || !app.login.identity) return reply.code(204).send();
    try {
      await app.login.identity.endSession(cookie);
    } catch (error) {
      // Not a 204: a copy of the cookie may still work until it expires, and the caller has to
      // know that rather than believe the session is over. The message says how to end it.
      request.log.error({ err: error }, 'the session could not be ended at Firebase');
      throw new FormRefusal(503, 'session', 'session_not_ended');
    }
    return reply.code(204).send();
  });
};
