import t from 'tap';
import { createInlineJsonWriter, inlineJson } from '#server/ssr/serialize.ts';

const deepFreeze = <T>(value: T): T => {
  if (value && typeof value === 'object') {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
};

t.test('the page data writer writes what inlineJson writes, for frozen content and per-request values alike', async (t) => {
  const write = createInlineJsonWriter();
  const content = deepFreeze({ headline: '</script><!-- & \u2028 \u2029 "quoted"', items: [{ a: 1, b: null, c: [true, false] }], empty: {}, none: [] });
  const samples: object[] = [
    content,
    { loaderData: { root: { language: 'en', content, missing: undefined, fn: () => 1 }, pages: undefined }, actionData: null, errors: null },
    // What JSON.stringify leaves out or turns into null, and what has its own JSON form.
    [undefined, () => 1, Symbol('s'), Number.NaN, Infinity, -0, 1.5e300, 'x'],
    { date: new Date(Date.UTC(2026, 0, 2)), boxed: [Object('s'), Object(2), Object(false)], nested: { deeper: [[], [{}]] } },
    // A hole in an array is null, as JSON.stringify writes it.
    // biome-ignore lint/suspicious/noSparseArray: the hole is what is tested
    [1, , 3],
    { '<key>': 'value', 'line\u2028separator': 1 },
    deepFreeze(['frozen', { array: [1, 2] }]),
  ];
  for (const sample of samples) {
    const expected = inlineJson(sample);
    t.equal(write(sample), expected, JSON.stringify(sample) ?? 'sample');
    t.equal(write(sample), expected, 'the same again, from what was kept');
  }
  t.notMatch(write(content), /<|>|&|\u2028|\u2029/, 'nothing a script could be closed or broken with');
  t.same(JSON.parse(write(content)), content, 'still the same data');
});

t.test('a content reload brings new objects, and their JSON is made again', async (t) => {
  const write = createInlineJsonWriter();
  const before = deepFreeze({ headline: 'Before' });
  const after = deepFreeze({ headline: 'After' });
  t.equal(write({ content: before }), '{"content":{"headline":"Before"}}');
  t.equal(write({ content: after }), '{"content":{"headline":"After"}}');
  const unfrozen = { headline: 'Draft' };
  t.equal(write(unfrozen), '{"headline":"Draft"}');
  unfrozen.headline = 'Changed';
  t.equal(write(unfrozen), '{"headline":"Changed"}', 'an unfrozen object is written as it is now');
});

t.test('the handler picked for a path matches what the whole route table matches', async (t) => {
  const { createStaticHandler, matchRoutes } = await import('react-router');
  const { createRoutes } = await import('#app/routes.tsx');
  const { PAGE_ROUTES } = await import('#app/page-table.ts');
  const { createRouteHandlers } = await import('#server/ssr/route-handlers.ts');
  // Only matched here: no loader runs, so the sources are never read.
  const unused = {} as never;
  const routes = createRoutes({ content: unused, insights: unused, careers: unused, now: () => new Date(), languageSignals: () => ({}) });
  const whole = createStaticHandler(routes);
  const handlers = createRouteHandlers(routes);
  const samples = new Set<string>(['/', '//', '/nope', '/services/', '/Services', '/services/a/b/c/d', '/insights/%C3%9Cber', '/insights/a%2Fb', '/insights/%E0%A4%A', '/unternehmen/nope']);
  for (const { path } of PAGE_ROUTES) {
    const segments = path.split('/').filter(Boolean);
    for (let keep = 0; keep <= segments.length; keep += 1) {
      const filled = segments.slice(0, keep).map((segment) => (segment.startsWith(':') ? (segment.includes('year') ? '2026' : 'x-1') : segment));
      samples.add(`/${filled.join('/')}`);
      samples.add(`/${filled.join('/')}/extra`);
    }
  }
  const matched = (routes: Parameters<typeof matchRoutes>[0], pathname: string) =>
    (matchRoutes(routes, pathname) ?? []).map((match) => ({ id: match.route.id, params: match.params, pathname: match.pathname, pathnameBase: match.pathnameBase }));
  for (const pathname of samples) {
    const expected = matched(whole.dataRoutes, pathname);
    t.ok(expected.length > 0, `${pathname} matches a route`);
    t.same(matched(handlers.handlerOf(pathname).dataRoutes, pathname), expected, `${pathname}: ${expected.at(-1)?.id}`);
  }
});

t.test('translations found through the prepared mapping are those matchPath finds entry by entry', async (t) => {
  const { readFileSync } = await import('node:fs');
  const { generatePath, matchPath } = await import('react-router');
  const { createPathTranslator, translationsOf } = await import('#app/i18n/translate-path.ts');
  const { LANGUAGES } = await import('#app/i18n/language.ts');
  type Mapping = Parameters<typeof translationsOf>[0] & object;
  const mapping = deepFreeze(JSON.parse(readFileSync('content/language_mapping.json', 'utf8')) as Mapping);
  // Every entry tried with matchPath, in the documented order: exact paths first, then patterns with more fixed segments.
  const reference = (language: (typeof LANGUAGES)[number], pathname: string) => {
    const fixedSegments = (path: string) => path.split('/').filter((segment) => segment !== '' && !segment.startsWith(':')).length;
    const ordered = [...mapping[language]].sort((a, b) => Number(a.path.includes(':')) - Number(b.path.includes(':')) || fixedSegments(b.path) - fixedSegments(a.path));
    for (const entry of ordered) {
      const match = matchPath({ path: entry.path, end: true }, pathname);
      if (!match) continue;
      const found = LANGUAGES.flatMap((other) => {
        const target = mapping[other].find((candidate) => candidate.idx === entry.idx && candidate.isActive);
        if (!target) return [];
        try {
          return [{ language: other, path: generatePath(target.path, match.params) }];
        } catch {
          return [];
        }
      });
      return found.length > 1 ? found : [];
    }
    return [];
  };
  const samples = new Set(['/', '//', '', '/nope', '/SERVICES', '/Services/', '/services//', '//services', '/technology/lunio', '/Technology/Lunio/', '/te\u212Ahnology', '/company/events/omr/meeting-request/2026/03']);
  for (const language of LANGUAGES) {
    for (const { path } of mapping[language]) {
      const filled = path.replace(/:(\w+)\?/g, (_, name: string) => (name === 'year' ? '2026' : name === 'month' ? '03' : 'munich')).replace(/:\w+/g, 'x-1');
      for (const variant of [filled, `${filled}/`, filled.toUpperCase(), `${filled}/extra`]) samples.add(variant);
    }
  }
  const prepared = createPathTranslator(mapping);
  for (const language of LANGUAGES) {
    for (const pathname of samples) {
      t.same(translationsOf(mapping, language, pathname), reference(language, pathname), `${language} ${pathname}`);
      t.same(prepared(language, pathname), reference(language, pathname), `${language} ${pathname}, again from the prepared order`);
    }
  }
  t.ok(translationsOf(mapping, 'en', '/technology/lunio').length === 2, 'a page with both languages has both');
});

t.test('a page link rendered on the server is the markup react-router Link renders', async (t) => {
  const { createElement } = await import('react');
  const { renderToString } = await import('react-dom/server');
  const { createStaticHandler, createStaticRouter, Link, StaticRouterProvider } = await import('react-router');
  const { PageLink, PageLinkContext } = await import('#app/layout/smart-link.tsx');
  const { ServerPageLink } = await import('#server/ssr/server-page-link.tsx');
  const targets = [
    '/', '/services', '/services/', '/services/analytics?x=1#top', '/a/../b/./c', '/a//b', '/with space', '/umlaut-ü', '/%C3%BC', '/?', '/#',
    '/search?q=<script>&a="b"', '/a/b/..', '/a/b/../', '/\\evil', '\\/evil', '/x#y?z',
  ];
  const links = (component: typeof Link | typeof PageLink) => () =>
    createElement(
      'nav',
      null,
      ...targets.map((to) => createElement(component, { key: to, to, className: 'text-link', 'aria-label': 'label', onClick: () => undefined }, 'text')),
      createElement(component, { key: 'target', to: '/x', target: '_self', discover: 'none', lang: 'de' }, 'text'),
    );
  for (const [location, basename] of [['/company/events/omr', '/'], ['/', '/'], ['/site/company/career/', '/site']] as const) {
    const render = async (component: typeof Link | typeof PageLink) => {
      const handler = createStaticHandler([{ id: 'page', path: '*', Component: links(component) }], { basename });
      const context = await handler.query(new Request(`http://localhost${location}`));
      if (context instanceof Response) throw new Error(`${location} answered ${context.status}`);
      // As the server renders pages: its own link component provided (render-page.tsx).
      return renderToString(
        createElement(PageLinkContext.Provider, { value: ServerPageLink }, createElement(StaticRouterProvider, { router: createStaticRouter(handler.dataRoutes, context), context, hydrate: false })),
      );
    };
    const theirs = await render(Link);
    const ours = await render(PageLink);
    t.equal(ours, theirs, `at ${location}, basename ${basename}`);
    t.match(theirs, /<a class="text-link" aria-label="label" href="[^"]*\/a\/b" data-discover="true">text<\/a>/, 'the links are there');
  }
});
