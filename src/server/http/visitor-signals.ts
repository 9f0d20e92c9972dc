/** What a visitor's browser says about their language with every request: the language cookie and Accept-Language. */
import type { FastifyRequest } from 'fastify';
import { LANGUAGE_COOKIE, readCookie } from '#app/i18n/language.ts';
import type { VisitorSignals } from '#app/i18n/request-language.ts';

export function visitorSignals(request: FastifyRequest): VisitorSignals {
  return {
    cookie: readCookie(request.headers.cookie, LANGUAGE_COOKIE),
    acceptLanguage: request.headers['accept-language'],
  };
}
