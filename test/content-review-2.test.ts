/**
 * The checks the second editorial review asked for: project lengths that are the sum of their
 * steps, the partner year, a figure shown twice, one canonical per event edition, the job ads'
 * terms (complete, the same in both languages, agreeing with the ad), the house typography
 * (reported by content:check, applied by content:typography), and the pages that show them.
 */
import { spawnSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import t from 'tap';
import { type ContentProblem, checkContent } from '../scripts/content-check/check-content.ts';
import { compileGlossary, glossaryProblems } from '../scripts/content-check/glossary.ts';
import { fixTypography, typographyProblems } from '../scripts/content-check/typography.ts';
import type { GlossaryContent } from '../src/app/content/schemas/glossary.ts';
import { build, copyContent, editJson } from './helpers/build.ts';

const STATIC_DIR = path.resolve('static');
const NBSP = '\u00a0';

const reported = (problems: readonly ContentProblem[], file: string, problem: RegExp) =>
  problems.some((p) => p.file === file && problem.test(p.problem));

async function problemsAfter(
  t: Parameters<typeof copyContent>[0],
  change: (dir: string) => Promise<void>,
): Promise<ContentProblem[]> {
  return checkContent(await copyContent(t, change), STATIC_DIR);
}

async function replaceIn(dir: string, file: string, from: string, to: string): Promise<void> {
  const full = path.join(dir, file);
  const text = await readFile(full, 'utf8');
  if (!text.includes(from)) throw new Error(`${file} does not contain ${from}`);
  await writeFile(full, text.replace(from, to));
}

t.test('the shipped content passes the checks of this review', async (t) => {
  t.same(await checkContent(path.resolve('content'), STATIC_DIR), []);
});

// ---- facts across pages ----

t.test('a stated project length that is not the sum of its steps is reported, in the text and in a box', async (t) => {
  const ga4 = 'de/homepage/technologie/google-marketing-platform-partner/google-analytics-4/steps.json';
  const boxes = 'en/homepage/services/analytics/boxes.json';
  const problems = await problemsAfter(t, async (dir) => {
    await replaceIn(dir, ga4, 'dauert sieben bis elf Wochen', 'dauert sechs bis zehn Wochen');
    await replaceIn(dir, boxes, '"value": "7–11"', '"value": "6–10"');
  });
  t.ok(reported(problems, ga4, /^\/text states 6–10 weeks, but the steps add up to 7–11/), JSON.stringify(problems));
  t.ok(
    reported(
      problems,
      boxes,
      /^\/items\/0\/value states 6–10 weeks, but the steps of en\/homepage\/services\/analytics\/steps\.json add up to 7–11/,
    ),
    JSON.stringify(problems),
  );
  t.equal(problems.length, 2, 'and nothing else');
});

t.test(
  'a box counting to the first campaign may cover the first steps only; a step in another unit leaves the block unchecked',
  async (t) => {
    const ctv = 'en/homepage/services/ad-technology/connected-tv/boxes.json';
    const ok = await problemsAfter(t, (dir) => replaceIn(dir, ctv, '"value": "4–5"', '"value": "3"'));
    t.same(ok, [], 'three weeks after the second step');
    const wrong = await problemsAfter(t, (dir) => replaceIn(dir, ctv, '"value": "4–5"', '"value": "4–6"'));
    t.ok(reported(wrong, ctv, /states 4–6 weeks.*after each step: 1, 3, 4–5, 8–13, 10–15/), JSON.stringify(wrong));
    const career = await problemsAfter(t, (dir) =>
      replaceIn(dir, 'de/homepage/unternehmen/karriere/steps.json', 'drei bis vier Wochen', 'sieben bis neun Wochen'),
    );
    t.same(career, [], 'the hiring steps are counted in minutes and days, so their total is not compared');
  },
);

t.test('a Google Marketing Platform partnership before 2018 is reported, in prose and as a figure', async (t) => {
  const story = 'en/homepage/company/about-us/who_we_are.json';
  const numbers = 'de/homepage/unternehmen/ueber-uns/numbers.json';
  const problems = await problemsAfter(t, async (dir) => {
    await replaceIn(
      dir,
      story,
      'and since 2018, when the Google Marketing Platform was launched, we have been one of its partners',
      'and in 2017 we became a Google Marketing Platform partner',
    );
    await replaceIn(dir, numbers, '"value": "2018"', '"value": "2017"');
  });
  t.ok(
    reported(
      problems,
      story,
      /^\/text\/1 dates the Google Marketing Platform partnership to 2017; the platform began in 2018$/,
    ),
    JSON.stringify(problems),
  );
  t.ok(
    reported(problems, numbers, /^\/items\/1 dates the Google Marketing Platform partnership to 2017/),
    JSON.stringify(problems),
  );
  t.equal(problems.length, 2, 'the founding year 2014 in the same paragraph is no partner year');
});

t.test('a figure shown twice in one figures block is reported', async (t) => {
  const file = 'en/homepage/company/numbers.json';
  const problems = await problemsAfter(t, (dir) => replaceIn(dir, file, '"value": "140+"', '"value": "120+"'));
  t.ok(reported(problems, file, /^\/items\/3\/value 120\+ repeats the figure of \/items\/1/), JSON.stringify(problems));
});

t.test('an event with several editions may not name one of them as the canonical page of all', async (t) => {
  const file = 'de/homepage/unternehmen/events/data-breakfast/meta.json';
  const problems = await problemsAfter(t, (dir) =>
    editJson(dir, file, (v) => ({ ...v, canonical: '/unternehmen/events/data-breakfast/berlin/2027/02' })),
  );
  t.ok(
    reported(
      problems,
      file,
      /^\/canonical \/unternehmen\/events\/data-breakfast\/berlin\/2027\/02 names one of 3 editions as the original of all of them$/,
    ),
    JSON.stringify(problems),
  );
  const page = await problemsAfter(t, (dir) =>
    editJson(dir, file, (v) => ({ ...v, canonical: '/unternehmen/events/analytics-hub' })),
  );
  t.notOk(
    page.some((p) => p.file === file && /editions/.test(p.problem)),
    'an event page as canonical is another matter',
  );
});

// ---- job ads ----

type Positions = {
  activePositions: { generic: Record<string, unknown>; offers: { items: { title: string; text: string }[] } }[];
};
const editPositions = (dir: string, language: string, edit: (positions: Positions) => void) =>
  editJson(dir, `${language}/careers/positions.json`, (value) => {
    const positions = value as unknown as Positions;
    edit(positions);
    return positions;
  });
const terms = (positions: Positions, index: number) =>
  positions.activePositions[index]!.generic.terms as Record<string, unknown>;

t.test('a job without terms, or with terms the two languages tell differently, is reported', async (t) => {
  const problems = await problemsAfter(t, async (dir) => {
    await editPositions(dir, 'de', (positions) => {
      delete positions.activePositions[0]!.generic.terms;
    });
    await editPositions(dir, 'en', (positions) => {
      terms(positions, 2).travel_percent = 40;
    });
  });
  t.ok(
    reported(
      problems,
      'de/careers/positions.json',
      /^\/activePositions\/0\/generic \(senior-data-engineer\) states no terms/,
    ),
    JSON.stringify(problems),
  );
  t.ok(
    reported(
      problems,
      'en/careers/positions.json',
      /^\/activePositions\/2\/generic\/terms \(programmatic-advertising-manager\) differ from the German ad's in de\/careers\/positions\.json$/,
    ),
    JSON.stringify(problems),
  );
});

t.test('terms that contradict the ad are reported: hours, contract, deadline, start and holiday', async (t) => {
  const file = 'en/careers/positions.json';
  const problems = await problemsAfter(t, async (dir) => {
    for (const language of ['de', 'en']) {
      await editPositions(dir, language, (positions) => {
        terms(positions, 0).weekly_hours = 20;
        terms(positions, 1).applications_until = '2027-02-14';
        terms(positions, 2).contract = 'fixed_term';
        terms(positions, 4).start = '2027-03-01';
        terms(positions, 5).weekly_hours = 25;
        terms(positions, 3).holiday_days = 28;
      });
    }
  });
  const job = (index: number, folder: string, problem: string) =>
    new RegExp(`^/activePositions/${index}/generic \\(${folder}\\) ${problem}`);
  t.ok(
    reported(problems, file, job(0, 'senior-data-engineer', 'is FULL_TIME with 20 hours a week')),
    JSON.stringify(problems),
  );
  t.ok(
    reported(
      problems,
      file,
      job(1, 'consultant-web-analytics', 'takes applications until 2027-02-14 but its valid_through is 2027-02-28'),
    ),
  );
  t.ok(
    reported(
      problems,
      file,
      job(2, 'programmatic-advertising-manager', 'has a fixed-term contract without contract_months'),
    ),
  );
  t.ok(
    reported(
      problems,
      file,
      job(4, 'marketing-automation-consultant', 'starts on 2027-03-01, before its application deadline 2027-03-31'),
    ),
  );
  t.ok(
    reported(
      problems,
      file,
      job(5, 'working-student-data-analytics', 'names 20 hours in its schedule but 25 in its terms'),
    ),
  );
  t.ok(
    reported(
      problems,
      file,
      job(3, 'cloud-engineer-google-cloud', 'offers 30 days of holiday but states 28 in its terms'),
    ),
  );
  t.ok(
    reported(
      problems,
      'de/careers/positions.json',
      job(3, 'cloud-engineer-google-cloud', 'offers 30 days of holiday but states 28 in its terms'),
    ),
    'the German offer too',
  );
});

t.test('every job page states its terms and the inclusion statement, in both languages', async (t) => {
  const app = await build(t);
  const en = await app.inject({ url: '/company/career/senior-data-engineer' });
  t.equal(en.statusCode, 200);
  for (const text of [
    'At a glance',
    'Start date',
    'As soon as possible',
    `40${NBSP}hours a week`,
    'Permanent, with a 6-month probation period',
    'Up to 10% of working time',
    '31 January 2027',
    'We welcome applications from everyone',
  ]) {
    t.ok(en.body.includes(text), `en: ${text}`);
  }
  t.notMatch(en.body, '"jobStartDate"', 'no start date in the data of a job that starts as soon as possible');
  const student = await app.inject({ url: '/company/career/working-student-data-analytics' });
  for (const text of [
    '1 April 2027',
    `Fixed term for 12${NBSP}months, with a 3-month probation period`,
    'No travel',
    'pro rata',
    '15 March 2027',
  ])
    t.ok(student.body.includes(text), `en student: ${text}`);
  t.match(student.body, '"jobStartDate":"2027-04-01"', 'a dated start is in the JobPosting data');
  const de = await app.inject({ url: '/unternehmen/karriere/cloud-engineer-google-cloud' });
  t.equal(de.statusCode, 200);
  for (const text of [
    'Auf einen Blick',
    'Ab sofort',
    `40${NBSP}Stunden pro Woche`,
    `Unbefristet, 6${NBSP}Monate Probezeit`,
    `Bis zu 10${NBSP}% der Arbeitszeit`,
    'Keine Frist – bis die Stelle besetzt ist',
    'Wir freuen uns über Bewerbungen unabhängig von',
  ]) {
    t.ok(de.body.includes(text), `de: ${text}`);
  }
});

// ---- pages that follow settings or set their own texts ----

t.test(
  'the confirmation links’ lifetime in mails and on the confirmation page follows CONFIRMATION_TTL_HOURS',
  async (t) => {
    const app = await build(t, { CONFIRMATION_TTL_HOURS: '48' });
    const page = await app.inject({ url: '/content/de/homepage/newsletter/confirm/confirmation.json' });
    t.match(page.body, 'Bestätigungslinks sind zwei Tage gültig');
    const defaults = await build(t);
    const en = await defaults.inject({ url: '/content/en/homepage/newsletter/confirm/confirmation.json' });
    t.match(en.body, 'Confirmation links are valid for seven days');
    t.notMatch(page.body + en.body, '{{');
  },
);

t.test(
  'the OMR meeting request asks for topic, day and time; the general contact form keeps its own placeholder',
  async (t) => {
    const app = await build(t);
    const omr = await app.inject({ url: '/company/events/omr/meeting-request' });
    t.equal(omr.statusCode, 200);
    t.match(omr.body, 'placeholder="Topic, preferred day and time"');
    const de = await app.inject({ url: '/unternehmen/events/omr/terminanfrage' });
    t.match(de.body, 'placeholder="Thema, Wunschtag und Uhrzeit"');
    const contact = await app.inject({ url: '/company/contact' });
    t.match(contact.body, 'placeholder="What are you working on, and how can we help?"');
    t.notMatch(contact.body, 'Topic, preferred day and time');
  },
);

// ---- typography and glossary ----

t.test('typography: what content:check reports and content:typography fixes', async (t) => {
  t.equal(
    fixTypography(
      'Nur 9 % der Besuche, 2.000 € Budget, bis 10 MB, § 5 DDG, Art. 6 Abs. 1 lit. f DSGVO, 15 Minuten',
      'de',
    ),
    `Nur 9${NBSP}% der Besuche, 2.000${NBSP}€ Budget, bis 10${NBSP}MB, §${NBSP}5 DDG, Art.${NBSP}6 Abs.${NBSP}1 lit.${NBSP}f DSGVO, 15${NBSP}Minuten`,
  );
  t.equal(fixTypography('–19 %', 'de'), `\u221219${NBSP}%`, 'a negative value takes the minus sign');
  t.equal(
    fixTypography('Wird hochgeladen … {percent} %', 'de'),
    `Wird hochgeladen … {percent}${NBSP}%`,
    'a placeholder that becomes a number',
  );
  t.equal(
    fixTypography("our clients' teams don't see DV360's bids, such as 'first purchase in the last 30 days' …", 'en'),
    `our clients’ teams don’t see DV360’s bids, such as “first purchase in the last 30${NBSP}days”…`,
  );
  t.equal(
    fixTypography('Tag für Tag, 3 Tagesordnungspunkte, z. B. 2 Teams', 'de'),
    'Tag für Tag, 3 Tagesordnungspunkte, z. B. 2 Teams',
    'a longer word is no unit',
  );
  t.same(typographyProblems('Bis zu 20 % Rabatt', 'de', 'items[0].text'), [
    `items[0].text needs a non-breaking space between a number and its unit: "…Bis zu 20 % Rabatt…"`,
  ]);
  t.same(typographyProblems(`Bis zu 20${NBSP}% Rabatt`, 'de', 'text'), []);

  const file = 'en/homepage/company/contact/closer_look.json';
  const dir = await copyContent(t, (d) => replaceIn(d, file, 'minutes’ walk', "minutes' walk"));
  const problems = await checkContent(dir, STATIC_DIR);
  t.ok(
    reported(problems, file, /^items\[0\]\.text\[2\] needs a curly apostrophe \(’\) after a plural s/),
    JSON.stringify(problems),
  );
  const run = spawnSync(process.execPath, ['--import=tsx', 'scripts/content-typography.ts', dir], { encoding: 'utf8' });
  t.equal(run.status, 0, run.stderr);
  t.match(run.stdout, 'en/homepage/company/contact/closer_look.json');
  t.same(await checkContent(dir, STATIC_DIR), [], 'fixed');
});

t.test('the glossary leaves a {percent} placeholder alone and enforces the terms this review settled', async (t) => {
  const glossary = compileGlossary(JSON.parse(await readFile('content/glossary.json', 'utf8')) as GlossaryContent);
  const en = glossary.terms.get('en') ?? [];
  const de = glossary.terms.get('de') ?? [];
  t.same(glossaryProblems(en, 'Uploading… {percent}%', 'progress', '/files/progress'), [], 'the placeholder is code');
  t.same(glossaryProblems(en, 'up by 9 percent', 'text', '/text'), ['text uses "percent" – write "per cent"']);
  t.same(glossaryProblems(en, 'Director Ad Technology', 'role', '/role').length, 1);
  t.same(glossaryProblems(en, "You don't have the permissions.", 'text', '/text').length, 1);
  t.same(
    glossaryProblems(en, 'four regions without CTV served as the control group', 'text', '/text'),
    [],
    'a geo experiment keeps its control group',
  );
  t.same(glossaryProblems(de, 'Jede Automation erhält eine Kontrollgruppe.', 'text', '/text').length, 1);
  t.same(
    glossaryProblems(de, 'Marketing-Automation und Marketing Automation Consultant (m/w/d)', 'text', '/text'),
    [],
    'the service and the job title stay',
  );
  t.same(glossaryProblems(de, 'innerhalb von zwei Werktagen', 'text', '/text').length, 1);
  t.same(glossaryProblems(de, 'Zentrale Frequenzobergrenze', 'title', '/title'), [], 'zentral as an adjective stays');
});

t.test(
  'the application form on a job page offers that job’s offices, remote work only where the job allows it, and fitting employment types',
  async (t) => {
    const app = await build(t);
    const options = (body: string, name: string) =>
      [...body.matchAll(new RegExp(`name="${name}" value="([a-z-]+)"`, 'g'))].map((match) => match[1]);
    const manager = (await app.inject({ url: '/company/career/programmatic-advertising-manager' })).body;
    t.same(options(manager, 'locations'), ['hamburg', 'muenchen'], 'Hamburg and Munich, not remote');
    t.same(options(manager, 'type'), ['full-time', 'part-time']);
    const engineer = (await app.inject({ url: '/unternehmen/karriere/senior-data-engineer' })).body;
    t.same(
      options(engineer, 'locations'),
      ['hamburg', 'muenchen', 'berlin', 'remote'],
      'a hybrid job open across Germany',
    );
    const student = (await app.inject({ url: '/company/career/working-student-data-analytics' })).body;
    t.same(options(student, 'locations'), ['hamburg', 'berlin']);
    t.same(
      options(student, 'type'),
      ['part-time', 'working-student'],
      'no full-time or internship on a working student job',
    );
  },
);
