/**
 * /api/firebase: a custom token for the platform (GET /token/{uid}, only for the caller's own
 * uid and only with a Galaxy user, carrying the user's Galaxy claims), and a session cookie
 * made from a fresh ID token (POST /session; DELETE /session ends it).
 */
import type { FastifyPluginAsync } from 'fastify';
import { galaxyClaims } from '#app/login/galaxy-user.ts';
import { FormRefusal } from '../forms/refusal.ts';
import { InvalidCredentialError } from '../galaxy/identity.ts';
import { bearerToken, SESSION_COOKIE, SESSION_COOKIE_PATH } from '../plugins/login.ts';
import { callerGalaxyUser, requireIdentity, UidParamsSchema } from './login-caller.ts';

const TokenAnswerSchema = { type: 'object', required: ['token'], additionalProperties: false, properties: { token: { type: 'string' } } } as const;
const SessionAnswerSchema = { type: 'object', required: ['uid'], additionalProperties: false, properties: { uid: { type: 'string' } } } as const;

export const firebaseApi: FastifyPluginAsync<{ secureCookies: boolean }> = async (app, { secureCookies }) => {
  // These routes take no body: anything sent is refused rather than ignored.
  app.addHook('preValidation', async (request) => {
    if (request.body !== undefined && request.body !== null) throw new FormRefusal(400, 'body', 'unknown_field');
  });

  app.get<{ Params: { uid: string } }>(
    '/token/:uid',
    { schema: { params: UidParamsSchema, response: { 200: TokenAnswerSchema } } },
    async (request, reply) => {
      const service = requireIdentity(app.login);
      const { identity, user } = await callerGalaxyUser(app.login, request);
      reply.header('cache-control', 'no-store');
      return { token: await service.createCustomToken(identity.uid, galaxyClaims(user)) };
    },
  );

  app.post('/session', { schema: { response: { 200: SessionAnswerSchema } } }, async (request, reply) => {
    const identity = requireIdentity(app.login);
    // Only a fresh ID token makes a session; a session cookie cannot extend itself.
    const idToken = bearerToken(request);
    if (idToken === undefined) throw new FormRefusal(401, 'authorization', 'unauthenticated');
    const { uid } = await app.login.authenticate(request);
    const maxAgeMs = app.login.config.sessionMaxAgeMs;
    let cookie: string;
    try {
      cookie = await identity.createSessionCookie(idToken, maxAgeMs);
    } catch (error) {
      if (error instanceof InvalidCredentialError) throw new FormRefusal(401, 'authorization', 'unauthenticated');
      throw error;
    }
    reply.header('cache-control', 'no-store');
    reply.setCookie(SESSION_COOKIE, cookie, { path: SESSION_COOKIE_PATH, httpOnly: true, secure: secureCookies, sameSite: 'strict', maxAge: Math.floor(maxAgeMs / 1000) });
    return { uid };
  });

  app.delete('/session', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    reply.clearCookie(SESSION_COOKIE, { path: SESSION_COOKIE_PATH, httpOnly: true, secure: secureCookies, sameSite: 'strict' });
    return reply.code(204).send();
  });
};
