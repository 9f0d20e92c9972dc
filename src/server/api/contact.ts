/** POST /api/contact, /api/contact/omr and /api/contact/technology: stored, then the team and the sender are mailed. */
import type { FastifyInstance } from 'fastify';
import { CONTACT_API, CONTACT_OMR_API, CONTACT_TECHNOLOGY_API, routeBelow } from '#app/api-paths.ts';
import type { FormName } from '#app/forms/form-definitions.ts';
import { FORM_BODY_SCHEMAS } from '#app/forms/form-schemas.ts';
import { answerAccepted, isBot } from '../forms/accept.ts';
import { FORM_BODY_LIMIT, formParsersPlugin } from '../forms/form-parsers.ts';
import { receivedMails } from '../forms/received-mails.ts';
import { acceptedResponseSchema, refusalResponseSchema, withoutFormControls } from '../forms/schemas.ts';
import { saveSubmission } from '../forms/submissions.ts';
import type { ApiPlugin } from '../http/type-provider.ts';

type ContactForm = Extract<FormName, 'contact' | 'contact-omr' | 'contact-technology'>;

function recipientsOf(app: FastifyInstance, form: ContactForm): string[] {
  const { recipients } = app.forms.config.mail;
  return form === 'contact-technology'
    ? recipients.technology
    : form === 'contact-omr'
      ? recipients.omr
      : recipients.contact;
}

export const contactApi: ApiPlugin = async (app) => {
  await app.register(formParsersPlugin);

  const route = (path: string, form: ContactForm) =>
    app.post(
      path,
      {
        bodyLimit: FORM_BODY_LIMIT,
        schema: {
          body: FORM_BODY_SCHEMAS[form],
          response: { 201: acceptedResponseSchema, 303: {}, '4xx': refusalResponseSchema },
        },
      },
      async (request, reply) => {
        const body = request.body;
        if (isBot(body)) return answerAccepted(request, reply, { form, language: body.language, status: 'received' });
        const { language, legals: _legals, ...fields } = withoutFormControls(body);
        const now = new Date();
        const id = await saveSubmission(
          app.db,
          {
            form,
            language,
            email: body.email,
            name: body.name,
            payload: { ...fields, legals: true },
            status: 'received',
          },
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

  route(routeBelow(CONTACT_API, CONTACT_API), 'contact');
  route(routeBelow(CONTACT_API, CONTACT_OMR_API), 'contact-omr');
  route(routeBelow(CONTACT_API, CONTACT_TECHNOLOGY_API), 'contact-technology');
};
