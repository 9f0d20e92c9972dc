/**
 * The privacy policy describes the deployment it is served by: a section, paragraph or list
 * item about the tag manager (with Google Ads), the consent banner or consent manager, maps or
 * Galaxy sign-in, or the applicant tracking system the open positions come from, shows exactly
 * when that service is configured, in both languages; with
 * nothing configured the policy names no such service. Sections are numbered as shown. The
 * periods and processors it states come from the settings: the session, the backups' rotation,
 * and with an S3 bucket the storage provider that keeps the applicants' files.
 */
import { readFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import t from 'tap';
import { Legal } from '#app/blocks/legal.tsx';
import { ConsentBanner } from '#app/consent/consent-banner.tsx';
import { offeredPurposes } from '#app/consent/consent-choice.ts';
import { CookieTable } from '#app/consent/cookie-table.tsx';
import { configuredServices } from '#app/content/configured-services.ts';
import type { ConsentTexts } from '#app/content/schemas/consent.ts';
import type { LegalContent, LegalListItemContent, LegalTextContent } from '#app/content/schemas/legal.ts';
import { applies, type Service } from '#app/content/service-conditions.ts';
import { type AppEnvironment, EnvironmentProvider } from '#app/environment.tsx';
import { loadConfig, publicLoginConfig } from '#server/config.ts';
import { retentionSettings, SETTING_PATTERN } from '#server/content/content-settings.ts';
import { build } from './helpers/build.ts';

const POLICIES = [
  { language: 'de', path: '/datenschutz', file: 'content/de/homepage/datenschutz/legal.json' },
  { language: 'en', path: '/privacy-policy', file: 'content/en/homepage/privacy-policy/legal.json' },
] as const;

const GTM = { GTM_ID: 'GTM-AB12CD3' };
const CONSENT_MANAGER = { CONSENT_MANAGER_ID: 'aBcD1234' };
const MAPS = { MAPS_API_KEY: 'maps-key-for-tests' };
/** Sign-in is offered with a Firebase web config and Galaxy's address; the page renders without reaching either. */
const SIGN_IN = {
  FIREBASE_API_KEY: 'test-api-key',
  FIREBASE_PROJECT_ID: 'demo-nordstern',
  GALAXY_URL: 'https://galaxy.example',
};
/** The policy page never asks the careers service, so an address nothing answers on will do. */
const CAREERS_SERVICE = { CAREERS_API_URL: 'http://127.0.0.1:9/positions' };

const CONFIGURATIONS: { name: string; env: Record<string, string>; on: Service[] }[] = [
  { name: 'nothing configured', env: {}, on: [] },
  { name: 'a tag manager', env: GTM, on: ['tag_manager', 'consent', 'consent_banner', 'consent_tool', 'google'] },
  {
    name: 'a tag manager and a consent manager',
    env: { ...GTM, ...CONSENT_MANAGER },
    on: ['tag_manager', 'consent', 'consent_manager', 'consent_tool', 'google'],
  },
  { name: 'a consent manager alone', env: CONSENT_MANAGER, on: ['consent_manager', 'consent_tool'] },
  { name: 'maps', env: MAPS, on: ['maps', 'consent', 'consent_banner', 'consent_tool', 'google'] },
  { name: 'sign-in', env: SIGN_IN, on: ['sign_in', 'google'] },
  { name: 'a careers service', env: CAREERS_SERVICE, on: ['careers_service'] },
  {
    name: 'everything',
    env: { ...GTM, ...CONSENT_MANAGER, ...MAPS, ...SIGN_IN, ...CAREERS_SERVICE },
    on: ['tag_manager', 'consent', 'consent_manager', 'consent_tool', 'maps', 'sign_in', 'careers_service', 'google'],
  },
];

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#x27;': "'",
  '&#39;': "'",
  '&nbsp;': '\u00a0',
};
const decode = (html: string) => html.replace(/&(?:amp|lt|gt|quot|#x27|#39|nbsp);/g, (entity) => ENTITIES[entity]!);

/** The legal text of a page: its numbered headlines and all its words. */
function policyOf(html: string): { headlines: string[]; text: string } {
  const start = html.indexOf('<section class="legal section">');
  const end = html.indexOf('</main>', start);
  const part = html.slice(start, end === -1 ? undefined : end);
  return {
    headlines: [...part.matchAll(/<h2 class="legal__headline">([^<]*)<\/h2>/g)].map((match) => decode(match[1]!)),
    text: decode(part.replace(/<[^>]+>/g, ' ').replace(/<!-- -->/g, '')),
  };
}

const textOf = (item: LegalTextContent | LegalListItemContent) => (typeof item === 'string' ? item : item.text);
/** A text as the server sends it: settings filled in, so compared by the words before the first placeholder. */
const probe = (text: string) => text.split('{{')[0]!.slice(0, 120);

for (const configuration of CONFIGURATIONS) {
  t.test(`the privacy policy with ${configuration.name}`, async (t) => {
    const app = await build(t, configuration.env);
    const config = loadConfig({ SITE_URL: 'http://localhost:3000', ...configuration.env });
    const services = configuredServices({
      tracking: config.tracking,
      login: publicLoginConfig(config.login),
      careersService: config.careers.url !== undefined,
    });
    t.same([...services].sort(), [...configuration.on].sort(), 'the configuration turns on exactly these services');

    for (const { language, path, file } of POLICIES) {
      const response = await app.inject({ url: path });
      t.equal(response.statusCode, 200, `${path} answers`);
      const { headlines, text } = policyOf(response.body);
      const content = JSON.parse(readFileSync(file, 'utf8')) as LegalContent;

      const shownSections = content.sections.filter((section) => applies(section.when, services));
      t.same(
        headlines,
        shownSections.map((section, index) => `${index + 1}. ${section.headline}`),
        `${language}: the sections for this configuration, numbered 1 to ${shownSections.length}`,
      );
      for (const section of content.sections) {
        for (const item of [...(section.paragraphs ?? []), ...(section.list ?? [])]) {
          if (typeof item === 'string') continue;
          const shown = applies(section.when, services) && applies(item.when, services);
          t.equal(
            text.includes(probe(textOf(item))),
            shown,
            `${language}: "${probe(textOf(item)).slice(0, 60)}…" (${item.when}) ${shown ? 'shown' : 'left out'}`,
          );
        }
      }
      t.notMatch(text, '{{', `${language}: every setting is filled in`);

      // What a reader checks, independent of how the content is arranged.
      const names = (pattern: RegExp) => pattern.test(text);
      t.equal(
        names(/Google Tag Manager/),
        services.has('tag_manager'),
        `${language}: the tag manager named only when configured`,
      );
      t.equal(
        names(/Google Ads/),
        services.has('tag_manager'),
        `${language}: the marketing purpose (Google Ads) described with the tag manager`,
      );
      t.equal(
        names(/_gcl_au/) && names(/_ga_/),
        services.has('tag_manager'),
        `${language}: the tag manager's cookies listed with it`,
      );
      t.equal(
        names(/Usercentrics/),
        services.has('consent_manager'),
        `${language}: the consent manager named only when configured`,
      );
      t.equal(
        names(/(kein Einwilligungsbanner|no consent banner appears)/),
        !services.has('consent_tool'),
        `${language}: "no banner" only where nothing asks for consent`,
      );
      t.equal(
        names(/nordstern-consent/),
        services.has('consent_banner'),
        `${language}: the banner's storage listed only when the banner asks`,
      );
      t.equal(names(/Google Maps/), services.has('maps'), `${language}: maps named only when configured`);
      t.equal(
        names(/Firebase/) && names(/__session/) && names(/galaxy-token/) && names(/galaxy-referrer/),
        services.has('sign_in'),
        `${language}: sign-in and its cookies only when configured`,
      );
      t.equal(
        names(/Google/),
        services.has('google'),
        `${language}: Google named at all only when a Google service runs`,
      );
      t.equal(
        names(/(Bewerbermanagement|applicant tracking system)/),
        services.has('careers_service'),
        `${language}: the careers service described only when CAREERS_API_URL is set`,
      );
      t.equal(names(/USA/), services.has('google'), `${language}: a transfer to the USA only with a Google service`);
      for (const always of ['language', 'recoStorage:de', 'recoStorage:en', 'nordstern:chunk-reload-at'])
        t.ok(text.includes(always), `${language}: ${always} listed`);
      t.notMatch(
        text,
        /verschlüsselt gespeichert|verschlüsselt auf|stored encrypted|encrypted at rest/,
        `${language}: no encryption at rest claimed`,
      );
      if (services.has('sign_in'))
        t.match(
          text,
          language === 'de' ? 'Er gilt einen Tag.' : 'It is valid for one day.',
          `${language}: the session cookie lives SESSION_MAX_AGE_HOURS`,
        );
    }
  });
}

t.test('the session cookie lifetime follows SESSION_MAX_AGE_HOURS', async (t) => {
  const app = await build(t, { ...SIGN_IN, SESSION_MAX_AGE_HOURS: '12' });
  const en = policyOf((await app.inject({ url: '/privacy-policy' })).body).text;
  const de = policyOf((await app.inject({ url: '/datenschutz' })).body).text;
  t.match(en, /It is valid for twelve hours\./);
  t.match(de, /Er gilt zwölf Stunden\./);
  t.match(en, /Valid for twelve hours or until you sign out\./, 'en: the cookie list says how long __session lasts');
  t.match(de, /Gültig für zwölf Stunden oder bis Sie sich abmelden\./, 'de: the period after „für“, in the accusative');
});

t.test('the backups section states BACKUP_ROTATION_DAYS', async (t) => {
  for (const [env, de, en] of [
    [{}, 'einen Monat', 'one month'],
    [{ BACKUP_ROTATION_DAYS: '14' }, '14 Tage', '14 days'],
  ] as const) {
    const app = await build(t, env);
    t.match(
      policyOf((await app.inject({ url: '/datenschutz' })).body).text,
      `Jede Sicherung bewahren wir ${de} auf und löschen sie dann.`,
      `de: ${de}`,
    );
    t.match(
      policyOf((await app.inject({ url: '/privacy-policy' })).body).text,
      `We keep each backup for ${en} and then delete it`,
      `en: ${en}`,
    );
  }
});

t.test(
  'with S3_BUCKET the applications section says a storage provider keeps the files, named by STORAGE_PROVIDER among the recipients too',
  async (t) => {
    const storage = 'Speicherwerk GmbH, Frankfurt';
    const config = loadConfig({
      DATABASE_URL: 'postgres://nordstern@127.0.0.1:5432/nordstern',
      TOKEN_SECRET: 'x'.repeat(40),
      S3_BUCKET: 'nordstern-uploads',
      STORAGE_PROVIDER: storage,
      STORAGE_PROVIDER_LOCATION: 'DE',
    });
    const ownServers = {
      de: 'Zusätzlich speichern wir sie auf unseren Servern, wo nur die Website-Software sie lesen kann.',
      en: 'We also store it on our servers, where only the website’s software can read it.',
    };
    for (const { language, file } of POLICIES) {
      const settings = retentionSettings(
        config.retention,
        config.confirmationTtlHours,
        24,
        config.backupRotationDays,
        config.providers,
      )(language, (relative) => JSON.parse(readFileSync(`content/${language}/${relative}`, 'utf8')));
      // As the content store fills the settings in on load.
      const content = JSON.parse(
        readFileSync(file, 'utf8').replace(SETTING_PATTERN, (_, name: string) => settings[name] ?? `{{${name}}}`),
      ) as LegalContent;
      const textWith = (environment: AppEnvironment) =>
        policyOf(
          renderToStaticMarkup(
            createElement(EnvironmentProvider, {
              value: environment,
              children: createElement(MemoryRouter, null, createElement(Legal, { content })),
            }),
          ),
        ).text;
      const bucket = textWith({ ...BASE_ENVIRONMENT, objectStorage: true });
      t.equal(
        bucket.split(storage).length - 1,
        2,
        `${language}: the storage provider in the applications section and among the recipients`,
      );
      t.notOk(bucket.includes(ownServers[language]), `${language}: the files are not said to stay on our servers`);
      const own = textWith(BASE_ENVIRONMENT);
      t.notOk(own.includes(storage), `${language}: no storage provider without a bucket`);
      t.ok(own.includes(ownServers[language]), `${language}: without a bucket the files stay on our servers`);
    }
  },
);

t.test(
  'the processors are named where HOSTING_PROVIDER, MAIL_PROVIDER, NEWSLETTER_PROVIDER and EVENT_STREAMING_PROVIDER are set, and described without a name where not',
  async (t) => {
    const providers = {
      HOSTING_PROVIDER: 'Wolkenhaus Hosting GmbH, Hamburg',
      MAIL_PROVIDER: 'Brieftaube Post AG, Berlin',
      NEWSLETTER_PROVIDER: 'Rundbrief Versand GmbH, Bremen',
      EVENT_STREAMING_PROVIDER: 'Bühnenlicht Webinar GmbH, Köln',
    };
    const locations = Object.fromEntries(Object.keys(providers).map((name) => [`${name}_LOCATION`, 'DE']));
    const named = await build(t, { ...providers, ...locations });
    const unnamed = await build(t, {});
    const expected = {
      de: [
        /Hosting-Dienstleisters \(Wolkenhaus Hosting GmbH, Hamburg\), den wir/,
        /E-Mail-Dienstleister \(Brieftaube Post AG, Berlin\)\./,
        /Newsletter-Dienst \(Rundbrief Versand GmbH, Bremen\), der/,
        /Webinar-Plattform \(Bühnenlicht Webinar GmbH, Köln\), die/,
      ],
      en: [
        /hosting provider \(Wolkenhaus Hosting GmbH, Hamburg\) that we/,
        /mail provider \(Brieftaube Post AG, Berlin\)\./,
        /newsletter service \(Rundbrief Versand GmbH, Bremen\) that/,
        /webinar platform \(Bühnenlicht Webinar GmbH, Köln\) that works/,
      ],
    };
    for (const { language, path } of POLICIES) {
      const withNames = policyOf((await named.inject({ url: path })).body).text;
      for (const pattern of expected[language])
        t.match(withNames, pattern, `${language}: ${pattern.source.split(' \\(')[0]} named`);
      for (const name of Object.values(providers))
        t.equal(withNames.split(name).length - 1, 2, `${language}: ${name} in its section and among the recipients`);
      const without = policyOf((await unnamed.inject({ url: path })).body).text;
      t.notMatch(
        without,
        /Wolkenhaus|Brieftaube|Rundbrief|Bühnenlicht|\(\)|\{\{/,
        `${language}: no name, no empty parentheses, no placeholder when unset`,
      );
      t.match(
        without,
        language === 'de' ? /Hosting-Dienstleisters, den wir/ : /hosting provider that we/,
        `${language}: the sentence reads whole without a name`,
      );
    }
  },
);

const BASE_ENVIRONMENT: AppEnvironment = {
  siteUrl: 'http://localhost:3000',
  assetsBaseUrl: '/content',
  uploads: { cvMaxBytes: 1, additionalMaxBytes: 1, additionalMaxCount: 1 },
  iconSprite: '/assets/icons-test.svg',
  webVitals: { sampleRate: 0 },
  login: null,
  tracking: {
    gtmOrigin: 'https://www.googletagmanager.com',
    consentManagerOrigin: 'https://app.usercentrics.eu',
    mapsOrigin: 'https://maps.googleapis.com',
  },
  assets: { css: [], modulePreloads: [] },
};

t.test(
  'the cookie list names the sign-in entries only with sign-in, and every entry the policy lists as always set',
  async (t) => {
    const base = BASE_ENVIRONMENT;
    const signedIn = { ...base, login: { galaxyUrl: 'https://galaxy.example' } as unknown as AppEnvironment['login'] };
    for (const language of ['de', 'en']) {
      const texts = JSON.parse(readFileSync(`content/${language}/consent.json`, 'utf8')) as ConsentTexts;
      const rows = (environment: AppEnvironment) =>
        [
          ...renderToStaticMarkup(
            createElement(EnvironmentProvider, {
              value: environment,
              children: createElement(CookieTable, { texts, items: texts.cookies }),
            }),
          ).matchAll(/<code>([^<]*)<\/code>/g),
        ].map((match) => match[1]!);
      const always = [
        'language',
        language === 'de' ? 'recoStorage:de, recoStorage:en' : 'recoStorage:en, recoStorage:de',
        'nordstern:chunk-reload-at',
      ];
      t.same(rows(base), always, `${language}: without sign-in`);
      t.same(rows(signedIn), [...always, 'galaxy-referrer', 'galaxy-token', '__session'], `${language}: with sign-in`);
    }
  },
);

t.test(
  'the banner’s first layer describes the purposes it asks about, the marketing one with remarketing',
  async (t) => {
    const words = {
      de: { statistics: 'Statistikdienste', marketing: 'Anzeigen auf anderen Websites', maps: 'Google Maps' },
      en: { statistics: 'use analytics', marketing: 'show you our ads on other websites', maps: 'Google map' },
    };
    for (const language of ['de', 'en'] as const) {
      const texts = JSON.parse(readFileSync(`content/${language}/consent.json`, 'utf8')) as ConsentTexts;
      for (const [name, tracking] of [
        ['tag manager', { gtmId: 'GTM-AB12CD3' }],
        ['maps', { mapsApiKey: 'key' }],
        ['both', { gtmId: 'GTM-AB12CD3', mapsApiKey: 'key' }],
      ] as const) {
        const environment = { ...BASE_ENVIRONMENT, tracking: { ...BASE_ENVIRONMENT.tracking, ...tracking } };
        const purposes = offeredPurposes({ tagManager: 'gtmId' in tracking, maps: 'mapsApiKey' in tracking });
        const banner = createElement(ConsentBanner, {
          texts,
          layer: 'first',
          purposes,
          choice: {},
          onDecide: () => {},
          onShowSettings: () => {},
          onCloseSettings: () => {},
        });
        const html = renderToStaticMarkup(createElement(EnvironmentProvider, { value: environment, children: banner }));
        const text = /<p [^>]*class="consent-banner__description"[^>]*>([^<]*)<\/p>/.exec(html)?.[1] ?? '';
        t.equal(
          text.includes(words[language].statistics),
          purposes.includes('statistics'),
          `${language}, ${name}: statistics named only when asked`,
        );
        t.equal(
          text.includes(words[language].marketing),
          purposes.includes('marketing'),
          `${language}, ${name}: the marketing purpose with remarketing named only when asked`,
        );
        t.equal(
          text.includes(words[language].maps),
          purposes.includes('maps'),
          `${language}, ${name}: maps named only when asked`,
        );
      }
    }
  },
);
