/** The browser's form checks mirror the server's rules; events move to past by their day in Berlin. */
import t from 'tap';
import { type Position, relatedPositions, uniqueByFolder } from '#app/careers/model.ts';
import {
  berlinDay,
  type EventInformation,
  editionKey,
  isPast,
  listEditions,
  parseEditionKey,
  selectEdition,
} from '#app/events/model.ts';
import { checkForm, formatFileSize } from '#app/forms/checks.ts';
import { FORMS } from '#app/forms/form-definitions.ts';

const messages = {
  required: 'required',
  email: 'email',
  too_long: 'at most {max}',
  single_line: 'single line',
  must_accept: 'accept',
  invalid: 'invalid',
  file_required: 'cv please',
  file_type: 'type',
  file_too_large: 'larger than {max} MB',
  too_many_files: 'at most {max} files',
  too_many: 'at most {max} entries',
};
const limits = { cvMaxBytes: 10 * 1024 * 1024, additionalMaxBytes: 5 * 1024 * 1024, additionalMaxCount: 2 };
const contact = { name: 'Lena', email: 'lena@example.com', company: '', message: 'Hello', legals: true };

t.test('the contact form: each rule of the server, with its message', async (t) => {
  const check = (values: Record<string, unknown>) =>
    checkForm(FORMS.contact, { ...contact, ...values } as never, messages, limits);
  t.same(check({}), []);
  t.same(check({ name: '   ' }), [{ field: 'name', message: 'required' }]);
  t.same(check({ email: 'lena@example' }), [{ field: 'email', message: 'email' }]);
  t.same(check({ name: 'Lena\r\nBcc: x@example.com' }), [{ field: 'name', message: 'single line' }]);
  t.same(check({ name: 'x'.repeat(121) }), [{ field: 'name', message: 'at most 120' }]);
  t.same(check({ message: 'two\nlines\tand a tab' }), [], 'a message may have line breaks');
  t.same(check({ message: 'nul\u0000' }), [{ field: 'message', message: 'single line' }]);
  t.same(check({ legals: false }), [{ field: 'legals', message: 'accept' }]);
  t.same(
    check({ name: '', email: '', message: '', legals: false }).map((p) => p.field),
    ['name', 'email', 'message', 'legals'],
    'in the order of the form',
  );
});

t.test('the application form: files by type, size and count, before any upload', async (t) => {
  const base = {
    name: 'Mia',
    email: 'mia@example.com',
    phone: '',
    locations: [],
    type: '',
    message: '',
    cv: [{ name: 'cv.pdf', size: 1000 }],
    additionals: [],
  };
  const check = (values: Record<string, unknown>) =>
    checkForm(FORMS.application, { ...base, ...values } as never, messages, limits);
  t.same(check({}), []);
  t.same(check({ cv: [] }), [{ field: 'cv', message: 'cv please' }]);
  t.same(check({ cv: [{ name: 'cv.exe', size: 10 }] }), [{ field: 'cv', message: 'type' }]);
  t.same(check({ cv: [{ name: 'CV.PDF', size: 10 }] }), [], 'extensions in any case');
  t.same(check({ cv: [{ name: 'cv.pdf', size: 11 * 1024 * 1024 }] }), [{ field: 'cv', message: 'larger than 10 MB' }]);
  t.same(check({ additionals: [{ name: 'a.png', size: 6 * 1024 * 1024 }] }), [
    { field: 'additionals', message: 'larger than 5 MB' },
  ]);
  t.same(check({ additionals: [1, 2, 3].map((n) => ({ name: `${n}.pdf`, size: 1 })) }), [
    { field: 'additionals', message: 'at most 2 files' },
  ]);
  t.same(check({ phone: 'call me' }), [{ field: 'phone', message: 'invalid' }]);
  t.same(check({ phone: '+49 (40) 123-45/6' }), []);
  t.same(check({ message: '' }), [], 'the message is optional here');
});

t.test('file sizes as people read them', async (t) => {
  t.equal(formatFileSize(300 * 1024, 'en'), '300\u00a0KB');
  t.equal(formatFileSize(1.5 * 1024 * 1024, 'de'), '1,5\u00a0MB');
  t.equal(formatFileSize(10, 'en'), '1\u00a0KB');
});

const edition = (location: string, year: string, month: string, start: string, end: string) => ({
  location,
  year,
  month,
  title: `${location} ${year}`,
  teaser: 't',
  start,
  end,
  city: location,
  registration: true,
});
const information: EventInformation = {
  folderName: 'analytics-hub',
  name: 'Analytics Hub',
  headline: 'h',
  text: 't',
  format: 'f',
  audience: 'a',
  language: 'l',
  editions: [
    edition('hamburg', '2026', '06', '2026-06-18T17:30:00+02:00', '2026-06-18T21:30:00+02:00'),
    edition('online', '2027', '01', '2027-01-28T17:00:00+01:00', '2027-01-28T18:30:00+01:00'),
    edition('hamburg', '2027', '03', '2027-03-11T17:30:00+01:00', '2027-03-11T21:30:00+01:00'),
  ],
};

t.test('an edition is upcoming through the whole day it ends on, in Berlin', async (t) => {
  const online = information.editions[1]!;
  t.equal(berlinDay(new Date('2027-01-28T22:59:00Z')), '2027-01-28');
  t.equal(berlinDay(new Date('2027-01-28T23:00:00Z')), '2027-01-29', 'midnight in Berlin is 23:00 UTC in winter');
  t.notOk(isPast(online, new Date('2027-01-28T20:00:00Z')), 'after it ended, the same day');
  t.notOk(isPast(online, new Date('2027-01-28T22:59:59Z')), 'the last second of the day in Berlin');
  t.ok(isPast(online, new Date('2027-01-28T23:00:00Z')), 'the next day in Berlin');
  const summer = information.editions[0]!;
  t.notOk(isPast(summer, new Date('2026-06-18T21:59:59Z')));
  t.ok(isPast(summer, new Date('2026-06-18T22:00:00Z')), 'midnight in summer is 22:00 UTC');
});

t.test('which edition a path names', async (t) => {
  const now = new Date('2026-11-22T12:00:00Z');
  t.equal(selectEdition(information, {}, now)?.location, 'online', 'without segments: the next upcoming');
  t.equal(selectEdition(information, {}, new Date('2028-01-01T00:00:00Z'))?.year, '2027', 'all past: the latest');
  t.equal(selectEdition(information, { location: 'hamburg', year: '2026', month: '06' }, now)?.year, '2026');
  t.equal(
    selectEdition(information, { location: 'hamburg', year: '2027' }, now)?.month,
    '03',
    'a month may be left out',
  );
  t.equal(selectEdition(information, { location: 'berlin' }, now), undefined);
  t.equal(selectEdition(information, { location: 'hamburg', year: '2027', month: '04' }, now), undefined);
  const { upcoming, past } = listEditions('de', [information], now);
  t.same(
    upcoming.map((e) => e.path),
    ['/unternehmen/events/analytics-hub/online/2027/01', '/unternehmen/events/analytics-hub/hamburg/2027/03'],
    'soonest first',
  );
  t.same(
    past.map((e) => e.path),
    ['/unternehmen/events/analytics-hub/hamburg/2026/06'],
  );
});

t.test('the registration names an edition by a key that parses back, and nothing else', async (t) => {
  const key = editionKey('cloud', { location: 'muenchen', year: '2027', month: '05' });
  t.equal(key, 'cloud/muenchen/2027/05');
  t.same(parseEditionKey(key), { folderName: 'cloud', location: 'muenchen', year: '2027', month: '05' });
  for (const bad of [
    'Cloud Day',
    'cloud/muenchen/2027/13',
    '../cloud/muenchen/2027/05',
    'cloud/muenchen/2027/05/x',
    'toString',
  ])
    t.equal(parseEditionKey(bad), null, bad);
});

t.test('positions are unique by generic.folder; related jobs are open ones, once, never the job itself', async (t) => {
  const position = (folder: string, related: string[] = []) =>
    ({ generic: { folder }, related }) as unknown as Position;
  const list = uniqueByFolder([
    position('a', ['b', 'b', 'a', 'gone', 'c']),
    position('b'),
    position('b'),
    position('c'),
  ]);
  t.same(
    list.map((p) => p.generic.folder),
    ['a', 'b', 'c'],
  );
  t.same(
    relatedPositions(list[0]!, list).map((p) => p.generic.folder),
    ['b', 'c'],
  );
});
