/**
 * An insights search that matches nothing offers a way out: a control that clears filters and
 * search, popular topics and a contact. With and without the page's scripts.
 */
import { readFileSync } from 'node:fs';
import t from 'tap';
import { build } from './helpers/build.ts';

const NOTHING = 'xqzvvw';

interface Labels {
  empty_clear: string;
  popular_topics: string[];
  values: Record<string, string>;
  empty_contact_link: { link_url: string };
}
const labelsOf = (language: 'en' | 'de') =>
  JSON.parse(readFileSync(`content/${language}/insights_labels.json`, 'utf8')) as Labels;

const decode = (href: string) => href.replaceAll('&amp;', '&');

t.test('an empty search shows the way out, and each way leads to insights', async (t) => {
  const app = await build(t);
  for (const [query, language] of [
    [`?search=${NOTHING}`, 'en'],
    [`?lang=de&search=${NOTHING}`, 'de'],
  ] as const) {
    const labels = labelsOf(language);
    const response = await app.inject({ url: `/insights${query}`, headers: { cookie: `language=${language}` } });
    t.equal(response.statusCode, 200);
    const html = response.body;
    t.notMatch(html, 'class="insight-card', `${language}: nothing matches`);

    const clearTag = html.match(/<a [^>]*insights__clear[^>]*>([^<]+)</);
    const clear = clearTag ? [clearTag[0], clearTag[0].match(/href="([^"]+)"/)?.[1], clearTag[1]] : null;
    t.ok(clear, `${language}: a clear-filters control`);
    t.equal(clear?.[2], labels.empty_clear);
    const cleared = await app.inject({ url: decode(clear?.[1] ?? ''), headers: { cookie: `language=${language}` } });
    t.equal(cleared.statusCode, 200);
    t.match(cleared.body, 'class="insight-card', `${language}: clearing brings the insights back`);
    t.match(cleared.body, `<html lang="${language}"`, `${language}: in the same language`);

    const topics = [...html.matchAll(/<a class="chip" [^>]*href="([^"]+)"[^>]*>([^<]+)</g)];
    t.same(
      topics.map((match) => match[2]),
      labels.popular_topics.map((topic) => labels.values[topic]),
      `${language}: the popular topics`,
    );
    for (const [, href, name] of topics) {
      const topic = await app.inject({ url: decode(href ?? ''), headers: { cookie: `language=${language}` } });
      t.match(topic.body, 'class="insight-card', `${language}: ${name} lists insights`);
    }
    t.match(html, `href="${labels.empty_contact_link.link_url}"`, `${language}: a contact link`);
  }
});
