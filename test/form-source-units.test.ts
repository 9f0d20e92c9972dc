/**
 * One source for each form's shape: the server's body schemas and the browser's checks are
 * both built from the form table, so a field added to it is refused when missing or too long
 * on both sides, and accepted when given, without another edit.
 */

import { fullFormats } from 'ajv-formats/dist/formats.js';
import Fastify, { type FastifyError, type FastifyInstance, type RouteOptions } from 'fastify';
import t, { type Test } from 'tap';
import type { Static } from 'typebox';
import { CONTACT_API, EVENTS_API, NEWSLETTER_API } from '#app/api-paths.ts';
import { checkForm } from '#app/forms/checks.ts';
import { EMAIL_ADDRESS } from '#app/forms/field-rules.ts';
import { type FieldRule, FORMS, type FormName } from '#app/forms/form-definitions.ts';
import { FORM_BODY_SCHEMAS, type FormBodySchemas, formBodySchemas } from '#app/forms/form-schemas.ts';
import { contactApi } from '#server/api/contact.ts';
import { eventsApi } from '#server/api/events.ts';
import { newsletterApi } from '#server/api/newsletter.ts';
import { createFieldValidator } from '#server/forms/field-validator.ts';
import { refusalOfValidation } from '#server/forms/refusal.ts';
import { AJV_OPTIONS } from '#server/http/ajv-options.ts';

const referral = { name: 'referral', kind: 'text', required: true, maxLength: 80 } as const satisfies FieldRule;

/** The form table with one more field on the contact form and the application, as an editor would add it. */
const tableWithReferral = () => ({
  ...FORMS,
  contact: { ...FORMS.contact, fields: [...FORMS.contact.fields, referral] },
  application: { ...FORMS.application, fields: [...FORMS.application.fields, referral] },
});

// The body type follows the table: a handler reading the new field compiles without a type written for it.
type ContactWithReferral = Static<FormBodySchemas<ReturnType<typeof tableWithReferral>>['contact']>;
const typed: ContactWithReferral = {
  name: 'Lena',
  email: 'lena@example.com',
  message: 'Hallo',
  legals: true,
  language: 'en',
  referral: 'A friend',
};

const contact = { name: 'Lena Vogt', email: 'lena@example.com', message: 'Hallo!', legals: true, language: 'en' };
const messages = {
  required: 'required',
  too_long: 'at most {max}',
  single_line: 'single line',
  email: 'email',
  must_accept: 'accept',
  invalid: 'invalid',
};
const limits = { cvMaxBytes: 1, additionalMaxBytes: 1, additionalMaxCount: 1 };

/** A server with the application's validator settings and refusals, posting to one body schema. */
async function serverWith(t: Test, body: object): Promise<FastifyInstance> {
  const app = Fastify({ logger: false, ajv: { customOptions: AJV_OPTIONS } });
  t.teardown(() => app.close());
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    const refusal = refusalOfValidation(error.validation?.[0] as never, error.validationContext);
    return reply.code(refusal.statusCode).send({ field: refusal.field, code: refusal.code });
  });
  app.post('/form', { schema: { body } }, async (_request, reply) => reply.code(201).send({ ok: true }));
  return app;
}

t.test(
  'a field added to the form table is in the server schema: refused missing or too long, naming it; accepted when given',
  async (t) => {
    const schemas = formBodySchemas(tableWithReferral());
    const app = await serverWith(t, schemas.contact);
    const post = async (payload: object) => {
      const response = await app.inject({ method: 'POST', url: '/form', payload });
      return { status: response.statusCode, ...(response.json() as object) };
    };
    t.same(await post(contact), { status: 400, field: 'referral', code: 'required' });
    t.same(await post({ ...contact, referral: 'x'.repeat(81) }), { status: 400, field: 'referral', code: 'too_long' });
    t.same(await post({ ...contact, referral: 'A\u0000friend' }), {
      status: 400,
      field: 'referral',
      code: 'single_line',
    });
    t.same(await post({ ...contact, referral: typed.referral }), { status: 201, ok: true });

    const shipped = await serverWith(t, FORM_BODY_SCHEMAS.contact);
    const unknown = await shipped.inject({
      method: 'POST',
      url: '/form',
      payload: { ...contact, referral: 'A friend' },
    });
    t.same(
      unknown.json(),
      { field: 'referral', code: 'unknown_field' },
      'the shipped table does not know it: the same schema builder, another table',
    );
  },
);

t.test("a field added to the application is checked by the multipart route's validator", async (t) => {
  const validate = createFieldValidator(formBodySchemas(tableWithReferral()).application);
  const application = { name: 'Mia', email: 'mia@example.com', language: 'de' };
  const missing = validate(application);
  t.same(missing.ok ? null : { field: missing.refusal.field, code: missing.refusal.code }, {
    field: 'referral',
    code: 'required',
  });
  const tooLong = validate({ ...application, referral: 'x'.repeat(81) });
  t.same(tooLong.ok ? null : { field: tooLong.refusal.field, code: tooLong.refusal.code }, {
    field: 'referral',
    code: 'too_long',
  });
  t.ok(validate({ ...application, referral: 'A friend' }).ok);
});

t.test('a field added to the form table is in the browser checks, with its limit', async (t) => {
  const form = tableWithReferral().contact;
  const check = (values: Record<string, unknown>) =>
    checkForm(form, { ...contact, ...values } as never, messages, limits);
  t.same(check({}), [{ field: 'referral', message: 'required' }]);
  t.same(check({ referral: 'x'.repeat(81) }), [{ field: 'referral', message: 'at most 80' }]);
  t.same(check({ referral: 'A\u0000friend' }), [{ field: 'referral', message: 'single line' }]);
  t.same(check({ referral: 'A friend' }), []);
});

t.test(
  'the form routes validate with the schemas built from the table, at the addresses the forms post to',
  async (t) => {
    const app = Fastify({ logger: false, ajv: { customOptions: AJV_OPTIONS } });
    t.teardown(() => app.close());
    const bodies = new Map<string, unknown>();
    app.addHook('onRoute', (route: RouteOptions) => {
      if (route.method === 'POST') bodies.set(route.url.replace(/(.)\/$/, '$1'), route.schema?.body);
    });
    await app.register(contactApi, { prefix: CONTACT_API });
    await app.register(eventsApi, { prefix: EVENTS_API });
    await app.register(newsletterApi, { prefix: NEWSLETTER_API });
    await app.ready();
    t.same(FORM_BODY_SCHEMAS, formBodySchemas(FORMS), "the shipped schemas are the builder's");
    for (const name of Object.keys(FORMS) as FormName[]) {
      if (name === 'application') continue;
      t.equal(
        bodies.get(FORMS[name].action),
        FORM_BODY_SCHEMAS[name],
        `${name} posts to ${FORMS[name].action}, validated by its built schema`,
      );
    }
  },
);

t.test("the browser refuses the e-mail addresses the server's email format refuses", async (t) => {
  t.equal(EMAIL_ADDRESS.source, (fullFormats.email as RegExp).source);
  t.equal(EMAIL_ADDRESS.flags, (fullFormats.email as RegExp).flags);
});
