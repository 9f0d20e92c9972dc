/**
 * Each kind of page opens with its hero, in both languages, as the server renders it: the homepage
 * with two calls to action and its visual, service and technology pages with a call to action and an
 * illustration, articles and events with their facts and cover, utility pages compact and light.
 */
import { existsSync } from 'node:fs';
import t from 'tap';
import { build } from './helpers/build.ts';
import { sectionPages } from './helpers/section-pages.ts';

type Language = 'en' | 'de';

interface Hero {
  variant: string;
  html: string;
}

/** The page's hero: its variant and its markup (a hero holds no section of its own). */
function heroOf(body: string): Hero | undefined {
  const match = /<section class="stage[^"]*" data-hero="([a-z]+)">([\s\S]*?)<\/section>/.exec(body);
  return match ? { variant: match[1]!, html: match[2]! } : undefined;
}

const app = await build(t);

async function hero(path: string, language: Language): Promise<Hero> {
  const response = await app.inject({ url: path, headers: { cookie: `language=${language}` } });
  if (response.statusCode !== 200) throw new Error(`${path} answered ${response.statusCode}`);
  const found = heroOf(response.body);
  if (!found) throw new Error(`${path} has no hero`);
  return found;
}

const links = (html: string) => [...html.matchAll(/<a [^>]*class="button[^"]*"[^>]*href="([^"]+)"/g)].map((m) => m[1]);
const images = (html: string) => [...html.matchAll(/<img [^>]*>/g)].map((m) => m[0]);

const PAGES: Record<string, Record<Language, readonly string[]>> = {
  home: { en: ['/'], de: ['/'] },
  feature: {
    en: ['/services', '/services/analytics', '/technology', '/technology/lunio', '/company'],
    de: ['/services', '/services/analytics', '/technologie', '/technologie/lunio', '/unternehmen'],
  },
  article: {
    en: ['/insights/consent-mode-v2-explained', '/company/events/analytics-hub/hamburg/2026/06'],
    de: ['/insights/consent-mode-v2-explained', '/unternehmen/events/analytics-hub/hamburg/2026/06'],
  },
  utility: {
    en: ['/privacy-policy', '/imprint', '/newsletter', '/insights', '/company/contact'],
    de: ['/datenschutz', '/impressum', '/newsletter', '/insights', '/unternehmen/kontakt'],
  },
};

t.test('each kind of page opens with the hero its kind is given', async (t) => {
  for (const [variant, byLanguage] of Object.entries(PAGES)) {
    for (const language of ['en', 'de'] as const) {
      for (const path of byLanguage[language]) {
        t.equal((await hero(path, language)).variant, variant, `${language} ${path}`);
      }
    }
  }
});

t.test('the homepage hero: a call to action, a second one to a consultant, and its visual', async (t) => {
  for (const language of ['en', 'de'] as const) {
    const { html } = await hero('/', language);
    const [primary, secondary] = links(html);
    t.ok(primary, `${language}: a primary call to action`);
    t.equal(secondary, language === 'en' ? '/company/contact' : '/unternehmen/kontakt', `${language}: the second one`);
    const [visual] = images(html);
    t.match(visual, /width="\d+" height="\d+"/, `${language}: the visual is sized`);
    t.notMatch(visual, /loading="lazy"/, `${language}: and not lazy`);
  }
});

t.test('every service page hero has a call to action and its own sized illustration', async (t) => {
  const services = sectionPages().filter((page) => /^\/services\/[^/]+/.test(page.path));
  t.ok(services.length >= 16, 'five disciplines and their sub-pages, in two languages');
  const illustrations = new Map<string, string>();
  for (const page of services) {
    const label = `${page.language} ${page.path}`;
    const { variant, html } = await hero(page.path, page.language);
    t.equal(variant, 'feature', `${label}: the feature hero`);
    t.ok(links(html).length >= 1, `${label}: a call to action`);
    const [image] = images(html);
    t.ok(image, `${label}: an illustration`);
    if (!image) continue;
    t.match(image, /width="\d+" height="\d+"/, `${label}: sized`);
    t.match(image, /alt="[^"]+"/, `${label}: described`);
    t.notMatch(image, /loading="lazy"/, `${label}: not lazy`);
    const file = /\/(?:img\/[^/]+|images)\/([a-z0-9/_.-]+\.svg)"/.exec(image)?.[1];
    t.ok(file && existsSync(`static/images/${file}`), `${label}: an SVG file the page references (${file})`);
    if (/^\/services\/[^/]+$/.test(page.path) && file) illustrations.set(`${page.language} ${page.path}`, file);
  }
  const disciplines = [...illustrations].filter(([key]) => key.startsWith('en '));
  t.equal(new Set(disciplines.map(([, file]) => file)).size, disciplines.length, 'each discipline its own');
});

t.test('article and event heroes carry their facts and a cover', async (t) => {
  for (const language of ['en', 'de'] as const) {
    for (const path of PAGES.article![language]) {
      const { html } = await hero(path, language);
      t.match(html, /<p class="stage__meta"><span>[^<]+<\/span><span>/, `${language} ${path}: a line of facts`);
      t.match(images(html)[0], /width="\d+" height="\d+"/, `${language} ${path}: a sized cover`);
    }
  }
});

t.test('utility heroes stay compact: no illustration', async (t) => {
  for (const language of ['en', 'de'] as const) {
    for (const path of PAGES.utility![language]) {
      t.same(images((await hero(path, language)).html), [], `${language} ${path}`);
    }
  }
});

t.test('/services: no section headline repeats the start of its h1', async (t) => {
  for (const language of ['en', 'de'] as const) {
    const { body } = await app.inject({ url: '/services', headers: { cookie: `language=${language}` } });
    const h1 = /<h1[^>]*>([^<]+)<\/h1>/.exec(body)![1]!.toLowerCase();
    const h2 = [...body.matchAll(/<h2[^>]*>([^<]+)<\/h2>/g)].map((m) => m[1]!.toLowerCase());
    t.same(
      h2.filter((text) => h1.startsWith(text)),
      [],
      `${language}: ${h1}`,
    );
  }
});
