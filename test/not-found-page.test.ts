/**
 * The 404 page in both languages: the spec's 'Error 404' and message, a human line, a search that
 * submits to the insights search, four to six main sections that exist, and a title with the brand.
 */
import { readFileSync } from 'node:fs';
import t from 'tap';
import { build } from './helpers/build.ts';

interface Help {
  title: string;
  lead: string;
  links: { text: string; link_url: string }[];
}
const helpOf = (language: 'en' | 'de') =>
  JSON.parse(readFileSync(`content/${language}/not_found.json`, 'utf8')) as Help;

/** Unknown addresses: a shared prefix, each language's own prefix, one no route knows, and a missing article. */
const CASES: [path: string, cookie: 'en' | 'de', language: 'en' | 'de', headline: string][] = [
  ['/does-not-exist', 'en', 'en', 'Error 404'],
  ['/company/no-such-page', 'de', 'en', 'Error 404'],
  ['/insights/no-such-insight', 'en', 'en', 'Error 404'],
  ['/x/y/z', 'en', 'en', 'Error 404'],
  ['/gibt-es-nicht', 'de', 'de', 'Fehler 404'],
  ['/unternehmen/gibt-es-nicht', 'en', 'de', 'Fehler 404'],
  ['/services/gibt-es-nicht', 'de', 'de', 'Fehler 404'],
];

/** The attribute values of every element matching a start tag pattern. */
function tags(html: string, pattern: RegExp): string[] {
  return [...html.matchAll(pattern)].map((match) => match[0]);
}

t.test('every 404 shows the way back: search, main sections and the brand', async (t) => {
  const app = await build(t);
  for (const [path, cookie, language, headline] of CASES) {
    const help = helpOf(language);
    const response = await app.inject({ url: path, headers: { cookie: `language=${cookie}` } });
    t.equal(response.statusCode, 404, `${path} answers 404`);
    const html = response.body;
    t.match(html, new RegExp(`<h1[^>]*>${headline}</h1>`), `${path}: the spec's headline`);
    t.match(html, `<title>${help.title}</title>`, `${path}: a title with the brand`);
    t.match(help.title, /Nordstern Digital/, 'the title names the brand');
    t.match(html, help.lead, `${path}: the human line`);

    const form = tags(html, /<form[^>]*role="search"[^>]*>[\s\S]*?<\/form>/g)[0] ?? '';
    t.match(form, /action="\/insights"/, `${path}: the search submits to the insights`);
    t.match(form, /method="get"/i, `${path}: as a plain GET form`);
    t.match(form, /<input[^>]*name="search"/, `${path}: with the insights' search field`);
    t.match(form, new RegExp(`name="lang" value="${language}"`), `${path}: in the page's language`);

    const links = [
      ...html.matchAll(
        /<a[^>]*class="error-page__link"[^>]*href="([^"]+)"|<a[^>]*href="([^"]+)"[^>]*class="error-page__link"/g,
      ),
    ].map((match) => match[1] ?? match[2]);
    t.ok(links.length >= 4 && links.length <= 6, `${path}: ${links.length} main sections`);
    t.same(
      links,
      help.links.map((link) => link.link_url),
      `${path}: the sections of ${language}/not_found.json`,
    );
    t.match(
      html,
      /class="button button--accent"[^>]*href="\/"|href="\/"[^>]*class="button button--accent"/,
      `${path}: an amber way home`,
    );
  }
});

t.test('the sections the 404 page offers exist, in the language it was shown in', async (t) => {
  const app = await build(t);
  for (const language of ['en', 'de'] as const) {
    for (const link of helpOf(language).links) {
      const response = await app.inject({ url: link.link_url, headers: { cookie: `language=${language}` } });
      t.equal(response.statusCode, 200, `${language} ${link.link_url}`);
      t.match(response.body, `<html lang="${language}"`, `${link.link_url} in ${language}`);
    }
  }
});

t.test("the 404 page's search finds insights", async (t) => {
  const app = await build(t);
  const response = await app.inject({ url: '/insights?lang=de&search=BigQuery' });
  t.equal(response.statusCode, 200);
  t.match(response.body, 'class="insight-card', 'a search from the 404 page lists insights');
});
