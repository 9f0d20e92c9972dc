/** POST /api/contact, /api/contact/omr and /api/contact/technology: stored, then the team and the sender are mailed. */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Language } from '#app/i18n/language.ts';
import { answerAccepted, isBot } from '../forms/accept.ts';
import { FORM_BODY_LIMIT, formParsersPlugin } from '../forms/form-parsers.ts';
import { acceptedResponseSchema, contactBodySchema, refusalResponseSchema, technologyBodySchema, withoutFormControls } from '../forms/schemas.ts';
import { saveSubmission, type FormName } from '../forms/submissions.ts';
import { receivedMails } from '../forms/received-mails.ts';

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
        const { language, legals: _legals, ...fields } = withoutFormControls(body);
        const now = new Date();
        const id = await saveSubmission(
          app.db,
          { form, language, email: body.email, name: body.name, payload: { ...fields, legals: true }, status: 'received' },
          {
            now,
            mails: (reference) =>
              receivedMails({
                forms: app.forms,
                form,
                language,
                recipients: recipientsOf(app, form),
                sender: { email: body.email, name: body.name },
                reference,
                submittedAt: now.toISOString(),
                fields,
                thankYou: 'contact_thank_you',
              }),
          },
        );
        app.metrics.submissionStored(form);
        app.outbox.kick();
        request.log.info({ submission: id, form }, 'submission stored');
        return answerAccepted(request, reply, { form, language, id, status: 'received' });
      },
    );

  route('/', 'contact', contactBodySchema);
  route('/omr', 'contact-omr', contactBodySchema);
  route('/technology', 'contact-technology', technologyBodySchema);
};
