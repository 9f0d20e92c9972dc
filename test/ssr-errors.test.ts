import t from 'tap';
import { build, copyContent, editJson } from './helpers/build.ts';

t.test('a page that fails to render answers 500 with the error page in the layout', async (t) => {
  const content = await copyContent(t, (dir) =>
    editJson(dir, 'en/homepage/services.json', (value) => ({ ...value, items: 'not a list' })),
  );
  const app = await build(t, { CONTENT_DIR: content });
  const response = await app.inject({ url: '/', headers: { cookie: 'language=en' } });
  t.equal(response.statusCode, 500);
  t.match(response.body, 'Error 500');
  t.match(response.body, 'Oops, something went wrong.');
  t.match(response.body, 'Back to the homepage');
  t.match(response.body, 'class="navbar', 'the navigation stays');
  t.notMatch(response.body, 'not a function', 'no internals leak');
  const other = await app.inject({ url: '/services', headers: { cookie: 'language=en' } });
  t.equal(other.statusCode, 200, 'other pages keep working');
});

t.test('when the layout itself cannot render, the fallback error document is sent', async (t) => {
  const content = await copyContent(t, (dir) => editJson(dir, 'de/navigation.json', () => ({ top_level: 'broken' })));
  const app = await build(t, { CONTENT_DIR: content });
  const response = await app.inject({ url: '/unternehmen' });
  t.equal(response.statusCode, 500);
  t.match(response.body, '<html lang="de">');
  t.match(response.body, 'Beim Anzeigen der Fehlerseite ist ein Fehler aufgetreten');
  t.match(response.body, '<a href="/">Zurück zur Startseite</a>');
});

t.test('without UI texts the root route fails and the fatal error document shows', async (t) => {
  const content = await copyContent(t, async (dir) => {
    const { rm } = await import('node:fs/promises');
    await rm(`${dir}/en/ui.json`);
  });
  const app = await build(t, { CONTENT_DIR: content });
  const response = await app.inject({ url: '/company' });
  t.equal(response.statusCode, 500);
  t.match(response.body, 'An error occurred while showing the error page');
  t.match(response.body, 'href="/"');
});

t.test('hydration data cannot close its script tag', async (t) => {
  const evil = '</script><script>alert("x")</script><!-- \u2028';
  const content = await copyContent(t, (dir) =>
    editJson(dir, 'en/homepage/stage.json', (value) => ({ ...value, description: evil })),
  );
  const app = await build(t, { CONTENT_DIR: content });
  const response = await app.inject({ url: '/', headers: { cookie: 'language=en' } });
  t.equal(response.statusCode, 200);
  t.notMatch(response.body, '<script>alert', 'the content never becomes markup');
  const scripts = response.body.match(/<script[^>]*>[\s\S]*?<\/script>/g) ?? [];
  const hydration = scripts.find((script) => script.includes('__staticRouterHydrationData'));
  t.ok(hydration, 'hydration data is present');
  t.match(hydration, '\\u003c/script\\u003e\\u003cscript\\u003ealert', 'escaped inside the data');
  t.notMatch(hydration, '\u2028');
});
