/**
 * Lets a route take a plain HTML form post (urlencoded or multipart without files) as
 * well as JSON, so forms work without JavaScript; a ticked checkbox ('on') counts as true.
 * Every kind of body is read whole within the route's body limit before it is parsed.
 */
import formbody from '@fastify/formbody';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { parseMultipartFields } from './multipart-fields.ts';

/** Form bodies are small: a message of 5000 characters and a few short fields. */
export const FORM_BODY_LIMIT = 64 * 1024;

/**
 * An HTML form has no types: a ticked box arrives as 'on', one chosen option of a list as a
 * single value. For a plain form post only, those become what the schema names: true, and a
 * list of one. JSON is never converted.
 */
export function normaliseFormFields(schema: unknown, body: Record<string, unknown>): void {
  const properties = (schema as { properties?: Record<string, { type?: string }> } | undefined)?.properties ?? {};
  for (const [name, property] of Object.entries(properties)) {
    if (!Object.hasOwn(body, name)) continue;
    const value = body[name];
    // A checkbox sends its value attribute: 'on' unless the form names another; 'true' is the other one seen.
    if (property.type === 'boolean' && (value === 'on' || value === 'true')) body[name] = true;
    else if (property.type === 'array' && typeof value === 'string') body[name] = [value];
  }
}

const formParsers: FastifyPluginAsync = async (app) => {
  await app.register(formbody, { bodyLimit: FORM_BODY_LIMIT });
  // The whole multipart body counts against the body limit, read before it is parsed.
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer', bodyLimit: FORM_BODY_LIMIT },
    async (request: FastifyRequest, body: Buffer) =>
      parseMultipartFields(request.headers, body, { fields: 30, fieldSize: FORM_BODY_LIMIT }),
  );
  app.addHook('preValidation', async (request) => {
    if (request.headers['content-type']?.startsWith('application/json')) return;
    const body = request.body as Record<string, unknown> | undefined;
    if (!body || typeof body !== 'object') return;
    normaliseFormFields(request.routeOptions.schema?.body, body);
  });
};

export const formParsersPlugin = fp(formParsers, { name: 'form-parsers' });
