/** The language a person reading an answer speaks: the form's own field, else cookie and Accept-Language. */
import type { FastifyRequest } from 'fastify';
import { isLanguage, LANGUAGE_COOKIE, readCookie, resolveLanguage, type Language } from '#app/i18n/language.ts';

export function requestLanguage(request: FastifyRequest): Language {
  const body = request.body as { language?: unknown } | undefined;
  if (body && typeof body === 'object' && isLanguage(body.language)) return body.language;
  return resolveLanguage({ cookie: readCookie(request.headers.cookie, LANGUAGE_COOKIE), acceptLanguage: request.headers['accept-language'] });
}

/** Scripts send JSON or ask for it; a plain HTML form post gets a redirect instead. */
export function wantsJson(request: FastifyRequest): boolean {
  const type = request.headers['content-type'] ?? '';
  const accept = request.headers.accept ?? '';
  return type.startsWith('application/json') || accept.includes('application/json');
}
