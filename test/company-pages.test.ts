/**
 * Every page of the company, careers, events, legal and newsletter sections answers in
 * both languages with its headline; jobs and event editions carry valid structured data.
 */
import { readFileSync } from 'node:fs';
import t from 'tap';
import { build } from './helpers/build.ts';

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');
const json = <T>(file: string) => JSON.parse(readFileSync(`content/${file}`, 'utf8')) as T;
const stage = (file: string) => json<{ headline: string }>(file).headline;

interface Edition {
  location: string;
  year: string;
  month: string;
}
type Language = 'en' | 'de';
interface Page {
  language: Language;
  path: string;
  headline: string;
}

const COMPANY = { en: 'en/homepage/company', de: 'de/homepage/unternehmen' } as const;
const pages: Page[] = [];
const jobPaths: string[] = [];
const editionPaths: string[] = [];
for (const language of ['en', 'de'] as const) {
  const de = language === 'de';
  const company = de ? '/unternehmen' : '/company';
  const folder = COMPANY[language];
  const add = (path: string, file: string) => pages.push({ language, path, headline: stage(`${file}/stage.json`) });
  add(company, folder);
  add(`${company}/${de ? 'ueber-uns' : 'about-us'}`, `${folder}/${de ? 'ueber-uns' : 'about-us'}`);
  add(`${company}/${de ? 'kontakt' : 'contact'}`, `${folder}/${de ? 'kontakt' : 'contact'}`);
  add(`${company}/${de ? 'karriere' : 'career'}`, `${folder}/${de ? 'karriere' : 'career'}`);
  for (const position of json<{ activePositions: { generic: { folder: string; title: string } }[] }>(
    `${language}/careers/positions.json`,
  ).activePositions) {
    const path = `${company}/${de ? 'karriere' : 'career'}/${position.generic.folder}`;
    pages.push({ language, path, headline: position.generic.title });
    jobPaths.push(path);
  }
  add(`${company}/events`, `${folder}/events`);
  for (const event of json<{ folders: string[] }>(`${folder.slice(0)}/events/events.json`).folders) {
    const information = json<{ editions: Edition[] }>(`${folder}/events/${event}/information.json`);
    if (event !== 'data-breakfast') add(`${company}/events/${event}`, `${folder}/events/${event}`);
    for (const edition of information.editions) {
      const path = `${company}/events/${event}/${edition.location}/${edition.year}/${edition.month}`;
      add(path, `${folder}/events/${event}`);
      editionPaths.push(path);
    }
  }
  add(
    `${company}/events/omr/${de ? 'terminanfrage' : 'meeting-request'}`,
    `${folder}/events/omr/${de ? 'terminanfrage' : 'meeting-request'}`,
  );
  add(de ? '/impressum' : '/imprint', `${language}/homepage/${de ? 'impressum' : 'imprint'}`);
  add(de ? '/datenschutz' : '/privacy-policy', `${language}/homepage/${de ? 'datenschutz' : 'privacy-policy'}`);
  add('/newsletter', `${language}/homepage/newsletter`);
  add('/newsletter/some-token', `${language}/homepage/newsletter/confirm`);
}

const app = await build(t);

t.ok(jobPaths.filter((p) => p.startsWith('/company')).length >= 4, 'at least four jobs in English');
t.ok(jobPaths.filter((p) => p.startsWith('/unternehmen')).length >= 4, 'at least four jobs in German');

for (const page of pages) {
  t.test(`${page.language} ${page.path}`, async (t) => {
    const response = await app.inject({ url: page.path, headers: { cookie: `language=${page.language}` } });
    t.equal(response.statusCode, 200);
    t.match(response.body, `<html lang="${page.language}"`, 'in its language');
    const h1 = [...response.body.matchAll(/<h1[^>]*>([\s\S]*?)<\/h1>/g)].map((match) => match[1]);
    t.same(h1, [escapeHtml(page.headline)], 'one h1: the headline from content');
    // A nonce is random base64, which may spell NaN by chance.
    t.notMatch(response.body.replace(/nonce="[^"]*"/g, ''), /undefined|\[object Object\]|NaN/, 'no unfilled values');
  });
}

const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );

t.test('every job page carries a JobPosting with the fields rich results require', async (t) => {
  for (const path of jobPaths) {
    const [posting] = jsonLd((await app.inject({ url: path })).body).filter((data) => data['@type'] === 'JobPosting');
    t.ok(posting, `${path} has a JobPosting`);
    t.match(
      posting,
      {
        '@context': 'https://schema.org',
        title: String,
        description: /<p>/,
        datePosted: /^\d{4}-\d{2}-\d{2}$/,
        hiringOrganization: { '@type': 'Organization', name: String, url: 'http://localhost:3000' },
        jobLocation: [
          {
            '@type': 'Place',
            address: {
              '@type': 'PostalAddress',
              streetAddress: String,
              addressLocality: String,
              postalCode: /^\d{5}$/,
              addressCountry: 'DE',
            },
          },
        ],
        employmentType: /^(FULL_TIME|PART_TIME|CONTRACTOR|TEMPORARY|INTERN|OTHER)$/,
        identifier: { value: String },
        validThrough: /^\d{4}-\d{2}-\d{2}T/,
        url: `http://localhost:3000${path}`,
      },
      path,
    );
  }
});

t.test('every event page carries an Event with the fields rich results require', async (t) => {
  for (const path of editionPaths) {
    const [event] = jsonLd((await app.inject({ url: path })).body).filter((data) => data['@type'] === 'Event');
    t.ok(event, `${path} has an Event`);
    t.match(
      event,
      {
        '@context': 'https://schema.org',
        name: String,
        startDate: /T\d{2}:\d{2}/,
        endDate: /T\d{2}:\d{2}/,
        location: { '@type': /^(Place|VirtualLocation)$/ },
        description: String,
        image: [/^http/],
        organizer: { name: String },
        eventStatus: /schema.org/,
        eventAttendanceMode: /schema.org/,
      },
      path,
    );
    const location = event!.location as { '@type': string; address?: unknown };
    if (location['@type'] === 'Place')
      t.match(location.address, {
        streetAddress: String,
        addressLocality: String,
        postalCode: /^\d{5}$/,
        addressCountry: 'DE',
      });
  }
});

t.test('the homepage carries the Organization', async (t) => {
  const [organization] = jsonLd((await app.inject({ url: '/' })).body);
  t.match(organization, {
    '@type': 'Organization',
    name: 'Nordstern Digital GmbH',
    url: 'http://localhost:3000',
    logo: /^http/,
    address: { postalCode: /^\d{5}$/ },
  });
});

t.test('structured data cannot be broken out of by content', async (t) => {
  const { jsonLdText } = await import('#app/seo/json-ld.tsx');
  t.notMatch(jsonLdText({ name: '</script><script>alert(1)</script>' }), /<\/script/i);
});

t.test('removed jobs, unknown events and editions answer 404', async (t) => {
  for (const url of [
    '/company/career/astronaut',
    '/unternehmen/karriere/astronaut',
    '/company/events/space-camp/hamburg/2027/01',
    '/company/events/cloud/berlin/2027/05',
    '/unternehmen/events/omr/hamburg/1999/05',
    '/company/events/cdp-event',
  ]) {
    t.equal((await app.inject({ url })).statusCode, 404, url);
  }
});

t.test('past and upcoming editions: the overview splits them, a past edition takes no registration', async (t) => {
  const overview = (await app.inject({ url: '/unternehmen/events' })).body;
  const past = overview.indexOf('id="past-events"');
  t.ok(past > 0, 'past events have their own section');
  t.ok(
    overview.indexOf('/unternehmen/events/cdp-event/muenchen/2024/03') > past,
    'the 2024 cdp event is listed as past',
  );
  const cdp = (await app.inject({ url: '/unternehmen/events/cdp-event/muenchen/2024/03' })).body;
  t.notMatch(cdp, 'action="/api/events"', 'no registration form on a past edition');
  const labels = json<{ past_note: string }>('de/event_labels.json');
  t.match(cdp, escapeHtml(labels.past_note));
});

t.test('?registration= on an event page shows the outcome of the confirmation link', async (t) => {
  const labels = json<{ registration: Record<string, string> }>('en/event_labels.json');
  for (const outcome of ['confirmed', 'expired', 'invalid']) {
    const page = await app.inject({ url: `/company/events/analytics-hub?registration=${outcome}` });
    t.match(page.body, escapeHtml(labels.registration[outcome]!), outcome);
  }
  t.notMatch(
    (await app.inject({ url: '/company/events/analytics-hub?registration=%3Cscript%3E' })).body,
    '<script>alert',
  );
});

t.test('the event insights and their event pages link to each other', async (t) => {
  const page = (await app.inject({ url: '/company/events/analytics-hub/hamburg/2026/06' })).body;
  t.match(page, 'href="/insights/analytics-hub-hamburg-2026"');
  const insight = (
    await app.inject({ url: '/insights/analytics-hub-hamburg-2026', headers: { cookie: 'language=en' } })
  ).body;
  t.match(insight, 'href="/company/events/analytics-hub/hamburg/2026/06"');
  const cloud = (await app.inject({ url: '/insights/cloud-day-munich-2026', headers: { cookie: 'language=de' } })).body;
  t.match(cloud, 'href="/unternehmen/events/cloud/muenchen/2026/06"');
});
