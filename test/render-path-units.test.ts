import type { ComponentType } from 'react';
import type { LinkProps, NavLinkProps } from 'react-router';
import t from 'tap';
import type { PageLinkComponents } from '#app/layout/smart-link.tsx';
import { createInlineJsonWriter, inlineJson } from '#server/ssr/serialize.ts';

const deepFreeze = <T>(value: T): T => {
  if (value && typeof value === 'object') {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
};

t.test(
  'the page data writer writes what inlineJson writes, for frozen content and per-request values alike',
  async (t) => {
    const write = createInlineJsonWriter();
    const content = deepFreeze({
      headline: '</script><!-- & \u2028 \u2029 "quoted"',
      items: [{ a: 1, b: null, c: [true, false] }],
      empty: {},
      none: [],
    });
    const samples: object[] = [
      content,
      {
        loaderData: { root: { language: 'en', content, missing: undefined, fn: () => 1 }, pages: undefined },
        actionData: null,
        errors: null,
      },
      // What JSON.stringify leaves out or turns into null, and what has its own JSON form.
      [undefined, () => 1, Symbol('s'), Number.NaN, Infinity, -0, 1.5e300, 'x'],
      {
        date: new Date(Date.UTC(2026, 0, 2)),
        boxed: [Object('s'), Object(2), Object(false)],
        nested: { deeper: [[], [{}]] },
      },
      // A hole in an array is null, as JSON.stringify writes it.
      // biome-ignore lint/suspicious/noSparseArray: the hole is what is tested
      [1, , 3],
      { '<key>': 'value', 'line\u2028separator': 1 },
      // Members left out first, between and last: no stray commas.
      { a: undefined, b: 1, c: () => 1, d: [undefined], e: Symbol('e') },
      { only: undefined },
      deepFreeze(['frozen', { array: [1, 2] }]),
    ];
    // Named by number: a name holding the samples' U+2028 breaks the TAP line, and its result is lost.
    for (const [index, sample] of samples.entries()) {
      const expected = inlineJson(sample);
      t.equal(write(sample), expected, `sample ${index}`);
      t.equal(write(sample), expected, `sample ${index} again, from what was kept`);
    }
    t.notMatch(write(content), /<|>|&|\u2028|\u2029/, 'nothing a script could be closed or broken with');
    t.same(JSON.parse(write(content)), content, 'still the same data');
  },
);

t.test(
  'page data is written in characters up to U+00FF, the rest escaped, for frozen and per-request values',
  async (t) => {
    const write = createInlineJsonWriter();
    const content = deepFreeze({ quote: '\u201cDigital\u201d \u2013 Stra\u00dfe, caf\u00e9 \u20ac5 \ud83d\ude80' });
    const perRequest = { language: 'de', note: 'K\u00f6ln \u2014 M\u00fcnchen', content };
    for (const [name, json] of [
      ['frozen', write(content)],
      ['per request', write(perRequest)],
      ['inlineJson', inlineJson(perRequest)],
    ] as const) {
      t.notMatch(json, /[\u0100-\uffff]/, `${name}: no character above U+00FF`);
      t.match(json, /\\u201c/, `${name}: a typographic quote is escaped`);
      t.match(json, /\u00df/, `${name}: Latin-1 letters stay as they are`);
    }
    t.same(JSON.parse(write(perRequest)), perRequest, 'the same data, the emoji (a surrogate pair) included');
    t.equal(write(perRequest), inlineJson(perRequest));
  },
);

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
  const routes = createRoutes({
    content: unused,
    insights: unused,
    careers: unused,
    now: () => new Date(),
    languageSignals: () => ({}),
  });
  const whole = createStaticHandler(routes);
  const handlers = createRouteHandlers(routes);
  const samples = new Set<string>([
    '/',
    '//',
    '/nope',
    '/services/',
    '/Services',
    '/services/a/b/c/d',
    '/insights/%C3%9Cber',
    '/insights/a%2Fb',
    '/insights/%E0%A4%A',
    '/unternehmen/nope',
  ]);
  for (const { path } of PAGE_ROUTES) {
    const segments = path.split('/').filter(Boolean);
    for (let keep = 0; keep <= segments.length; keep += 1) {
      const filled = segments
        .slice(0, keep)
        .map((segment) => (segment.startsWith(':') ? (segment.includes('year') ? '2026' : 'x-1') : segment));
      samples.add(`/${filled.join('/')}`);
      samples.add(`/${filled.join('/')}/extra`);
    }
  }
  const matched = (routes: Parameters<typeof matchRoutes>[0], pathname: string) =>
    (matchRoutes(routes, pathname) ?? []).map((match) => ({
      id: match.route.id,
      params: match.params,
      pathname: match.pathname,
      pathnameBase: match.pathnameBase,
    }));
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
    const fixedSegments = (path: string) =>
      path.split('/').filter((segment) => segment !== '' && !segment.startsWith(':')).length;
    const ordered = [...mapping[language]].sort(
      (a, b) =>
        Number(a.path.includes(':')) - Number(b.path.includes(':')) || fixedSegments(b.path) - fixedSegments(a.path),
    );
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
  const samples = new Set([
    '/',
    '//',
    '',
    '/nope',
    '/SERVICES',
    '/Services/',
    '/services//',
    '//services',
    '/technology/lunio',
    '/Technology/Lunio/',
    '/te\u212Ahnology',
    '/company/events/omr/meeting-request/2026/03',
  ]);
  for (const language of LANGUAGES) {
    for (const { path } of mapping[language]) {
      const filled = path
        .replace(/:(\w+)\?/g, (_, name: string) => (name === 'year' ? '2026' : name === 'month' ? '03' : 'munich'))
        .replace(/:\w+/g, 'x-1');
      for (const variant of [filled, `${filled}/`, filled.toUpperCase(), `${filled}/extra`]) samples.add(variant);
    }
  }
  const prepared = createPathTranslator(mapping);
  for (const language of LANGUAGES) {
    for (const pathname of samples) {
      t.same(translationsOf(mapping, language, pathname), reference(language, pathname), `${language} ${pathname}`);
      t.same(
        prepared(language, pathname),
        reference(language, pathname),
        `${language} ${pathname}, again from the prepared order`,
      );
    }
  }
  t.ok(translationsOf(mapping, 'en', '/technology/lunio').length === 2, 'a page with both languages has both');
});

/**
 * The markup a page component renders at an address under the static router, as the server
 * renders pages: its own link components provided (render-page.tsx), unless others are given.
 */
async function renderAt(
  Component: ComponentType,
  location: string,
  basename = '/',
  provided?: PageLinkComponents,
): Promise<string> {
  const { createElement } = await import('react');
  const { renderToString } = await import('react-dom/server');
  const { createStaticHandler, createStaticRouter, StaticRouterProvider } = await import('react-router');
  const { PageLinkContext } = await import('#app/layout/smart-link.tsx');
  const { SERVER_PAGE_LINKS } = await import('#server/ssr/server-page-link.tsx');
  const handler = createStaticHandler([{ id: 'page', path: '*', Component }], { basename });
  const context = await handler.query(new Request(`http://localhost${location}`));
  if (context instanceof Response) throw new Error(`${location} answered ${context.status}`);
  return renderToString(
    createElement(
      PageLinkContext.Provider,
      { value: provided ?? SERVER_PAGE_LINKS },
      createElement(StaticRouterProvider, {
        router: createStaticRouter(handler.dataRoutes, context),
        context,
        hydrate: false,
      }),
    ),
  );
}

t.test('a page link rendered on the server is the markup react-router Link renders', async (t) => {
  const { createElement } = await import('react');
  const { Link, NavLink } = await import('react-router');
  const { PageLink } = await import('#app/layout/smart-link.tsx');
  const { SERVER_PAGE_LINKS } = await import('#server/ssr/server-page-link.tsx');
  const targets = [
    '/',
    '/services',
    '/services/',
    '/services/analytics?x=1#top',
    '/a/../b/./c',
    '/a//b',
    '/with space',
    '/umlaut-ü',
    '/%C3%BC',
    '/?',
    '/#',
    '/search?q=<script>&a="b"',
    '/a/b/..',
    '/a/b/../',
    '/\\evil',
    '\\/evil',
    '/x#y?z',
  ];
  const links = (component: ComponentType<LinkProps>) => () =>
    createElement(
      'nav',
      null,
      ...targets.map((to) =>
        createElement(
          component,
          { key: to, to, className: 'text-link', 'aria-label': 'label', onClick: () => undefined },
          'text',
        ),
      ),
      createElement(component, { key: 'target', to: '/x', target: '_self', discover: 'none', lang: 'de' }, 'text'),
    );
  for (const [location, basename] of [
    ['/company/events/omr', '/'],
    ['/', '/'],
    ['/site/company/career/', '/site'],
  ] as const) {
    const render = (component: ComponentType<LinkProps>, provided?: PageLinkComponents) =>
      renderAt(links(component), location, basename, provided);
    const theirs = await render(Link);
    const ours = await render(SERVER_PAGE_LINKS.Link);
    t.equal(ours, theirs, `at ${location}, basename ${basename}`);
    t.match(
      theirs,
      /<a class="text-link" aria-label="label" href="[^"]*\/a\/b" data-discover="true">text<\/a>/,
      'the links are there',
    );
    // The site's links, as the server writes them and as the browser hydrates them.
    const server = await render(PageLink);
    t.equal(server, await render(PageLink, { Link, NavLink }), `PageLink at ${location}: the browser's markup`);
    t.match(server, /<a class="text-link" aria-label="label" href="[^"]*\/a\/b">text<\/a>/, 'without data-discover');
  }
});

t.test('a navigation link rendered on the server is the markup react-router NavLink renders', async (t) => {
  const { createElement } = await import('react');
  const { Link, NavLink } = await import('react-router');
  const { PageNavLink } = await import('#app/layout/smart-link.tsx');
  const { SERVER_PAGE_LINKS } = await import('#server/ssr/server-page-link.tsx');
  const targets = [
    '/',
    '/services',
    '/services/',
    '/Services',
    '/services/analytics',
    '/services/analytics/',
    '/services/analytics-x',
    '/company',
    '/company/career',
    '/services/analytics?x=1#top',
    '/a/../services',
    '/services/./analytics',
    '/a//b',
    '/with space',
    '/umlaut-ü',
    '/%C3%BC',
    '/?',
    '/#',
    '/\\evil',
    '\\/evil',
  ];
  const links = (component: ComponentType<NavLinkProps>) => () =>
    createElement(
      'nav',
      null,
      ...targets.map((to) =>
        createElement(
          component,
          { key: to, to, className: 'navbar__link', 'aria-label': 'label', onClick: () => undefined },
          'text',
        ),
      ),
      createElement(component, { key: 'plain', to: '/services' }, 'no class'),
      createElement(component, { key: 'end', to: '/services', end: true, className: 'x' }, 'end'),
      createElement(component, { key: 'case', to: '/SERVICES', caseSensitive: true, className: 'x' }, 'case'),
      createElement(
        component,
        { key: 'current', to: '/services', 'aria-current': 'location', target: '_self', discover: 'none', lang: 'de' },
        'current',
      ),
      createElement(
        component,
        {
          key: 'function',
          to: '/services',
          className: ({ isActive }: { isActive: boolean }) => (isActive ? 'on' : 'off'),
        },
        'function',
      ),
    );
  const locations = [
    ['/services/analytics', '/'],
    ['/Services/Analytics/', '/'],
    ['/', '/'],
    ['/company/career', '/'],
    ['/umlaut-%C3%BC', '/'],
    ['/site/services/', '/site'],
  ] as const;
  for (const [location, basename] of locations) {
    const render = (component: ComponentType<NavLinkProps>, provided?: PageLinkComponents) =>
      renderAt(links(component), location, basename, provided);
    const theirs = await render(NavLink);
    const ours = await render(SERVER_PAGE_LINKS.NavLink);
    t.equal(ours, theirs, `at ${location}, basename ${basename}`);
    t.equal(
      await render(PageNavLink),
      await render(PageNavLink, { Link, NavLink }),
      `PageNavLink at ${location}: the browser's markup`,
    );
  }
  const atAnalytics = await renderAt(links(SERVER_PAGE_LINKS.NavLink), '/services/analytics');
  t.match(
    atAnalytics,
    '<a aria-label="label" aria-current="page" class="navbar__link active" href="/services" data-discover="true">text</a>',
    'a link above the page is active',
  );
  t.match(
    atAnalytics,
    '<a aria-label="label" class="navbar__link" href="/services/analytics-x" data-discover="true">text</a>',
    'a longer name is not below it',
  );
  t.match(
    atAnalytics,
    '<a class="x" href="/services" data-discover="true">end</a>',
    'an end link above the page is not active',
  );
});

t.test('nonces drawn a batch at a time are each new, 128 bits in base64url', async (t) => {
  const { createNonceSource } = await import('#server/security/content-security-policy.ts');
  const first = createNonceSource();
  const second = createNonceSource();
  const seen = new Set<string>();
  const malformed: string[] = [];
  // Past several batches of both sources, interleaved.
  for (let index = 0; index < 1000; index++) {
    for (const nonce of [first(), second()]) {
      if (!/^[A-Za-z0-9_-]{22}$/.test(nonce)) malformed.push(nonce);
      seen.add(nonce);
    }
  }
  t.same(malformed, [], 'each is 22 base64url characters');
  t.equal(seen.size, 2000, 'every nonce is new');
  const bits = [...seen].slice(0, 256).map((nonce) => Buffer.from(nonce, 'base64url'));
  const ones = bits.reduce(
    (sum, bytes) => sum + [...bytes].reduce((count, byte) => count + byte.toString(2).replaceAll('0', '').length, 0),
    0,
  );
  // 256 × 128 bits: about half set; a pool left unfilled (zeros) or reused would not be.
  t.ok(ones > 256 * 128 * 0.45 && ones < 256 * 128 * 0.55, `${ones} of ${256 * 128} bits set`);
});
