/**
 * Lets a route take a plain HTML form post (urlencoded or multipart without files) as
 * well as JSON, so forms work without JavaScript; a ticked checkbox ('on') counts as true.
 */
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

/** Form bodies are small: a message of 5000 characters and a few short fields. */
export const FORM_BODY_LIMIT = 64 * 1024;

function booleanFields(schema: unknown): string[] {
  const properties = (schema as { properties?: Record<string, { type?: string }> } | undefined)?.properties ?? {};
  return Object.entries(properties)
    .filter(([, property]) => property.type === 'boolean')
    .map(([name]) => name);
}

const formParsers: FastifyPluginAsync = async (app) => {
  await app.register(formbody, { bodyLimit: FORM_BODY_LIMIT });
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { files: 0, fields: 30, fieldSize: FORM_BODY_LIMIT, parts: 30 },
  });
  app.addHook('preValidation', async (request) => {
    if (request.headers['content-type']?.startsWith('application/json')) return;
    const body = request.body as Record<string, unknown> | undefined;
    if (!body || typeof body !== 'object') return;
    for (const field of booleanFields(request.routeOptions.schema?.body)) {
      if (body[field] === 'on') body[field] = true;
    }
  });
};

export const formParsersPlugin = fp(formParsers, { name: 'form-parsers' });
