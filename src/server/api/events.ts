/**
 * POST /api/events registers a visitor for an event, pending until they confirm: the mail
 * links to /events/confirm/{token} (the token names the registration, never the address),
 * a page that changes nothing and asks for one button press, which posts to
 * POST /api/events/confirm; that marks the registration confirmed and mails the thank-you
 * and the team once. Opening a link (GET or HEAD, as mail scanners and previews do) never
 * confirms; GET /api/events/confirm/{token}, the address of links mailed before the page
 * existed, only leads to that page.
 */
import type { FastifyInstance } from 'fastify';
import { EVENT_CONFIRM_API, EVENTS_API, routeBelow } from '#app/api-paths.ts';
import { editionPath, parseEditionKey } from '#app/events/model.ts';
import { FORM_BODY_SCHEMAS } from '#app/forms/form-schemas.ts';
import type { Language } from '#app/i18n/language.ts';
import { EVENTS_PATH, eventConfirmPath, REGISTRATION_PARAM } from '#app/paths.ts';
import { answerAccepted, isBot } from '../forms/accept.ts';
import { verifiedClaims } from '../forms/confirm-token.ts';
import { isPlainFormPost } from '../forms/form-echo.ts';
import { FORM_BODY_LIMIT, formParsersPlugin } from '../forms/form-parsers.ts';
import { FormRefusal } from '../forms/refusal.ts';
import { requestLanguage } from '../forms/request-language.ts';
import {
  acceptedResponseSchema,
  refusalResponseSchema,
  tokenBodySchema,
  withoutFormControls,
} from '../forms/schemas.ts';
import {
  type ConfirmResult,
  confirmSubmission,
  hasOpenOptIn,
  type SubmissionRow,
  saveOptIn,
} from '../forms/submissions.ts';
import type { ApiPlugin } from '../http/type-provider.ts';
import { notificationMail, personalMail } from '../mail/compose.ts';
import { emailKey } from '../store/email-key.ts';

const confirmedSchema = {
  type: 'object',
  required: ['ok', 'status', 'page'],
  properties: { ok: { type: 'boolean' }, status: { type: 'string' }, page: { type: 'string' } },
} as const;

/** Confirms a registration; a valid link for a registration that is gone counts as invalid. */
async function confirmRegistration(
  app: FastifyInstance,
  token: string,
  field: string,
): Promise<{ result: ConfirmResult; language: Language; event: string | null }> {
  const claims = verifiedClaims(app.forms.tokens, token, 'event', field);
  const { texts, config } = app.forms;
  let event: string | null = null;
  const result = await confirmSubmission(app.db, claims.subject, 'event', (row: SubmissionRow) => {
    const payload = JSON.parse(row.payload) as Record<string, unknown>;
    event = typeof payload.event === 'string' ? payload.event : null;
    const values = { name: row.name ?? '', event: String(payload.event_title ?? payload.event ?? '') };
    return [
      {
        purpose: 'notification',
        mail: notificationMail({
          from: config.mail.from,
          to: config.mail.recipients.events,
          replyTo: row.email,
          language: row.language,
          texts: texts.notification(row.language),
          form: 'event',
          reference: row.id,
          submittedAt: row.created_at,
          fields: notificationFields(payload),
        }),
      },
      {
        purpose: 'thank-you',
        mail: personalMail({
          from: config.mail.from,
          to: row.email,
          replyTo: config.mail.recipients.events.join(', '),
          language: row.language,
          texts: texts.thankYou('event_thank_you', row.language).mail,
          values,
        }),
      },
    ];
  });
  if (result === 'unknown') throw new FormRefusal(400, field, 'token_invalid');
  app.outbox.kick();
  return { result, language: claims.language, event };
}

/** The team sees the edition by its title; the key stays in the stored payload. */
function notificationFields({ event_title: title, ...payload }: Record<string, unknown>): Record<string, unknown> {
  return typeof title === 'string' ? { ...payload, event: title } : payload;
}

/** The page of the edition a registration named. */
function editionPathOfKey(language: Language, key: string): string | null {
  const parsed = parseEditionKey(key);
  return parsed ? editionPath(language, parsed.folderName, parsed) : null;
}

export const eventsApi: ApiPlugin = async (app) => {
  await app.register(formParsersPlugin);

  app.post(
    '/',
    {
      bodyLimit: FORM_BODY_LIMIT,
      schema: {
        body: FORM_BODY_SCHEMAS.event,
        response: { 202: acceptedResponseSchema, '4xx': refusalResponseSchema },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (isBot(body))
        return answerAccepted(request, reply, { form: 'event', language: body.language, status: 'pending' });
      const { language, terms: _terms, ...fields } = withoutFormControls(body);
      const { texts, tokens, config } = app.forms;
      // Only an edition that takes registrations now; its title, never the visitor's text, goes into the mails.
      const edition = app.forms.openEdition(language, body.event);
      if (!edition) throw new FormRefusal(400, 'event', 'invalid');
      const accepted = { form: 'event', language, status: 'pending', page: edition.path } as const;
      const email = emailKey(body.email);
      const since = new Date(Date.now() - config.confirmationTtlHours * 3_600_000);
      // A second registration within the link's lifetime sends no second mail and answers the same.
      const { id, repeat } = await saveOptIn(
        app.db,
        {
          form: 'event',
          language,
          email,
          name: body.name,
          payload: { ...fields, email, event_title: edition.title, terms: true },
          status: 'pending',
        },
        {
          isRepeat: (tx, key) => hasOpenOptIn(tx, 'event', key, since, body.event),
          mails: (reference) => [
            {
              purpose: 'double-opt-in',
              mail: personalMail({
                from: config.mail.from,
                to: email,
                language,
                texts: texts.thankYou('event_double_opt_in', language).mail,
                values: { name: body.name, event: edition.title },
                // Replying is how a registration is cancelled.
                replyTo: config.mail.recipients.events.join(', '),
                link: `${config.siteUrl}${eventConfirmPath(tokens.sign({ purpose: 'event', subject: reference, language }))}`,
              }),
            },
          ],
        },
      );
      if (!repeat) app.metrics.submissionStored('event');
      app.outbox.kick();
      request.log.info(
        { submission: repeat ? undefined : id, form: 'event', repeat },
        repeat ? 'event registration repeated, nothing stored' : 'event registration stored, waiting for confirmation',
      );
      return answerAccepted(request, reply, accepted);
    },
  );

  /** Where a confirmation ends: the registration's edition, or the events page with the reason the link did not work. */
  const outcomePage = (language: Language, event: string | null, outcome: 'confirmed' | 'expired' | 'invalid') => {
    const page = (outcome === 'confirmed' && event && editionPathOfKey(language, event)) || EVENTS_PATH[language];
    return `${page}?${REGISTRATION_PARAM}=${outcome}`;
  };

  app.post(
    routeBelow(EVENTS_API, EVENT_CONFIRM_API),
    {
      bodyLimit: FORM_BODY_LIMIT,
      schema: { body: tokenBodySchema('token'), response: { 200: confirmedSchema, '4xx': refusalResponseSchema } },
    },
    async (request, reply) => {
      // Without JavaScript the page's button posts a plain form: its answer is the page with the outcome.
      const plain = isPlainFormPost(request);
      try {
        const { result, language, event } = await confirmRegistration(app, request.body.token, 'token');
        const page = outcomePage(language, event, 'confirmed');
        if (plain) return reply.redirect(page, 303);
        return { ok: true, status: result === 'already-confirmed' ? 'already-confirmed' : 'confirmed', page };
      } catch (error) {
        if (!plain || !(error instanceof FormRefusal)) throw error;
        return reply.redirect(
          outcomePage(requestLanguage(request), null, error.code === 'token_expired' ? 'expired' : 'invalid'),
          303,
        );
      }
    },
  );

  // The address of confirmation links mailed before they led to a page: it leads there, and changes nothing.
  app.get(
    `${routeBelow(EVENTS_API, EVENT_CONFIRM_API)}/:token`,
    {
      schema: {
        params: {
          type: 'object',
          required: ['token'],
          additionalProperties: false,
          properties: { token: { type: 'string', maxLength: 2000 } },
        } as const,
      },
    },
    async (request, reply) =>
      reply.header('cache-control', 'private, no-store').redirect(eventConfirmPath(request.params.token), 303),
  );
};
