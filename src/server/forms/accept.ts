/** The answer to an accepted submission: JSON for scripts, a redirect to the form's page for a plain form post. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type FormName, SENT_PARAM } from '#app/forms/form-definitions.ts';
import type { Language } from '#app/i18n/language.ts';
import { FORM_PAGE_PATH } from '#app/paths.ts';
import { wantsJson } from '../http/wants-json.ts';
import { formPageOf } from './form-echo.ts';
import { HONEYPOT_FIELD } from './schemas.ts';

export function isBot(body: Record<string, unknown>): boolean {
  const trap = body[HONEYPOT_FIELD];
  return typeof trap === 'string' && trap.trim() !== '';
}

export interface Accepted {
  form: FormName;
  language: Language;
  /** Undefined for submissions silently dropped as bots. */
  id?: string;
  status: 'received' | 'pending';
  /** The page a plain post returns to, when the submission itself names it (an event edition). */
  page?: string;
}

export function answerAccepted(request: FastifyRequest, reply: FastifyReply, accepted: Accepted) {
  if (wantsJson(request)) {
    return reply
      .code(accepted.status === 'pending' ? 202 : 201)
      .send({ ok: true, id: accepted.id, status: accepted.status });
  }
  // Back to the page the form was on, or the form's own page.
  const page = accepted.page ?? formPageOf(request) ?? FORM_PAGE_PATH[accepted.form][accepted.language];
  return reply.redirect(`${page}?${SENT_PARAM}=${accepted.form}`, 303);
}
