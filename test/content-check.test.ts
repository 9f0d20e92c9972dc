/** content:check finds each kind of content problem, and the shipped content has none. */
import { copyFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import t from 'tap';
import { checkContent } from '../scripts/content-check/check-content.ts';
import { copyContent, editJson } from './helpers/build.ts';

const STATIC_DIR = path.resolve('static');

// Each case checks a whole copy of the content: nearly forty of them outgrow tap's two minutes on a busy two-core machine.
t.setTimeout(300_000);

t.test('the shipped content is consistent', async (t) => {
  t.same(await checkContent(path.resolve('content'), STATIC_DIR), []);
});

interface Breakage {
  name: string;
  change: (dir: string) => Promise<void>;
  file: string;
  problem: RegExp;
}

const breakages: Breakage[] = [
  {
    name: 'a portrait trait outside the drawn variants',
    change: (dir) =>
      editJson(dir, 'people.json', (v) => ({
        ...v,
        people: (v.people as { portrait: object }[]).map((person, index) =>
          index === 0 ? { ...person, portrait: { ...person.portrait, hair: 64 } } : person,
        ),
      })),
    file: 'people.json',
    problem: /^\/people\/0\/portrait\/hair must be <= 63$/,
  },
  {
    name: 'a block that does not match its schema',
    change: (dir) =>
      editJson(dir, 'en/homepage/services.json', (v) => ({ ...v, items: [{ title: 'Analytics', text: 'x' }] })),
    file: 'en/homepage/services.json',
    problem: /\/items\/0 must have required property 'link_url'/,
  },
  {
    name: 'an unknown property',
    change: (dir) => editJson(dir, 'de/homepage/stage.json', (v) => ({ ...v, subline: 'Neu' })),
    file: 'de/homepage/stage.json',
    problem: /must NOT have additional properties \(subline\)/,
  },
  {
    name: 'a file in one language only',
    change: (dir) => rm(path.join(dir, 'de/homepage/intro.json')),
    file: 'en/homepage/intro.json',
    problem: /no German counterpart de\/homepage\/intro\.json/,
  },
  {
    name: 'a German file without an English one',
    change: (dir) => writeFile(path.join(dir, 'de/homepage/technologie/meridian/quote.json.bak.json'), '{}'),
    file: 'de/homepage/technologie/meridian/quote.json.bak.json',
    problem: /no English counterpart/,
  },
  {
    name: 'an internal link to no route',
    change: (dir) =>
      editJson(dir, 'en/homepage/contact.json', (v) => ({ ...v, button: { text: 'Contact', link_url: '/contactus' } })),
    file: 'en/homepage/contact.json',
    problem: /\/button\/link_url links to \/contactus, which is no route/,
  },
  {
    name: 'an internal link to a page without content',
    change: (dir) =>
      editJson(dir, 'en/homepage/contact.json', (v) => ({
        ...v,
        button: { text: 'Contact', link_url: '/services/accounting' },
      })),
    file: 'en/homepage/contact.json',
    problem: /whose content folder en\/homepage\/services\/accounting does not exist/,
  },
  {
    name: 'a link to the other language',
    change: (dir) =>
      editJson(dir, 'en/homepage/contact.json', (v) => ({
        ...v,
        button: { text: 'Contact', link_url: '/unternehmen/kontakt' },
      })),
    file: 'en/homepage/contact.json',
    problem: /a page in the other language/,
  },
  {
    name: 'a missing image',
    change: (dir) =>
      editJson(dir, 'en/homepage/technology/meridian/stage_blue.json', (v) => ({
        ...v,
        image: { src: '/images/illustrations/nowhere.svg', alt: 'Nothing', width: 640, height: 480 },
      })),
    file: 'en/homepage/technology/meridian/stage_blue.json',
    problem: /refers to \/images\/illustrations\/nowhere\.svg, which does not exist/,
  },
  {
    name: 'a missing download',
    change: (dir) =>
      editJson(dir, 'de/homepage/technologie/meridian/download.json', (v) => ({ ...v, file: 'de/verloren.pdf' })),
    file: 'de/homepage/technologie/meridian/download.json',
    problem: /refers to downloads\/de\/verloren\.pdf, which does not exist/,
  },
  {
    name: 'a download whose page count is not the one promised',
    change: (dir) =>
      editJson(dir, 'en/homepage/technology/meridian/download.json', (v) => ({ ...v, format: 'PDF, 12 pages' })),
    file: 'en/homepage/technology/meridian/download.json',
    problem: /which has \d+ pages, not 12/,
  },
  {
    name: 'an empty text field',
    change: (dir) =>
      editJson(dir, 'en/navigation.json', (v) => ({
        ...v,
        top_level: [{ link_text: ' ', link_url: '/services', type: 'Text', hidden_lg: 'FALSE' }],
      })),
    file: 'en/navigation.json',
    problem: /\/top_level\/0\/link_text is empty/,
  },
  {
    name: 'a block file nobody knows',
    change: async (dir) => {
      await writeFile(path.join(dir, 'en/homepage/banner.json'), '{"headline":"Hi"}');
      await writeFile(path.join(dir, 'de/homepage/banner.json'), '{"headline":"Hallo"}');
    },
    file: 'en/homepage/banner.json',
    problem: /no schema for the block "banner"/,
  },
  {
    name: 'a variant the glossary says not to use (fixture file)',
    change: (dir) =>
      copyFile(
        path.resolve('test/fixtures/content-check/services-intro.de.json'),
        path.join(dir, 'de/homepage/services/intro.json'),
      ),
    file: 'de/homepage/services/intro.json',
    problem: /^text\[1\] uses "Impressionen" – write "Impressions"$/,
  },
  {
    name: 'a placeholder the code does not fill in (fixture file: the "{per cent}" an editorial pass made of {percent})',
    change: (dir) =>
      copyFile(
        path.resolve('test/fixtures/content-check/application-form-per-cent.en.json'),
        path.join(dir, 'en/application_form.json'),
      ),
    file: 'en/application_form.json',
    problem: /^\/files\/progress names \{per cent\}, which the code fills in \{percent\} here$/,
  },
  {
    name: 'a placeholder the code fills in, missing from its text (fixture file)',
    change: (dir) =>
      copyFile(
        path.resolve('test/fixtures/content-check/career-labels-without-max.de.json'),
        path.join(dir, 'de/career_labels.json'),
      ),
    file: 'de/career_labels.json',
    problem: /^\/salary lacks \{max\}, which the code fills in$/,
  },
  {
    name: 'a placeholder in a text the code fills nothing into',
    change: (dir) => editJson(dir, 'de/homepage/stage.json', (v) => ({ ...v, headline: 'Hallo {name}' })),
    file: 'de/homepage/stage.json',
    problem: /^\/headline names \{name\}, which the code fills in no \{name\} here$/,
  },
  {
    name: 'a placeholder filled in elsewhere in the same file, not in this text',
    change: (dir) => editJson(dir, 'en/ui.json', (v) => ({ ...v, footer_label: 'Footer {year}' })),
    file: 'en/ui.json',
    problem: /^\/footer_label names \{year\}, which the code fills in no \{name\} here$/,
  },
  {
    name: 'a placeholder of a block file in a page folder, missing',
    change: (dir) =>
      editJson(dir, 'de/homepage/technologie/google-marketing-platform-partner/quoteSlider.json', (v) => ({
        ...v,
        labels: { ...(v.labels as object), slide: 'Stimme {current}' },
      })),
    file: 'de/homepage/technologie/google-marketing-platform-partner/quoteSlider.json',
    problem: /^\/labels\/slide lacks \{total\}, which the code fills in$/,
  },
  {
    name: 'a setting the server does not know, and one misspelt',
    change: (dir) =>
      editJson(dir, 'en/homepage/privacy-policy/legal.json', (v) => ({
        ...v,
        notice: 'Kept for {{retention_forever}}, or {{retention application}}.',
      })),
    file: 'en/homepage/privacy-policy/legal.json',
    problem: /^\/notice names \{\{retention application\}\}, which the server does not fill in/,
  },
  {
    name: 'a form that writes its retention period out instead of the setting (fixture file: the text that said "after the process ends")',
    change: (dir) =>
      copyFile(
        path.resolve('test/fixtures/content-check/application-form-six-months.de.json'),
        path.join(dir, 'de/application_form.json'),
      ),
    file: 'de/application_form.json',
    problem: /^\/privacy\/text states the period "sechs Monate" in words; write \{\{retention_application\}\}/,
  },
  {
    name: 'a form without a retention statement (fixture file)',
    change: (dir) =>
      copyFile(
        path.resolve('test/fixtures/content-check/application-form-six-months.de.json'),
        path.join(dir, 'de/application_form.json'),
      ),
    file: 'de/application_form.json',
    problem: /^states no retention period; say once how long the data is kept, with \{\{retention_application\}\}$/,
  },
  {
    name: "a form that states another form's retention period",
    change: (dir) =>
      editJson(
        dir,
        'en/event_form.json',
        (v) =>
          JSON.parse(
            JSON.stringify(v).replace('{{retention_event}} after the event', '{{retention_contact}} after the event'),
          ) as unknown,
      ),
    file: 'en/event_form.json',
    problem:
      /^\/fields\/terms\/label names \{\{retention_contact\}\}, but this form's data is kept for \{\{retention_event\}\}$/,
  },
  {
    name: 'a form that states its retention period twice',
    change: (dir) =>
      editJson(dir, 'de/homepage/technologie/google-marketing-platform-partner/kontakt/form.json', (v) => ({
        ...v,
        text: 'Wir löschen Ihre Anfrage {{retention_contact}} nach Eingang.',
      })),
    file: 'de/homepage/technologie/google-marketing-platform-partner/kontakt/form.json',
    problem: /^states the retention period 2 times \(\/text, \/fields\/legals\/label\); once is one story$/,
  },
  {
    name: 'two people with the same role at one client',
    change: (dir) =>
      editJson(dir, 'en/homepage/technology/looker-studio/quote.json', (v) => ({ ...v, role: 'Head of Marketing' })),
    file: 'en/homepage/technology/looker-studio/quote.json',
    problem: /names Sven Martens as Head of Marketing at Hafenkontor Logistik, the role Merle Brandhorst holds/,
  },
  {
    name: 'a German period setting after „nach“, which it cannot follow („nach einen Tag“)',
    change: (dir) =>
      editJson(dir, 'de/homepage/datenschutz/legal.json', (v) => {
        const sections = v.sections as { list?: ({ text: string } | string)[] }[];
        const list = sections.find((section) => JSON.stringify(section).includes('__session'))!.list!;
        const index = list.findIndex((item) => typeof item !== 'string' && item.text.includes('__session'));
        list[index] = {
          ...(list[index] as object),
          text: 'Cookie „__session“: Ihre Sitzung auf unserem Server. Läuft nach {{session_lifetime}} ab oder wenn Sie sich abmelden.',
        } as { text: string };
        return v;
      }),
    file: 'de/homepage/datenschutz/legal.json',
    problem:
      /^\/sections\/\d+\/list\/\d+\/text puts \{\{session_lifetime\}\} after „nach“, but it is filled with an accusative/,
  },
  {
    name: 'the shortest engagement stated shorter than the steps below it add up to',
    change: (dir) =>
      editJson(dir, 'de/homepage/services/steps.json', (v) => ({
        ...v,
        text: 'Ob sechswöchige Implementierung oder mehrjährige Partnerschaft: Jede Zusammenarbeit folgt denselben fünf Schritten.',
      })),
    file: 'de/homepage/services/steps.json',
    problem: /^\/text states 6 weeks, but the steps add up to 8–22/,
  },
  {
    name: 'a steps headline whose length the steps do not add up to',
    change: (dir) =>
      editJson(dir, 'en/homepage/services/analytics/server-side-tracking/steps.json', (v) => ({
        ...v,
        headline: 'From browser tags to server container in about seven weeks',
      })),
    file: 'en/homepage/services/analytics/server-side-tracking/steps.json',
    problem: /^\/headline states 7 weeks, but the steps add up to 9–10/,
  },
  {
    name: 'an insight giving the service’s projects another length than its steps',
    change: (dir) =>
      editJson(dir, 'de/homepage/insights/server-side-tracking-in-practice/content.json', (v) => {
        const paragraphs = v.paragraphs as { text: string }[];
        const index = paragraphs.findIndex((p) => p.text.startsWith('Ein typisches Projekt'));
        paragraphs[index] = {
          ...paragraphs[index]!,
          text: paragraphs[index]!.text.replace('neun bis zehn Wochen', 'sechs bis acht Wochen'),
        };
        return v;
      }),
    file: 'de/homepage/insights/server-side-tracking-in-practice/content.json',
    problem:
      /gives a project 6–8 weeks, but the steps of de\/homepage\/services\/analytics\/server-side-tracking\/steps\.json add up to 9–10/,
  },
  {
    name: 'an insight giving a step of the service another duration than its steps',
    change: (dir) =>
      editJson(dir, 'en/homepage/insights/server-side-tracking-in-practice/content.json', (v) => {
        const paragraphs = v.paragraphs as { text: string }[];
        const index = paragraphs.findIndex((p) => p.text.includes('parallel run of'));
        paragraphs[index] = {
          ...paragraphs[index]!,
          text: paragraphs[index]!.text.replace('two to three weeks', 'two to four weeks'),
        };
        return v;
      }),
    file: 'en/homepage/insights/server-side-tracking-in-practice/content.json',
    problem:
      /gives „Parallel run“ 2–4 weeks, but en\/homepage\/services\/analytics\/server-side-tracking\/steps\.json gives it 2–3/,
  },
  {
    name: 'a double opt-in page that says clicking the link completes the sign-up',
    change: (dir) =>
      editJson(dir, 'de/newsletter_double_opt_in.json', (v) => ({
        ...v,
        text: 'Wir haben Ihnen eine E-Mail zur Bestätigung gesendet. Sobald Sie auf den Link darin klicken, ist Ihr Newsletter-Abonnement aktiv.',
      })),
    file: 'de/newsletter_double_opt_in.json',
    problem: /^\/text says a click on the mailed link completes the sign-up/,
  },
  {
    name: 'an English double opt-in page that asks to click the link',
    change: (dir) =>
      editJson(dir, 'en/event_double_opt_in.json', (v) => ({
        ...v,
        text: 'We have sent you an email with a confirmation link. Please click the link to complete your registration.',
      })),
    file: 'en/event_double_opt_in.json',
    problem: /^\/text says a click on the mailed link completes the sign-up/,
  },
  {
    name: 'broken JSON',
    change: (dir) => writeFile(path.join(dir, 'de/homepage/quote.json'), '{"text": '),
    file: 'de/homepage/quote.json',
    problem: /not valid JSON/,
  },
];

for (const breakage of breakages) {
  t.test(breakage.name, async (t) => {
    const dir = await copyContent(t, breakage.change);
    const problems = await checkContent(dir, STATIC_DIR);
    t.ok(
      problems.some((p) => p.file === breakage.file && breakage.problem.test(p.problem)),
      `reported for ${breakage.file}: ${JSON.stringify(problems.slice(0, 3))}`,
    );
  });
}

// One copy for the people: each break names its own file or entry, and a copy is most of a case's time.
t.test('everyone named has an entry in people.json and a portrait; every entry is named', async (t) => {
  const dir = await copyContent(t, async (d) => {
    await editJson(d, 'en/homepage/quote.json', (v) => ({ ...v, author: 'Hanna Quist' }));
    await editJson(d, 'de/homepage/insights/cm360-floodlight-migration/author.json', (v) => ({
      ...v,
      authors: [{ name: 'Hanna Quist', role: 'Beraterin' }],
    }));
    await editJson(d, 'people.json', (v) => ({
      ...v,
      people: [
        ...(v.people as { name: string }[]).map((person) =>
          person.name === 'Ole Hansen' ? { ...person, name: 'Ole Hansen-Quist' } : person,
        ),
        { name: 'Jan Niemand', portrait: { hair: 2, body: 1, brows: 1, eyes: 1, lips: 1, nose: 1, background: 'sky' } },
      ],
    }));
  });
  const problems = await checkContent(dir, STATIC_DIR);
  const expected = [
    {
      what: 'a quoted person without an entry',
      file: 'en/homepage/quote.json',
      problem: /^\/author names Hanna Quist, who is not in people\.json \(so has no portrait\)$/,
    },
    {
      what: 'an author without an entry',
      file: 'de/homepage/insights/cm360-floodlight-migration/author.json',
      problem: /^\/authors\/0\/name names Hanna Quist, who is not in people\.json/,
    },
    {
      what: 'an entry no page names',
      file: 'people.json',
      problem: /^\/people\/\d+ lists Jan Niemand, whom no page names$/,
    },
    {
      what: 'an entry whose portrait was never drawn',
      file: 'people.json',
      problem: /has no portrait \/images\/people\/ole-hansen-quist\.svg \(npm run images draws it\)$/,
    },
    {
      what: 'a speaker whose entry was renamed',
      file: 'en/homepage/company/events/analytics-hub/speakers.json',
      problem: /names Ole Hansen, who is not in people\.json/,
    },
  ];
  for (const { what, file, problem } of expected)
    t.ok(
      problems.some((p) => p.file === file && problem.test(p.problem)),
      `${what}: ${JSON.stringify(problems.filter((p) => p.file === file))}`,
    );
});

// One copy of the content for the four files, each broken in its own way: a copy is most of a case's time.
t.test('the layout files and the language mapping are held to their schemas, naming file and field', async (t) => {
  const dir = await copyContent(t, async (d) => {
    await copyFile(
      path.resolve('test/fixtures/content-check/navigation-broken.en.json'),
      path.join(d, 'en/navigation.json'),
    );
    await editJson(d, 'de/footer.json', (v) => ({
      ...v,
      address: { ...(v.address as object), email: 'hallo at nordstern' },
    }));
    await editJson(d, 'de/ui.json', (v) => ({ ...v, loading: undefined }));
    await editJson(d, 'language_mapping.json', (v) => ({
      ...v,
      de: [{ language: 'fr', idx: 0, path: '/', isActive: true }],
    }));
  });
  const problems = await checkContent(dir, STATIC_DIR);
  const expected = [
    {
      what: 'a navigation entry of a kind the navbar does not know (fixture file)',
      file: 'en/navigation.json',
      problem: /^\/top_level\/1\/type must be equal to one of the allowed values$/,
    },
    {
      what: 'a submenu link without an address (fixture file)',
      file: 'en/navigation.json',
      problem: /^\/services\/2 must have required property 'link_url'$/,
    },
    {
      what: 'a footer address whose email is no address',
      file: 'de/footer.json',
      problem: /^\/address\/email must match pattern/,
    },
    {
      what: 'a layout text missing from ui.json',
      file: 'de/ui.json',
      problem: /^\/ must have required property 'loading'$/,
    },
    {
      what: 'a language mapping entry in a language the site does not have',
      file: 'language_mapping.json',
      problem: /^\/de\/0\/language must be equal to one of the allowed values$/,
    },
  ];
  for (const { what, file, problem } of expected)
    t.ok(
      problems.some((p) => p.file === file && problem.test(p.problem)),
      `${what}: ${JSON.stringify(problems.filter((p) => p.file === file))}`,
    );
  const named = new Set(expected.map(({ file }) => file));
  t.same(
    problems.filter((p) => !named.has(p.file)),
    [],
    'nothing else is reported',
  );
});

t.test('npm run content:check fails on a problem and names it', async (t) => {
  const { spawnSync } = await import('node:child_process');
  const run = (dir: string) =>
    spawnSync(process.execPath, ['--import=tsx', 'scripts/content-check.ts', dir, STATIC_DIR], { encoding: 'utf8' });
  const clean = run(path.resolve('content'));
  t.equal(clean.status, 0, clean.stderr);
  const dir = await copyContent(t, (d) => rm(path.join(d, 'en/homepage/quote.json')));
  const broken = run(dir);
  t.equal(broken.status, 1);
  t.match(broken.stderr, 'content/de/homepage/quote.json: has no English counterpart');
});
