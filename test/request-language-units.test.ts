import { createStaticHandler, type StaticHandlerContext } from 'react-router';
import t from 'tap';
import { languageNamedBy } from '#app/i18n/language-address.ts';
import { languageOfAddress, languageOfRequest } from '#app/i18n/request-language.ts';
import { createRequestContext } from '#app/request-context.ts';
import type { PageData, RootData, RouteDeps } from '#app/route-data.ts';
import { createRoutes } from '#app/routes.tsx';
import { loadContentStore } from '#server/content/content-store.ts';
import { createStoreContentSource } from '#server/content/file-content-source.ts';

const at = (address: string) => new URL(address, 'http://localhost');

t.test('the address names the language first, then the cookie, then Accept-Language, then English', async (t) => {
  t.equal(languageOfAddress(at('/unternehmen'), { cookie: 'en', acceptLanguage: 'en' }), 'de', 'a one-language path');
  t.equal(languageOfAddress(at('/services?lang=de'), { cookie: 'en' }), 'de', 'a shared path with ?lang=');
  t.equal(languageOfAddress(at('/company?lang=de'), {}), 'en', 'a one-language path outranks ?lang=');
  t.equal(languageOfAddress(at('/services?lang=de&lang=en'), { cookie: 'en' }), 'en', 'two ?lang= name none');
  t.equal(languageOfAddress(at('/services'), { cookie: 'de', acceptLanguage: 'en' }), 'de', 'the cookie');
  t.equal(
    languageOfAddress(at('/services'), { cookie: 'fr', acceptLanguage: 'fr, de;q=0.5' }),
    'de',
    'only de or en count in the cookie',
  );
  t.equal(languageOfAddress(at('/services'), {}), 'en', 'English when nothing says');
  t.equal(languageNamedBy(at('/services')), undefined, 'a shared path names no language');
  t.equal(
    languageOfRequest('de', { cookie: 'en', acceptLanguage: 'en' }),
    'de',
    'what a request names outranks the visitor',
  );
});

t.test('the loaders take the language the server decided, and decide it themselves only without one', async (t) => {
  const store = await loadContentStore('content');
  const unused = {} as never;
  const deps = (signals?: RouteDeps['languageSignals']): RouteDeps => ({
    content: createStoreContentSource(store),
    insights: unused,
    careers: unused,
    now: () => new Date(),
    ...(signals ? { languageSignals: signals } : {}),
  });
  // A visitor whose browser says English on a shared page.
  const request = () =>
    new Request('http://localhost/services', { headers: { cookie: 'language=en', 'accept-language': 'en' } });
  const dataOf = (context: StaticHandlerContext | Response) => {
    if (context instanceof Response) throw new Error(`answered ${context.status}`);
    return {
      root: context.loaderData.root as RootData,
      page: context.loaderData.services as PageData,
      status: context.statusCode,
    };
  };

  const decided = dataOf(
    await createStaticHandler(createRoutes(deps())).query(request(), {
      requestContext: createRequestContext({ language: 'de' }),
    }),
  );
  t.equal(decided.status, 200);
  t.equal(decided.root.language, 'de', 'the root loader reads the decided language, not the headers');
  t.equal(decided.page.language, 'de', 'so does the page loader');
  t.equal(
    decided.page.content,
    await createStoreContentSource(store).page('de', 'homepage/services'),
    'and loads that language’s content',
  );

  // The browser's router hands over no decision: its loaders read the cookie themselves.
  const browser = dataOf(await createStaticHandler(createRoutes(deps(() => ({ cookie: 'de' })))).query(request()));
  t.equal(browser.root.language, 'de', 'the root loader decides from the signals it is given');
  t.equal(browser.page.language, 'de', 'and the page loader by the same rule');

  const nothing = dataOf(
    await createStaticHandler(createRoutes(deps())).query(new Request('http://localhost/services?lang=de')),
  );
  t.equal(nothing.root.language, 'de', 'without a decision or signals, the address still names the language');
  t.equal(nothing.page.language, 'de');
});
