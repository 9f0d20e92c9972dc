/**
 * POST /api/newsletter/subscribe mails a link to /newsletter/{token}, whose token names the
 * pending sign-up (never the address); that page asks for one button press, which posts
 * { emailb64: token } to /api/newsletter/confirm and confirms that sign-up once. A forged or
 * expired token, or one whose sign-up was withdrawn or erased, is refused with 400 and
 * confirms nothing; confirming twice answers already-confirmed and mails nothing.
 * POST /api/newsletter/unsubscribe with { token } (the unsubscribe page's button), or
 * /api/newsletter/unsubscribe/{token} with List-Unsubscribe=One-Click (a mail program,
 * RFC 8058), takes the address off the list; a second time answers not-subscribed.
 */
import {
  NEWSLETTER_API,
  NEWSLETTER_CONFIRM_API,
  NEWSLETTER_SUBSCRIBE_API,
  NEWSLETTER_UNSUBSCRIBE_API,
  routeBelow,
} from '#app/api-paths.ts';
import { LIMITS } from '#app/forms/form-definitions.ts';
import { FORM_BODY_SCHEMAS } from '#app/forms/form-schemas.ts';
import { NEWSLETTER_RESULT_PARAM, newsletterConfirmPath, newsletterUnsubscribePath } from '#app/paths.ts';
import { answerAccepted, isBot } from '../forms/accept.ts';
import { namesSubmission, verifiedClaims } from '../forms/confirm-token.ts';
import { isPlainFormPost } from '../forms/form-echo.ts';
import { FORM_BODY_LIMIT, formParsersPlugin } from '../forms/form-parsers.ts';
import { FormRefusal } from '../forms/refusal.ts';
import { acceptedResponseSchema, refusalResponseSchema, tokenBodySchema } from '../forms/schemas.ts';
import { hasOpenOptIn, saveOptIn } from '../forms/submissions.ts';
import { unsubscribeLinks } from '../forms/unsubscribe-link.ts';
import type { ApiPlugin } from '../http/type-provider.ts';
import { personalMail } from '../mail/compose.ts';
import { emailKey } from '../store/email-key.ts';
import {
  confirmSignUp,
  isSubscribed,
  recordPendingSubscriber,
  signUpAddress,
  type UnsubscribeResult,
  unsubscribe,
} from '../store/newsletter.ts';

const confirmedSchema = {
  type: 'object',
  required: ['ok', 'status'],
  properties: { ok: { type: 'boolean' }, status: { type: 'string' } },
} as const;

export const newsletterApi: ApiPlugin = async (app) => {
  await app.register(formParsersPlugin);

  app.post(
    routeBelow(NEWSLETTER_API, NEWSLETTER_SUBSCRIBE_API),
    {
      bodyLimit: FORM_BODY_LIMIT,
      schema: {
        body: FORM_BODY_SCHEMAS.newsletter,
        response: { 202: acceptedResponseSchema, '4xx': refusalResponseSchema },
      },
    },
    async (request, reply) => {
      const { language } = request.body;
      if (isBot(request.body))
        return answerAccepted(request, reply, { form: 'newsletter', language, status: 'pending' });
      const { texts, tokens, config } = app.forms;
      const now = new Date();
      const since = new Date(now.getTime() - config.confirmationTtlHours * 3_600_000);
      const email = emailKey(request.body.email);
      // A second subscription within the link's lifetime, or of a subscriber, sends no second mail and answers the same.
      const { id, repeat } = await saveOptIn(
        app.db,
        { form: 'newsletter', language, email, payload: { email, consent: true }, status: 'pending' },
        {
          now,
          isRepeat: async (tx, key) => {
            const open = await hasOpenOptIn(tx, 'newsletter', key, since);
            const subscribed = await isSubscribed(tx, key);
            return open || subscribed;
          },
          beforeCommit: (tx) => recordPendingSubscriber(tx, email, language, now),
          mails: (reference) => [
            {
              purpose: 'double-opt-in',
              mail: personalMail({
                from: config.mail.from,
                to: email,
                language,
                texts: texts.thankYou('newsletter_double_opt_in', language).mail,
                values: {},
                link: `${config.siteUrl}${newsletterConfirmPath(tokens.sign({ purpose: 'newsletter', subject: reference, language }))}`,
              }),
            },
          ],
        },
      );
      if (!repeat) app.metrics.submissionStored('newsletter');
      app.outbox.kick();
      request.log.info(
        { submission: repeat ? undefined : id, form: 'newsletter', repeat },
        repeat
          ? 'newsletter subscription repeated, nothing stored'
          : 'newsletter subscription stored, waiting for confirmation',
      );
      return answerAccepted(request, reply, { form: 'newsletter', language, status: 'pending' });
    },
  );

  app.post(
    routeBelow(NEWSLETTER_API, NEWSLETTER_CONFIRM_API),
    {
      bodyLimit: FORM_BODY_LIMIT,
      schema: { body: tokenBodySchema('emailb64'), response: { 200: confirmedSchema, '4xx': refusalResponseSchema } },
    },
    async (request, reply) => {
      // The confirmation page's button posts the token as a plain form: its answer is the page with the outcome.
      const plain = isPlainFormPost(request);
      const backToPage = (result: string) =>
        reply.redirect(`${newsletterConfirmPath(request.body.emailb64)}?${NEWSLETTER_RESULT_PARAM}=${result}`, 303);
      let claims;
      try {
        claims = verifiedClaims(app.forms.tokens, request.body.emailb64, 'newsletter', 'emailb64');
      } catch (error) {
        if (plain && error instanceof FormRefusal)
          return backToPage(error.code === 'token_expired' ? 'expired' : 'invalid');
        throw error;
      }
      const { texts, config } = app.forms;
      const result = await confirmSignUp(app.db, claims.subject, (signUp) => [
        {
          purpose: 'thank-you',
          mail: personalMail({
            from: config.mail.from,
            to: signUp.email,
            language: signUp.language,
            texts: texts.thankYou('newsletter_thank_you', signUp.language).mail,
            values: {},
            unsubscribe: unsubscribeLinks(config.siteUrl, app.forms.tokens, signUp.id, signUp.language),
          }),
        },
      ]);
      if (result === 'unknown' || result === 'withdrawn') {
        // Erased, or withdrawn since the link was sent: nothing is confirmed, and the person signs up again.
        request.log.info({ form: 'newsletter', result }, 'newsletter confirmation refused');
        const code = result === 'unknown' ? 'token_invalid' : 'token_expired';
        if (plain) return backToPage(result === 'unknown' ? 'invalid' : 'expired');
        throw new FormRefusal(400, 'emailb64', code);
      }
      app.outbox.kick();
      if (plain) return backToPage(result === 'already-confirmed' ? 'already_confirmed' : 'confirmed');
      return { ok: true, status: result };
    },
  );

  /**
   * The address an unsubscribe token was made for: the one of the sign-up it names, or, in a
   * link mailed before links stopped carrying addresses, that address (a withdrawal must work
   * from any mail ever sent). Any other token is refused, naming the field it came in.
   */
  const unsubscribeOwner = async (token: string, field: string): Promise<string | undefined> => {
    const check = app.forms.tokens.verify(token, 'unsubscribe');
    if (!check.ok) throw new FormRefusal(400, field, 'unsubscribe_invalid');
    const { subject } = check.claims;
    return namesSubmission(subject) ? signUpAddress(app.db, subject) : subject;
  };
  /** Takes the token's address off the list; a sign-up erased since answers not-subscribed, as there is nothing left to withdraw. */
  const unsubscribeBy = async (token: string, field: string): Promise<UnsubscribeResult> => {
    const email = await unsubscribeOwner(token, field);
    return email === undefined ? 'not-subscribed' : unsubscribe(app.db, email);
  };
  const unsubscribed = (result: UnsubscribeResult) => ({ ok: true, status: result });

  app.post(
    routeBelow(NEWSLETTER_API, NEWSLETTER_UNSUBSCRIBE_API),
    {
      bodyLimit: FORM_BODY_LIMIT,
      schema: { body: tokenBodySchema('token'), response: { 200: confirmedSchema, '4xx': refusalResponseSchema } },
    },
    async (request, reply) => {
      // Without JavaScript the page's button posts a plain form: its answer is the page with the outcome.
      const plain = isPlainFormPost(request);
      const backToPage = (result: string) =>
        reply.redirect(`${newsletterUnsubscribePath(request.body.token)}?${NEWSLETTER_RESULT_PARAM}=${result}`, 303);
      let result: UnsubscribeResult;
      try {
        result = await unsubscribeBy(request.body.token, 'token');
      } catch (error) {
        if (plain && error instanceof FormRefusal) return backToPage('invalid');
        throw error;
      }
      request.log.info({ form: 'newsletter', result }, 'newsletter unsubscription');
      if (plain) return backToPage(result === 'unsubscribed' ? 'unsubscribed' : 'not_subscribed');
      return unsubscribed(result);
    },
  );

  app.post(
    `${routeBelow(NEWSLETTER_API, NEWSLETTER_UNSUBSCRIBE_API)}/:token`,
    {
      bodyLimit: FORM_BODY_LIMIT,
      schema: {
        params: {
          type: 'object',
          additionalProperties: false,
          required: ['token'],
          properties: { token: { type: 'string', minLength: 1, maxLength: LIMITS.token } },
        } as const,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['List-Unsubscribe'],
          properties: { 'List-Unsubscribe': { const: 'One-Click' } },
        } as const,
        response: { 200: confirmedSchema, '4xx': refusalResponseSchema },
      },
    },
    async (request) => {
      const result = await unsubscribeBy(request.params.token, 'token');
      request.log.info({ form: 'newsletter', result, oneClick: true }, 'newsletter unsubscription');
      return unsubscribed(result);
    },
  );
};
