/** A long article's reading aids: the sections' anchors and the technical names set as code. */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import t from 'tap';
import { ArticleContents, CONTENTS_MIN_SECTIONS, sectionAnchors } from '../src/app/insights/article-contents.tsx';
import { withCodeSpans } from '../src/app/insights/code-spans.tsx';

const markup = (text: string) => renderToStaticMarkup(createElement('p', null, withCodeSpans(text)));

t.test('technical names become code, prose stays prose', async (t) => {
  t.equal(
    markup('The event_params field, then _TABLE_SUFFIX and INFORMATION_SCHEMA.JOBS.'),
    '<p>The <code>event_params</code> field, then <code>_TABLE_SUFFIX</code> and <code>INFORMATION_SCHEMA.JOBS</code>.</p>',
  );
  t.equal(markup('Set ad_personalization. Then wait.'), '<p>Set <code>ad_personalization</code>. Then wait.</p>');
  t.equal(
    markup('Keine Namen hier, nur Text – und Zahlen wie 2_000? Nein: 2.000.'),
    '<p>Keine Namen hier, nur Text – und Zahlen wie <code>2_000</code>? Nein: 2.000.</p>',
  );
  t.equal(markup('Plain prose without names.'), '<p>Plain prose without names.</p>');
  t.equal(markup('A lone _ is no name.'), '<p>A lone _ is no name.</p>');
});

t.test('each headed section gets its own anchor', async (t) => {
  t.same(sectionAnchors(['Warum der Rohdatenexport zählt', undefined, 'Schritt 1', 'Schritt 1', '!!!']), [
    'warum-der-rohdatenexport-zaehlt',
    undefined,
    'schritt-1',
    'schritt-1-2',
    'section-5',
  ]);
});

t.test('the contents list only long articles', async (t) => {
  const sections = Array.from({ length: CONTENTS_MIN_SECTIONS }, (_, index) => ({
    headline: `Part ${index + 1}`,
    anchor: `part-${index + 1}`,
  }));
  const html = renderToStaticMarkup(createElement(ArticleContents, { title: 'Contents', sections }));
  t.match(html, /<nav class="article-contents" aria-labelledby="article-contents-title">/);
  t.equal(html.match(/<a href="#part-\d">/g)?.length, CONTENTS_MIN_SECTIONS, 'a link per section');
  t.equal(
    renderToStaticMarkup(createElement(ArticleContents, { title: 'Contents', sections: sections.slice(1) })),
    '',
    'a short article has none',
  );
});
