/**
 * The words a form shows for a wrong field: its own where its texts have them, else the general
 * message; and a refused plain post listing every wrong field, not only the one the server named.
 */
import t from 'tap';
import { checkForm } from '#app/forms/checks.ts';
import { echoErrors } from '#app/forms/echo-errors.ts';
import { FORMS } from '#app/forms/form-definitions.ts';

const messages = {
  required: 'Please fill in this field.',
  email: 'Please enter a valid email address.',
  must_accept: 'Please confirm this to continue.',
  file_required: 'Please attach your CV.',
  too_long: 'At most {max} characters.',
};
const own = {
  name: { required: 'Please enter your name.' },
  email: { required: 'Please enter your email address.', email: 'Like name@company.com, please.' },
  legals: { must_accept: 'Please confirm the privacy policy.' },
};
const limits = { cvMaxBytes: 10 * 1024 * 1024, additionalMaxBytes: 10 * 1024 * 1024, additionalMaxCount: 5 };

t.test('the browser’s checks use a field’s own words and fall back to the general message', async (t) => {
  const problems = checkForm(FORMS.contact, { email: 'lena@example', company: 'x'.repeat(201) }, messages, limits, own);
  t.same(problems, [
    { field: 'name', message: 'Please enter your name.' },
    { field: 'email', message: 'Like name@company.com, please.' },
    { field: 'company', message: 'At most 200 characters.' },
    { field: 'message', message: 'Please fill in this field.' },
    { field: 'legals', message: 'Please confirm the privacy policy.' },
  ]);
  t.same(checkForm(FORMS.contact, {}, messages, limits).at(0), { field: 'name', message: messages.required });
});

t.test('a refused plain post shows every wrong field', async (t) => {
  const errors = echoErrors(
    { values: { name: 'Lena', email: '', message: '' }, field: 'email', code: 'required', message: messages.required },
    FORMS.contact,
    messages,
    limits,
    own,
  );
  t.same(errors, {
    email: 'Please enter your email address.',
    message: 'Please fill in this field.',
    legals: 'Please confirm the privacy policy.',
  });
});

t.test('a ticked box sent back as "on" counts as ticked; an unticked one gets its own words', async (t) => {
  const base = { name: 'Lena', email: 'lena@example.com', message: 'Hello' };
  t.same(
    echoErrors(
      { values: { ...base, legals: 'on' }, field: 'request', code: 'rate_limited', message: 'Too many.' },
      FORMS.contact,
      messages,
      limits,
      own,
    ),
    { request: 'Too many.' },
  );
  t.same(
    echoErrors(
      { values: base, field: 'legals', code: 'required', message: messages.required },
      FORMS.contact,
      messages,
      limits,
      own,
    ),
    { legals: 'Please confirm the privacy policy.' },
    'the checks’ words for the box, not the server’s "required"',
  );
});

t.test('files are not sent back, so a refused application does not call its CV missing again', async (t) => {
  const errors = echoErrors(
    { values: { name: 'Mia', email: 'mia@' }, field: 'email', code: 'email', message: messages.email },
    FORMS.application,
    messages,
    limits,
    own,
  );
  t.same(errors, { email: 'Like name@company.com, please.' });
});
