/**
 * POST /api/newsletter/subscribe mails a signed confirmation link to /newsletter/{token};
 * POST /api/newsletter/confirm with { emailb64: token } confirms the subscription. A
 * forged or expired token is refused with 400; confirming twice succeeds both times.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Language } from '#app/i18n/language.ts';
import { NEWSLETTER_RESULT_PARAM, newsletterConfirmPath } from '#app/paths.ts';
import { answerAccepted, isBot } from '../forms/accept.ts';
import { verifiedClaims } from '../forms/confirm-token.ts';
import { FORM_BODY_LIMIT, formParsersPlugin } from '../forms/form-parsers.ts';
import { acceptedResponseSchema, newsletterSubscribeSchema, refusalResponseSchema, tokenBodySchema } from '../forms/schemas.ts';
import { hasOpenOptIn, saveSubmission } from '../forms/submissions.ts';
import { isPlainFormPost } from '../forms/form-echo.ts';
import { FormRefusal } from '../forms/refusal.ts';

import { personalMail } from '../mail/compose.ts';
import { confirmSubscriber, isSubscribed, recordPendingSubscriber } from '../store/newsletter.ts';

interface SubscribeBody {
  email: string;
  language: Language;
  consent: true;
}

const confirmedSchema = { type: 'object', required: ['ok', 'status'], properties: { ok: { type: 'boolean' }, status: { type: 'string' } } } as const;

export const newsletterApi: FastifyPluginAsync = async (app) => {
  await app.register(formParsersPlugin);

  app.post<{ Body: SubscribeBody }>(
    '/subscribe',
    { bodyLimit: FORM_BODY_LIMIT, schema: { body: newsletterSubscribeSchema, response: { 202: acceptedResponseSchema, '4xx': refusalResponseSchema } } },
    async (request, reply) => {
      const { email, language } = request.body;
      if (isBot(request.body as unknown as Record<string, unknown>)) return answerAccepted(request, reply, { form: 'newsletter', language, status: 'pending' });
      const { texts, tokens, config } = app.forms;
      const now = new Date();
      // A second subscription within the link's lifetime, or of a subscriber, sends no second mail and answers the same.
      if (hasOpenOptIn(app.db, 'newsletter', email, new Date(now.getTime() - config.confirmationTtlHours * 3_600_000)) || isSubscribed(app.db, email)) {
        return answerAccepted(request, reply, { form: 'newsletter', language, status: 'pending' });
      }
      const id = saveSubmission(
        app.db,
        { form: 'newsletter', language, email, payload: { email, consent: true }, status: 'pending' },
        {
          now,
          beforeCommit: () => recordPendingSubscriber(app.db, email, language, now),
          mails: () => [
            {
              purpose: 'double-opt-in',
              mail: personalMail({
                from: config.mail.from,
                to: email,
                language,
                texts: texts.thankYou('newsletter_double_opt_in', language).mail,
                values: {},
                link: `${config.siteUrl}${newsletterConfirmPath(tokens.sign({ purpose: 'newsletter', subject: email, language }))}`,
              }),
            },
          ],
        },
      );
      app.outbox.kick();
      request.log.info({ submission: id, form: 'newsletter' }, 'newsletter subscription stored, waiting for confirmation');
      return answerAccepted(request, reply, { form: 'newsletter', language, status: 'pending' });
    },
  );

  app.post<{ Body: { emailb64: string } }>(
    '/confirm',
    { bodyLimit: FORM_BODY_LIMIT, schema: { body: tokenBodySchema('emailb64'), response: { 200: confirmedSchema, '4xx': refusalResponseSchema } } },
    async (request, reply) => {
      // The confirmation page's button posts the token as a plain form: its answer is the page with the outcome.
      const plain = isPlainFormPost(request);
      const backToPage = (result: string) => reply.redirect(`${newsletterConfirmPath(request.body.emailb64)}?${NEWSLETTER_RESULT_PARAM}=${result}`, 303);
      let claims;
      try {
        claims = verifiedClaims(app.forms.tokens, request.body.emailb64, 'newsletter', 'emailb64');
      } catch (error) {
        if (plain && error instanceof FormRefusal) return backToPage(error.code === 'token_expired' ? 'expired' : 'invalid');
        throw error;
      }
      const { texts, config } = app.forms;
      const result = confirmSubscriber(app.db, claims.subject, claims.language, () => [
        {
          purpose: 'thank-you',
          mail: personalMail({
            from: config.mail.from,
            to: claims.subject,
            language: claims.language,
            texts: texts.thankYou('newsletter_thank_you', claims.language).mail,
            values: {},
          }),
        },
      ]);
      app.outbox.kick();
      if (plain) return backToPage(result === 'already-confirmed' ? 'already_confirmed' : 'confirmed');
      return { ok: true, status: result };
    },
  );
};
