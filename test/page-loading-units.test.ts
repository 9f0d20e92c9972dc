/**
 * The page table (page-table.ts) and what its pages load (page-loading.ts), kept apart so the
 * browser's first load carries only the table: both name the same pages, and the loading keeps
 * the folders and checks that the table once held.
 */
import t from 'tap';
import { LOADED_PAGE_ROUTES, LOADING_WITHOUT_ROUTE, loadedPageRoute } from '#app/page-loading.ts';
import { PAGE_ROUTES } from '#app/page-table.ts';

t.test('every page of the table has its loading, and no loading names a page that is not there', async (t) => {
  t.same(
    LOADED_PAGE_ROUTES.map((route) => route.id),
    PAGE_ROUTES.map((route) => route.id),
  );
  t.same(LOADING_WITHOUT_ROUTE, []);
  for (const route of PAGE_ROUTES) {
    const loaded = loadedPageRoute(route);
    t.equal(loaded.path, route.path, `${route.id} keeps its path`);
    t.equal(loaded.page, route.page, `${route.id} keeps its page module`);
  }
  t.throws(() => loadedPageRoute({ id: 'no-such-page' }), /no-such-page is not in the page table/);
});

t.test('folders follow the path, or what a page names instead', async (t) => {
  const folder = (id: string, params: Record<string, string> = {}) => loadedPageRoute({ id }).folder(params);
  t.equal(folder('home'), 'homepage');
  t.equal(folder('services'), 'homepage/services', 'the default: the path');
  t.equal(folder('service-sub-detail', { slug: 'analytics', sub: 'tracking' }), 'homepage/services/analytics/tracking');
  t.equal(folder('de-omr-meeting-request', { year: '2026' }), 'homepage/unternehmen/events/omr/terminanfrage');
  t.equal(folder('en-job', { slug: 'data-engineer' }), 'homepage/company/career/job', 'every job reads one folder');
  t.equal(folder('de-event-cloud', { location: 'hamburg' }), 'homepage/unternehmen/events/cloud');
  t.equal(folder('newsletter-confirm', { email: 'token' }), 'homepage/newsletter/confirm');
  t.equal(loadedPageRoute({ id: 'insights' }).blocks, 'stage', 'the default blocks');
});

t.test('dynamic segments are checked as before the split', async (t) => {
  const valid = (id: string, params: Record<string, string>) => loadedPageRoute({ id }).validate?.(params) ?? true;
  t.ok(valid('service-detail', { slug: 'analytics' }));
  t.notOk(valid('service-detail', { slug: 'Analytics' }));
  t.notOk(valid('insight-article', { slug: '../etc' }));
  t.notOk(valid('en-job', { slug: 'job' }), 'the shared job folder is no job');
  t.ok(valid('en-event', { eventname: 'omr', location: 'hamburg', year: '2026', month: '05' }));
  t.notOk(valid('en-event', { eventname: 'omr', location: 'hamburg', year: '2026', month: '13' }));
  t.notOk(valid('de-event-omr', { year: '26' }));
  t.same(loadedPageRoute({ id: 'events' }).middleware, ['eventRedirect']);
});
