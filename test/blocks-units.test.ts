/** The rules of the content blocks: empty tools dropped, related-article cards, 'more' and the keyboard helpers. */

import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import t from 'tap';
import { BlockSection } from '#app/blocks/block-section.tsx';
import { spokePosition } from '#app/blocks/integration.tsx';
import { More } from '#app/blocks/more.tsx';
import { indexAfterKey } from '#app/blocks/roving-keys.ts';
import { paragraphsOf } from '#app/blocks/text.ts';
import { Tools } from '#app/blocks/tools.tsx';
import { withoutEmptyTools } from '#app/blocks/tools-rules.ts';
import type { MoreContent } from '#app/content/schemas/more.ts';
import { type AppEnvironment, EnvironmentProvider } from '#app/environment.tsx';
import type { InsightsLabels } from '#app/insights/page-data.ts';
import {
  addRelated,
  loadMore,
  type RelatedArticle,
  relatedArticle,
  resetMore,
  setMore,
  uniqueByFolder,
} from '#app/insights/related-articles.ts';

const ACTIONS = {
  article: 'Read article',
  'case-study': 'Read case study',
  event: 'View event',
  'fact-sheet': 'Download PDF',
  video: 'Watch video',
  whitepaper: 'Download PDF',
} as const;

const LONG_TEXT =
  'Server-side tagging moves the tag logic from the browser to a server container that you control, which means fewer scripts and more say over data.';

const article = (folderName: string, headline = `About ${folderName}`): RelatedArticle => ({
  folderName,
  headline,
  text: 'Short.…',
  linkText: 'Read more',
  type: 'article',
  imageUrl: `/images/insights/${folderName}/image.jpg`,
  path: `/insights/${folderName}`,
});

const blocksOf = (text: string) => ({
  stage: { headline: 'Headline' },
  content: { paragraphs: [{ text }, { text: 'second' }] },
  general_information: { type: 'whitepaper' },
});

t.test('technology tools drop empty entries', async (t) => {
  const items = [
    { name: 'Explorations', text: 'Free-form analysis' },
    { name: '', text: '' },
    { name: '   ', text: 'text without a name' },
    { name: 'Audiences', text: '' },
  ];
  t.same(withoutEmptyTools(items), [items[0], items[3]]);
  const html = renderToStaticMarkup(createElement(Tools, { content: { headline: 'Tools', items } }));
  t.equal(html.match(/<dt/g)?.length, 2, 'two tools rendered');
  t.notMatch(html, 'text without a name');
  t.equal(
    renderToStaticMarkup(createElement(Tools, { content: { headline: 'Tools', items: [{ name: '', text: '' }] } })),
    '',
    'no tools, no section',
  );
});

t.test(
  'a related card takes the article text up to the last word within 100 characters, and an ellipsis',
  async (t) => {
    const card = relatedArticle('server-side-tracking-in-practice', blocksOf(LONG_TEXT), ACTIONS);
    t.ok(card);
    t.equal(
      card?.text,
      'Server-side tagging moves the tag logic from the browser to a server container that you control…',
      'the word cut at 100 ("whi…") goes whole, and the comma before it',
    );
    t.ok((card?.text.length ?? 0) <= 101);
    t.same(
      { ...card, text: undefined },
      {
        folderName: 'server-side-tracking-in-practice',
        headline: 'Headline',
        text: undefined,
        linkText: 'Download PDF',
        type: 'whitepaper',
        imageUrl: '/images/insights/server-side-tracking-in-practice/image.jpg',
        path: '/insights/server-side-tracking-in-practice',
      },
    );
    t.equal(
      relatedArticle(
        'x',
        { content: { paragraphs: { text: 'single paragraph object' } }, stage: { headline: 'H' } },
        ACTIONS,
      )?.text,
      'single paragraph object…',
    );
    t.equal(relatedArticle('x', { stage: {} }, ACTIONS), null, 'no headline, no card');
    t.equal(
      relatedArticle('x', { content: { paragraphs: { text: 'Text' } }, stage: { headline: 'H' } }, ACTIONS)?.linkText,
      'Read article',
      'a card without a type says what an article card says',
    );
    t.equal(
      relatedArticle(
        'x',
        {
          content: { paragraphs: { text: 'Text' } },
          stage: { headline: 'H' },
          general_information: { type: 'case-study' },
        },
        ACTIONS,
      )?.linkText,
      'Read case study',
      'a case study card names the case study',
    );
  },
);

t.test('related articles are unique by folderName', async (t) => {
  t.same(
    uniqueByFolder([article('a'), article('b'), article('a', 'Again'), article('c'), article('b')]).map(
      (a) => a.folderName,
    ),
    ['a', 'b', 'c'],
  );
  const state = addRelated(addRelated(setMore(null), [article('a'), article('b')]), [article('b'), article('c')]);
  t.same(
    state.related.map((a) => a.folderName),
    ['a', 'b', 'c'],
  );
  t.equal(state.related[0]?.headline, 'About a', 'the first one stays');
});

t.test("setting or resetting 'more' clears the related articles", async (t) => {
  const more: MoreContent = { headline: 'More', articles: ['a'] };
  const filled = addRelated(setMore(more), [article('a')]);
  t.equal(filled.related.length, 1);
  t.same(setMore({ ...more, headline: 'Other' }).related, [], 'set');
  t.same(resetMore(), { more: null, related: [] }, 'reset');
});

t.test("loading 'more'", async (t) => {
  const more: MoreContent = { headline: 'More on this', articles: ['a', 'b', 'a', 'missing'] };
  const requested: string[] = [];
  const loaded = await loadMore(
    more,
    async (folder) => {
      requested.push(folder);
      return folder === 'missing' ? null : blocksOf(`Text of ${folder}`);
    },
    ACTIONS,
  );
  t.same(requested, ['a', 'b', 'missing'], 'each folder fetched once');
  t.equal(loaded.more, more);
  t.same(
    loaded.related.map((a) => a.folderName),
    ['a', 'b'],
    'unique, missing ones skipped',
  );

  const failed = await loadMore(more, async () => Promise.reject(new Error('503')), ACTIONS);
  t.same(failed, { more: null, related: [] }, "a failed fetch makes 'more' null");
  t.same(await loadMore(undefined, async () => blocksOf('x'), ACTIONS), { more: null, related: [] }, 'no more block');
});

const ENVIRONMENT: AppEnvironment = {
  siteUrl: 'http://localhost:3000',
  assetsBaseUrl: '/content',
  uploads: { cvMaxBytes: 1, additionalMaxBytes: 1, additionalMaxCount: 1 },
  login: null,
  tracking: {
    gtmOrigin: 'https://www.googletagmanager.com',
    consentManagerOrigin: 'https://app.usercentrics.eu',
    mapsOrigin: 'https://maps.googleapis.com',
  },
  assets: { css: [], modulePreloads: [] },
  iconSprite: '/assets/icons-test.svg',
  imageVersion: 'v1',
  webVitals: { sampleRate: 0 },
};
const inRouter = (element: ReactElement) =>
  renderToStaticMarkup(
    createElement(EnvironmentProvider, { value: ENVIRONMENT, children: createElement(MemoryRouter, null, element) }),
  );

t.test("'more' null hides the section", async (t) => {
  const labels = { values: {} } as unknown as InsightsLabels;
  const content: MoreContent = { headline: 'More on this topic', articles: ['a'] };
  t.equal(renderToStaticMarkup(createElement(More, { content, related: { labels, more: null, related: [] } })), '');
  t.equal(renderToStaticMarkup(createElement(More, { content, related: undefined })), '');
  const shown = inRouter(createElement(More, { content, related: { labels, more: content, related: [article('a')] } }));
  t.match(shown, 'More on this topic');
  t.match(shown, 'href="/insights/a"');
});

t.test('keys move through tabs and slides, wrapping around', async (t) => {
  t.equal(indexAfterKey('ArrowRight', 0, 3), 1);
  t.equal(indexAfterKey('ArrowRight', 2, 3), 0);
  t.equal(indexAfterKey('ArrowLeft', 0, 3), 2);
  t.equal(indexAfterKey('Home', 2, 3), 0);
  t.equal(indexAfterKey('End', 0, 3), 2);
  t.equal(indexAfterKey('Enter', 1, 3), null);
});

t.test('text fields and the integration diagram', async (t) => {
  t.same(paragraphsOf('one'), ['one']);
  t.same(paragraphsOf(['one', 'two']), ['one', 'two']);
  t.same(spokePosition(0, 4), { x: 160, y: 42 }, 'the first spoke points up');
  t.same(spokePosition(2, 4), { x: 160, y: 278 });
});

t.test('the block section shell: the class where block is written, tone, variant, column, heading', async (t) => {
  const html = (props: Parameters<typeof BlockSection>[0]) => renderToStaticMarkup(createElement(BlockSection, props));
  t.equal(
    html({ block: 'benefits', headline: 'Why us', text: 'Three reasons.', children: createElement('ul') }),
    '<section class="benefits section"><div class="section__inner"><h2 class="section__headline">Why us</h2><p class="section__lead">Three reasons.</p><ul></ul></div></section>',
  );
  t.equal(
    html({ id: 'services', block: 'services', tone: 'tinted', tabIndex: -1, 'aria-labelledby': 'services-headline' }),
    '<section id="services" class="services section section--tinted" tabindex="-1" aria-labelledby="services-headline"><div class="section__inner"></div></section>',
    'an id written before block comes before the class',
  );
  t.equal(
    html({ block: 'jobs', id: 'jobs' }),
    '<section class="jobs section" id="jobs"><div class="section__inner"></div></section>',
    'and one written after, after it',
  );
  t.equal(
    html({
      block: 'events',
      variant: 'events--past',
      innerClassName: 'events__inner',
      live: true,
      before: createElement('script'),
    }),
    '<section class="events section events--past"><script></script><div class="section__inner events__inner" aria-live="polite"></div></section>',
  );
  t.equal(
    html({ block: 'boxes', headline: undefined }),
    '<section class="boxes section"><div class="section__inner"></div></section>',
    'no headline, no heading',
  );
});

// That every block name has a schema, and every registry key and block order entry is a block
// name, is the type check's (test/block-registry-types.test.ts). Which registry renders a route
// is its page module, named at run time in the route table: that part is checked here.
t.test('every block a route names has a component in the registry of its page module', async (t) => {
  const { LOADED_PAGE_ROUTES } = await import('#app/page-loading.ts');
  const { BLOCK_ORDERS } = await import('#app/block-orders.ts');
  const { HOME_BLOCK_COMPONENTS } = await import('#app/blocks/home-blocks.tsx');
  const { ALL_BLOCK_COMPONENTS } = await import('#app/blocks/all-blocks.tsx');
  const registries: Record<string, Readonly<Record<string, unknown>>> = {
    home: HOME_BLOCK_COMPONENTS,
    content: ALL_BLOCK_COMPONENTS,
  };
  for (const route of LOADED_PAGE_ROUTES) {
    const registry = registries[route.page];
    if (!registry) continue; // the insights pages render their own blocks
    for (const block of BLOCK_ORDERS[route.blocks]) t.ok(block in registry, `${route.id}: ${block} has a component`);
  }
});
