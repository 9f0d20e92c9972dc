/**
 * A browser's plain form post that was refused is answered with the form's page again:
 * which page, and what the person typed (files excepted), read from the parsed body.
 */
import type { FastifyRequest } from 'fastify';
import { PAGE_FIELD, PAGE_PATH_PATTERN } from '#app/forms/form-definitions.ts';
import type { FormEcho } from '#app/forms/page-data.ts';
import { wantsJson } from '../http/wants-json.ts';
import { HONEYPOT_FIELD } from './schemas.ts';

const PAGE_PATH = new RegExp(PAGE_PATH_PATTERN);
const NOT_ECHOED = new Set([HONEYPOT_FIELD, PAGE_FIELD, 'language']);
/** Field names are lower-case words; anything else (__proto__, constructor[x]) is never echoed. */
const FIELD_NAME = /^[a-z]{1,40}$/;
const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

export function isPlainFormPost(request: FastifyRequest): boolean {
  const type = request.headers['content-type'] ?? '';
  return request.method === 'POST' && FORM_TYPES.some((form) => type.startsWith(form)) && !wantsJson(request);
}

/** The page the form was sent from, when the body names one of this site's paths. */
export function formPageOf(request: FastifyRequest): string | undefined {
  const body = request.body as Record<string, unknown> | undefined;
  const page = body && typeof body === 'object' && Object.hasOwn(body, PAGE_FIELD) ? body[PAGE_FIELD] : undefined;
  return typeof page === 'string' && page.length <= 300 && PAGE_PATH.test(page) ? page : undefined;
}

/** The typed values worth showing again: text and choices, never files, the honeypot or internal fields. */
export function echoedValues(request: FastifyRequest): FormEcho['values'] {
  const body = request.body as Record<string, unknown> | undefined;
  if (!body || typeof body !== 'object') return {};
  const values: Record<string, string | string[] | boolean> = Object.create(null) as Record<
    string,
    string | string[] | boolean
  >;
  for (const [name, value] of Object.entries(body)) {
    if (NOT_ECHOED.has(name) || !FIELD_NAME.test(name)) continue;
    if (typeof value === 'string' || typeof value === 'boolean') values[name] = value;
    else if (Array.isArray(value) && value.every((item) => typeof item === 'string')) values[name] = value as string[];
  }
  return values;
}
