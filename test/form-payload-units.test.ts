/** What a hydrated form sends: the values the checks read, and the JSON or multipart body, each empty value left out by its rule. */
import t from 'tap';
import { FORMS } from '#app/forms/form-definitions.ts';
import { formValues, jsonPayload, multipartPayload } from '#app/forms/form-payload.ts';

const formData = (entries: [string, string][]) => {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
};
const cv = new File(['%PDF-1.7'], 'cv.pdf', { type: 'application/pdf' });
const extra = new File(['%PDF-1.7'], 'zeugnis.pdf', { type: 'application/pdf' });

t.test(
  'the values of the form element: lists, ticked boxes, chosen files and text, absent text as empty',
  async (t) => {
    const data = formData([
      ['name', 'Lena'],
      ['products', 'ga4'],
      ['products', 'bigquery'],
      ['legals', 'on'],
    ]);
    t.same(formValues(data, FORMS['contact-technology'].fields, {}), {
      name: 'Lena',
      email: '',
      company: '',
      products: ['ga4', 'bigquery'],
      services: [],
      message: '',
      legals: true,
    });
    t.same(formValues(formData([]), FORMS.contact.fields, {}).legals, false, 'an unticked box is false');
    t.same(formValues(formData([]), FORMS.application.fields, { cv: [cv] }).cv, [cv]);
    t.same(formValues(formData([]), FORMS.application.fields, {}).additionals, [], 'no files chosen');
  },
);

t.test(
  'JSON: the language, an empty optional field left out, a required one and a consent box always sent',
  async (t) => {
    const values = { name: 'Lena', email: '', company: '', message: 'Hallo', legals: false };
    t.same(jsonPayload({ definition: FORMS.contact, values, hidden: {}, language: 'de', trap: '' }), {
      language: 'de',
      name: 'Lena',
      email: '',
      message: 'Hallo',
      legals: false,
    });
    t.same(
      jsonPayload({
        definition: FORMS.contact,
        values: { ...values, company: 'Kai 7' },
        hidden: {},
        language: 'en',
        trap: '',
      }).company,
      'Kai 7',
    );
  },
);

t.test("JSON: a hidden field takes the page's value, never a typed one; a filled honeypot is sent", async (t) => {
  const values = { name: 'Lena', email: 'lena@example.com', company: '', terms: true, event: 'typed' };
  const payload = jsonPayload({
    definition: FORMS.event,
    values,
    hidden: { event: 'cloud/muenchen/2099/05' },
    language: 'en',
    trap: 'http://spam.example',
  });
  t.equal(payload.event, 'cloud/muenchen/2099/05');
  t.equal(payload.website, 'http://spam.example');
  t.notOk(
    'event' in jsonPayload({ definition: FORMS.event, values, hidden: {}, language: 'en', trap: '' }),
    'no page value: not sent',
  );
  t.notOk(
    'website' in jsonPayload({ definition: FORMS.event, values, hidden: {}, language: 'en', trap: '' }),
    'an empty honeypot is not sent',
  );
});

t.test('multipart: every file and option a part of its own, blank text left out, the job from the page', async (t) => {
  const values = {
    name: 'Mia',
    email: 'mia@example.com',
    phone: '  ',
    locations: ['hamburg', 'remote'],
    type: '',
    message: 'Guten Tag',
    cv: [cv],
    additionals: [extra],
  };
  const body = multipartPayload({
    definition: FORMS.application,
    values,
    hidden: { job: 'data-engineer' },
    files: { cv: [cv], additionals: [extra] },
    language: 'de',
    trap: '',
  });
  t.same(
    [...body.keys()],
    ['language', 'name', 'email', 'locations', 'locations', 'message', 'cv', 'additionals', 'job'],
  );
  t.same(body.getAll('locations'), ['hamburg', 'remote']);
  t.equal((body.get('cv') as File).name, 'cv.pdf');
  t.equal(body.get('job'), 'data-engineer');
  t.notOk(body.has('phone'), 'blank text is not sent');
  t.notOk(body.has('website'));
  const withoutJob = multipartPayload({
    definition: FORMS.application,
    values,
    hidden: {},
    files: {},
    language: 'de',
    trap: 'bot',
  });
  t.notOk(withoutJob.has('job'), 'no job on the page: not sent');
  t.notOk(withoutJob.has('cv'), 'files only as chosen');
  t.equal(withoutJob.get('website'), 'bot');
});
