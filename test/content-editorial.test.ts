/**
 * The editorial checks of content:check: the glossary (content/glossary.json) reports a
 * variant it says not to use, in the language it belongs to and with its file and field;
 * the facts the pages state agree – one person per role at each client, no speaker at two
 * editions on the same day, event insights dated like their edition.
 */
import { copyFile, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import t from 'tap';
import { type ContentProblem, checkContent } from '../scripts/content-check/check-content.ts';
import type { FactFile } from '../scripts/content-check/fact-file.ts';
import { factProblems, normalizedRole } from '../scripts/content-check/facts.ts';
import { compileGlossary, fieldPath, glossaryProblems, variantPattern } from '../scripts/content-check/glossary.ts';
import type { GlossaryContent } from '../src/app/content/schemas/glossary.ts';
import { copyContent, editJson } from './helpers/build.ts';

const STATIC_DIR = path.resolve('static');
const FIXTURE = path.resolve('test/fixtures/content-check/services-intro.de.json');

const reported = (problems: readonly ContentProblem[], file: string, problem: string | RegExp) =>
  problems.some(
    (p) => p.file === file && (typeof problem === 'string' ? p.problem === problem : problem.test(p.problem)),
  );

async function problemsAfter(
  t: Parameters<typeof copyContent>[0],
  change: (dir: string) => Promise<void>,
): Promise<ContentProblem[]> {
  return checkContent(await copyContent(t, change), STATIC_DIR);
}

t.test('the shipped content uses no variant its glossary avoids and states no contradicting facts', async (t) => {
  const problems = await checkContent(path.resolve('content'), STATIC_DIR);
  t.same(problems, []);
});

t.test('a banned glossary variant in a fixture file is reported with its file and field', async (t) => {
  const problems = await problemsAfter(t, (dir) =>
    copyFile(FIXTURE, path.join(dir, 'de/homepage/services/intro.json')),
  );
  t.ok(
    reported(problems, 'de/homepage/services/intro.json', 'text[1] uses "Impressionen" – write "Impressions"'),
    JSON.stringify(problems),
  );
  t.equal(problems.length, 1, 'and nothing else');
});

t.test('npm run content:check names the banned variant like every other content problem', async (t) => {
  const { spawnSync } = await import('node:child_process');
  const dir = await copyContent(t, (d) => copyFile(FIXTURE, path.join(d, 'de/homepage/services/intro.json')));
  const run = spawnSync(process.execPath, ['--import=tsx', 'scripts/content-check.ts', dir, STATIC_DIR], {
    encoding: 'utf8',
  });
  t.equal(run.status, 1);
  t.match(run.stderr, 'content/de/homepage/services/intro.json: text[1] uses "Impressionen" – write "Impressions"');
});

t.test('a variant is banned only in its own language', async (t) => {
  const problems = await problemsAfter(t, async (dir) => {
    // "Ad Technology" is the English name of the service; in German it is Ad-Technologie.
    await editJson(dir, 'en/homepage/services/intro.json', (v) => ({ ...v, headline: 'Ad Technology from day one' }));
    await editJson(dir, 'de/homepage/services/intro.json', (v) => ({
      ...v,
      headline: 'Ad Technology vom ersten Tag an',
    }));
  });
  t.ok(reported(problems, 'de/homepage/services/intro.json', 'headline uses "Ad Technology" – write "Ad-Technologie"'));
  t.notOk(
    problems.some((p) => p.file.startsWith('en/')),
    JSON.stringify(problems),
  );
});

t.test('variants match whole words and case-sensitively', async (t) => {
  const problems = await problemsAfter(t, async (dir) => {
    await editJson(dir, 'en/homepage/services/intro.json', (v) => ({
      ...v,
      headline: 'Percentages, not percent signs',
      eyebrow: 'Reply by e-mail',
    }));
  });
  t.notOk(
    reported(problems, 'en/homepage/services/intro.json', /Percentages/),
    'a longer word and another case are not the variant',
  );
  t.ok(reported(problems, 'en/homepage/services/intro.json', 'headline uses "percent" – write "per cent"'));
  t.ok(reported(problems, 'en/homepage/services/intro.json', 'eyebrow uses "e-mail" – write "email"'));
});

t.test('an entry with fields applies only to texts under those keys', async (t) => {
  const file = 'de/homepage/services/steps.json';
  const problems = await problemsAfter(t, (dir) =>
    editJson(dir, file, (v) => {
      const items = (v.items as Record<string, unknown>[]).map((item, index) =>
        index === 4 ? { ...item, duration: 'fortlaufend', text: 'Wir prüfen die Daten fortlaufend.' } : item,
      );
      return { ...v, items };
    }),
  );
  t.ok(reported(problems, file, 'items[4].duration uses "fortlaufend" – write "Laufend"'));
  t.notOk(reported(problems, file, /items\[4\]\.text/), 'the same word in a sentence is right');
});

t.test('regular-expression variants: gendering with a colon, English per cent sign set close up', async (t) => {
  const problems = await problemsAfter(t, async (dir) => {
    await editJson(dir, 'de/insights_labels.json', (v) => ({ ...v, authors: 'Autor:innen' }));
    await editJson(dir, 'en/homepage/services/analytics/boxes.json', (v) => ({
      ...v,
      items: (v.items as Record<string, unknown>[]).map((item, i) => (i === 2 ? { ...item, value: '9 %' } : item)),
    }));
  });
  t.ok(
    reported(problems, 'de/insights_labels.json', /^authors uses "Autor:innen" – write "neutrale Form oder Paarform/),
  );
  t.ok(
    reported(
      problems,
      'en/homepage/services/analytics/boxes.json',
      'items[2].value uses "9 %" – write "9% (no space before the per cent sign)"',
    ),
  );
});

t.test('addresses are not prose: a link or image path is not read by the glossary', async (t) => {
  const problems = await problemsAfter(t, (dir) =>
    editJson(dir, 'en/homepage/contact.json', (v) => ({
      ...v,
      button: { text: 'Legal notice', link_url: '/imprint' },
    })),
  );
  t.same(problems, []);
});

t.test('a broken glossary is reported, not silently skipped', async (t) => {
  const missing = await problemsAfter(t, (dir) => writeFile(path.join(dir, 'glossary.json'), '{"about": "x"'));
  t.ok(reported(missing, 'glossary.json', /not valid JSON/));
  const schema = await problemsAfter(t, (dir) =>
    editJson(dir, 'glossary.json', (v) => ({
      ...v,
      de: { ...(v.de as object), terms: [{ avoid: ['Impressionen'] }] },
    })),
  );
  t.ok(
    reported(schema, 'glossary.json', /\/de\/terms\/0 must have required property 'preferred'/),
    JSON.stringify(schema),
  );
  const regex = await problemsAfter(t, (dir) =>
    editJson(dir, 'glossary.json', (v) => ({
      ...v,
      en: { ...(v.en as object), terms: [{ preferred: 'x', avoid: ['/(unclosed/'] }] },
    })),
  );
  t.ok(reported(regex, 'glossary.json', /\/en\/terms\/0\/avoid: \/\(unclosed\/ is no regular expression/));
});

t.test('glossary units: field paths, whole-word variants, regular expressions', async (t) => {
  t.equal(fieldPath('/paragraphs/4/text'), 'paragraphs[4].text');
  t.equal(fieldPath('/text/1'), 'text[1]');
  t.equal(fieldPath('/headline'), 'headline');
  t.ok(variantPattern('Line Item').test('jedes Line Item'));
  t.notOk(variantPattern('Line Item').test('Line Items'.replace('Items', 'Itemsx')), 'no match inside a longer word');
  t.ok(variantPattern('Line-Items').test('alle CTV-Line-Items'), 'a hyphen is a word boundary');
  t.notOk(variantPattern('CPM').test('vCPM-Gebot'));
  t.ok(variantPattern('/\\d %/').test('9 %'));
  const glossary = JSON.parse(await readFile('content/glossary.json', 'utf8')) as GlossaryContent;
  const { terms, problems } = compileGlossary(glossary);
  t.same(problems, []);
  const de = terms.get('de') ?? [];
  t.same(
    glossaryProblems(de, 'Die Messung bricht nicht zusammen, die Zielgruppen brechen weg.', 'text', '/text'),
    [],
    'wegbrechen and zusammenbrechen stay right',
  );
  t.same(glossaryProblems(de, 'Prüfen Sie, ob etwas bricht.', 'text', '/text'), [
    'text uses "bricht" – write "fällt unbemerkt aus; funktioniert nicht mehr"',
  ]);
  t.same(glossaryProblems(de, 'Sie haben eingewilligt.', 'text', '/text'), [], 'a person consents');
  t.same(
    glossaryProblems(de, 'Die Zahl der Anmeldungen wuchs Tag für Tag.', 'text', '/text'),
    [],
    'day by day stays right',
  );
  t.same(
    glossaryProblems(de, 'Prüfung von Einwilligungszwecken und Anbietern Tag für Tag', 'list', '/list/1'),
    [
      'list[1] uses "Prüfung von Einwilligungszwecken und Anbietern Tag für Tag" – write "Tracking-Tag; für jedes einzelne Tag"',
    ],
    'tag by tag after a review is the calque',
  );
  t.same(glossaryProblems(de, 'LinkedIn, XING und Instagram', 'text', '/text'), [], 'a brand name is no Binnen-I');
  t.same(
    glossaryProblems(de, 'Marketing Automation Consultant (m/w/d)', 'title', '/title'),
    [],
    'the English job title stays',
  );
});

// ---- facts ----

t.test('two people with the same role at one client are reported, whatever the gendered form', async (t) => {
  const problems = await problemsAfter(t, (dir) =>
    editJson(dir, 'de/homepage/technologie/looker-studio/quote.json', (v) => ({ ...v, role: 'Leiter Marketing' })),
  );
  t.ok(
    reported(
      problems,
      'de/homepage/technologie/looker-studio/quote.json',
      /names Sven Martens as Leiter Marketing at Hafenkontor Logistik, the role Merle Brandhorst holds in de\/homepage\/quote\.json/,
    ),
    JSON.stringify(problems),
  );
});

t.test(
  'one person with two roles at a client, and two people of the same first name at a client, are reported',
  async (t) => {
    const problems = await problemsAfter(t, async (dir) => {
      await editJson(dir, 'en/homepage/technology/quote.json', (v) => ({ ...v, role: 'Chief Marketing Officer' }));
      await editJson(dir, 'en/homepage/technology/meridian/quote.json', (v) => ({ ...v, author: 'Lea Nordmann' }));
    });
    t.ok(
      reported(
        problems,
        'en/homepage/technology/quote.json',
        /names Friederike Lohse of Alpenblick Versicherung as Chief Marketing Officer, but .* as Head of Marketing Technology/,
      ),
      JSON.stringify(problems),
    );
    t.ok(
      reported(problems, 'en/homepage/technology/meridian/quote.json', /a second Lea at Nordlicht Möbel/),
      JSON.stringify(problems),
    );
  },
);

t.test('two editions on the same day with a shared speaker are reported', async (t) => {
  const file = 'de/homepage/unternehmen/events/cloud/information.json';
  const problems = await problemsAfter(t, (dir) =>
    editJson(dir, file, (v) => {
      const editions = (v.editions as Record<string, unknown>[]).map((edition, index) =>
        index === 0 ? { ...edition, start: '2026-06-18T09:00:00+02:00', end: '2026-06-18T19:00:00+02:00' } : edition,
      );
      return { ...v, editions };
    }),
  );
  t.ok(
    reported(
      problems,
      file,
      /^\/editions\/0 \(cloud\/muenchen\/2026\/06\) on 2026-06-18 shares .*Katharina Albers.* with analytics-hub\/hamburg\/2026\/06 on the same day$/,
    ),
    JSON.stringify(problems),
  );
  t.ok(
    reported(
      problems,
      'de/homepage/insights/cloud-day-munich-2026/general_information.json',
      /\/event_date 2026-06-25 is not the day of cloud\/muenchen\/2026\/06 \(2026-06-18\)/,
    ),
    'the insight now names another day',
  );
});

t.test('facts over the shipped content, language by language', async (t) => {
  const { readdir } = await import('node:fs/promises');
  const files: FactFile[] = [];
  for (const language of ['de', 'en']) {
    for (const entry of await readdir(path.resolve('content', language), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !entry.name.endsWith('.json')) continue;
      const full = path.join(entry.parentPath, entry.name);
      files.push({
        path: path.relative(path.resolve('content'), full).split(path.sep).join('/'),
        language,
        value: JSON.parse(await readFile(full, 'utf8')),
      });
    }
  }
  t.same(
    factProblems(files),
    [],
    'no two quotes give one role at one client to two people; no speaker on two editions the same day',
  );
  t.equal(normalizedRole('Leiterin Marketing'), normalizedRole('Leiter Marketing'));
  t.not(normalizedRole('Leiterin Marketingtechnologie'), normalizedRole('Leiter Digitales Marketing'));
});

t.test(
  "an insight's type is what it carries: a PDF for a whitepaper or fact sheet, and no video without a player",
  async (t) => {
    const guide = 'homepage/insights/ga4-bigquery-export-guide';
    const whitepaper = 'homepage/insights/consent-rates-benchmark-2026';
    const problems = await problemsAfter(t, async (dir) => {
      await editJson(dir, `en/${guide}/general_information.json`, (v) => ({ ...v, type: 'video', duration: '12 min' }));
      await rm(path.join(dir, `de/${whitepaper}/download.json`));
      await rm(path.join(dir, `en/${whitepaper}/download.json`));
    });
    t.ok(
      reported(problems, `en/${guide}/general_information.json`, /^\/type video promises a player with poster/),
      'an insight labelled video is refused',
    );
    t.ok(
      reported(problems, `de/${whitepaper}/general_information.json`, /^\/type (whitepaper|fact-sheet) promises a PDF/),
      'a whitepaper without its PDF is refused',
    );
    t.notOk(reported(problems, `de/${guide}/general_information.json`, /promises/), 'the other language is as it was');
  },
);
