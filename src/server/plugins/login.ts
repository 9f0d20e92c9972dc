/**
 * Sign-in to Galaxy for the API groups: app.login holds the identity service (null when no
 * Firebase project is configured), the Galaxy directory and `authenticate`, which turns a
 * request's bearer ID token or session cookie into the caller's verified identity.
 */
import type { FastifyBaseLogger, FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { API_ROOT } from '#app/api-paths.ts';
import type { LoginConfig } from '../config.ts';
import { FormRefusal } from '../forms/refusal.ts';
import type { GalaxyDirectory, VerifiedIdentity } from '../galaxy/directory.ts';
import { createEmbeddedDirectory } from '../galaxy/embedded-directory.ts';
import { createHttpDirectory } from '../galaxy/http-directory.ts';
import { createIdentityService, type IdentityService, InvalidCredentialError } from '../galaxy/identity.ts';
import { createSignOuts } from '../galaxy/sign-outs.ts';

/** The session cookie made from an ID token; only the login API reads it. */
export const SESSION_COOKIE = '__session';
export const SESSION_COOKIE_PATH = API_ROOT;

export interface Login {
  config: LoginConfig;
  identity: IdentityService | null;
  directory: GalaxyDirectory;
  /** The caller's identity, or a 401 refusal (503 when sign-in is not configured). */
  authenticate(request: FastifyRequest): Promise<VerifiedIdentity>;
}

declare module 'fastify' {
  interface FastifyInstance {
    login: Login;
  }
}

const BEARER = /^Bearer ([A-Za-z0-9_.-]{1,8192})$/;

/** The ID token of an Authorization header; undefined without one, a refusal for any other shape. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header === undefined) return undefined;
  const match = BEARER.exec(header);
  if (!match) throw new FormRefusal(401, 'authorization', 'unauthenticated');
  return match[1];
}

/**
 * What a failure of the identity service means for the caller: a credential that proves
 * nothing is a 401 at `field`; the service failing is logged and a 503, never a sign-in.
 */
export function identityRefusal(error: unknown, field: string, log: FastifyBaseLogger): FormRefusal {
  if (error instanceof InvalidCredentialError) {
    log.info({ reason: error.message }, 'credential refused');
    return new FormRefusal(401, field, 'unauthenticated');
  }
  log.error({ err: error }, 'the identity service failed');
  return new FormRefusal(503, 'login', 'login_unavailable');
}

function createAuthenticate(identity: IdentityService | null, log: FastifyBaseLogger) {
  return async (request: FastifyRequest): Promise<VerifiedIdentity> => {
    if (!identity) throw new FormRefusal(503, 'login', 'login_unavailable');
    const idToken = bearerToken(request);
    const cookie = idToken === undefined ? request.cookies[SESSION_COOKIE] : undefined;
    if (idToken === undefined && !cookie) throw new FormRefusal(401, 'authorization', 'unauthenticated');
    try {
      return idToken !== undefined
        ? await identity.verifyIdToken(idToken)
        : await identity.verifySessionCookie(cookie as string);
    } catch (error) {
      throw identityRefusal(error, idToken !== undefined ? 'authorization' : 'cookie', log);
    }
  };
}

const login: FastifyPluginAsync<{ config: LoginConfig }> = async (app, { config }) => {
  const identity = config.adminProjectId
    ? await createIdentityService({
        projectId: config.adminProjectId,
        serviceAccountFile: config.serviceAccountFile,
        emulatorHost: config.emulatorHost,
        signOuts: createSignOuts(app.db),
      })
    : null;
  const directory = config.galaxyApiUrl
    ? createHttpDirectory({
        apiUrl: config.galaxyApiUrl,
        token: config.galaxyApiToken,
        timeoutMs: config.galaxyApiTimeoutMs,
      })
    : createEmbeddedDirectory(app.db);
  const log = app.log.child({ module: 'login' });
  app.decorate('login', { config, identity, directory, authenticate: createAuthenticate(identity, log) });
  app.addHook('onClose', async () => {
    await identity?.close();
  });
};

export const loginPlugin = fp(login, { name: 'login', dependencies: ['database'] });
