/** The language a person reading an answer speaks: the form's own field, else cookie and Accept-Language (the pages' rule). */
import type { FastifyRequest } from 'fastify';
import { isLanguage, type Language } from '#app/i18n/language.ts';
import { languageOfRequest } from '#app/i18n/request-language.ts';
import { visitorSignals } from '../http/visitor-signals.ts';

export function requestLanguage(request: FastifyRequest): Language {
  const body = request.body as { language?: unknown } | undefined;
  const named = body && typeof body === 'object' && isLanguage(body.language) ? body.language : undefined;
  return languageOfRequest(named, visitorSignals(request));
}
