/** POST /api/contact, /api/contact/omr and /api/contact/technology: stored, then the team and the sender are mailed. */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Language } from '#app/i18n/language.ts';
import { answerAccepted, isBot } from '../forms/accept.ts';
import { FORM_BODY_LIMIT, formParsersPlugin } from '../forms/form-parsers.ts';
import { acceptedResponseSchema, contactBodySchema, HONEYPOT_FIELD, refusalResponseSchema, technologyBodySchema } from '../forms/schemas.ts';
import { saveSubmission, type FormName } from '../forms/submissions.ts';
import { notificationMail, personalMail } from '../mail/compose.ts';

interface ContactBody {
  name: string;
  email: string;
  company?: string;
  message: string;
  language: Language;
  legals: true;
  products?: string[];
  services?: string[];
}

type ContactForm = Extract<FormName, 'contact' | 'contact-omr' | 'contact-technology'>;

function recipientsOf(app: FastifyInstance, form: ContactForm): string[] {
  const { recipients } = app.forms.config.mail;
  return form === 'contact-technology' ? recipients.technology : form === 'contact-omr' ? recipients.omr : recipients.contact;
}

export const contactApi: FastifyPluginAsync = async (app) => {
  await app.register(formParsersPlugin);

  const route = (path: string, form: ContactForm, bodySchema: typeof contactBodySchema | typeof technologyBodySchema) =>
    app.post<{ Body: ContactBody }>(
      path,
      {
        bodyLimit: FORM_BODY_LIMIT,
        schema: { body: bodySchema, response: { 201: acceptedResponseSchema, 303: {}, '4xx': refusalResponseSchema } },
      },
      async (request, reply) => {
        const body = request.body;
        if (isBot(body as unknown as Record<string, unknown>)) return answerAccepted(request, reply, { form, language: body.language, status: 'received' });
        const { [HONEYPOT_FIELD]: _trap, language, legals: _legals, ...fields } = body as ContactBody & { website?: string };
        const { texts, config } = app.forms;
        const now = new Date();
        const id = saveSubmission(
          app.db,
          { form, language, email: body.email, name: body.name, payload: { ...fields, legals: true }, status: 'received' },
          {
            now,
            mails: (reference) => [
              {
                purpose: 'notification',
                mail: notificationMail({
                  from: config.mail.from,
                  to: recipientsOf(app, form),
                  replyTo: body.email,
                  language,
                  texts: texts.notification(language),
                  form,
                  reference,
                  submittedAt: now.toISOString(),
                  fields,
                }),
              },
              {
                purpose: 'confirmation',
                mail: personalMail({
                  from: config.mail.from,
                  to: body.email,
                  language,
                  texts: texts.thankYou('contact_thank_you', language).mail,
                  values: { name: body.name },
                }),
              },
            ],
          },
        );
        app.outbox.kick();
        request.log.info({ submission: id, form }, 'submission stored');
        return answerAccepted(request, reply, { form, language, id, status: 'received' });
      },
    );

  route('/', 'contact', contactBodySchema);
  route('/omr', 'contact-omr', contactBodySchema);
  route('/technology', 'contact-technology', technologyBodySchema);
};
