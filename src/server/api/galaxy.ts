/**
 * /api/galaxy: the caller's Galaxy user (GET /profile/me/{uid}, only for the caller's own uid)
 * and the paths on which the login entry is not offered (GET /exclusions).
 */
import { GalaxyUserSchema } from '#app/login/galaxy-user.ts';
import type { ApiPlugin } from '../http/type-provider.ts';
import { callerGalaxyUser, UidParamsSchema } from './login-caller.ts';

export const galaxyApi: ApiPlugin = async (app) => {
  app.get(
    '/profile/me/:uid',
    { schema: { params: UidParamsSchema, response: { 200: GalaxyUserSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return (await callerGalaxyUser(app.login, request)).user;
    },
  );

  app.get(
    '/exclusions',
    { schema: { response: { 200: { type: 'array', items: { type: 'string' } } } } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return app.login.config.exclusions;
    },
  );
};
