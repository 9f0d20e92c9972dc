/** Every address the browser calls is a route of the server, not the JSON 404 that answers any other /api path. */
import t from 'tap';
import * as api from '#app/api-paths.ts';
import { FORMS } from '#app/forms/form-definitions.ts';
import { build } from './helpers/build.ts';

const calls: [method: string, url: string][] = [
  ...Object.values(FORMS).map((form): [string, string] => ['POST', form.action]),
  ['POST', api.EVENT_CONFIRM_API],
  ['GET', `${api.EVENT_CONFIRM_API}/token`],
  ['POST', api.NEWSLETTER_CONFIRM_API],
  ['POST', api.NEWSLETTER_UNSUBSCRIBE_API],
  ['POST', `${api.NEWSLETTER_UNSUBSCRIBE_API}/token`],
  ['POST', api.FILE_EXISTS_API],
  ['POST', api.CSP_REPORT_API],
  ['POST', api.WEB_VITALS_API],
  ['GET', api.careersApiPath('de')],
  ['GET', api.insightsArticlesApiPath('en', 2)],
  ['GET', api.insightsSearchApiPath('de', 'Über uns')],
  ['GET', api.insightsFilterApiPath('en')],
  ['GET', api.insightsSearchOptionsApiPath('de')],
  ['POST', api.recommendationsApiPath('en')],
  ['GET', api.galaxyUserApiPath('uid/with slash')],
  ['GET', `${api.GALAXY_API}/exclusions`],
  ['GET', api.platformTokenApiPath('uid')],
  ['POST', `${api.FIREBASE_API}/session`],
];

t.test('each API path of src/app/api-paths.ts leads to the route registered for it', async (t) => {
  const app = await build(t);
  await app.ready();
  for (const [method, url] of calls) {
    const route = app.findRoute({ method: method as 'GET', url: url.split('?')[0]! });
    t.ok(route && !('*' in (route.params as object)), `${method} ${url}`);
  }
  const unknown = app.findRoute({ method: 'GET', url: `${api.API_ROOT}/nothing-here` });
  t.ok(
    unknown && '*' in (unknown.params as object),
    'an unknown path reaches the catch-all, so the check above can fail',
  );
});

t.test('a path is declared below its group only when it is one', async (t) => {
  t.equal(api.routeBelow(api.CONTACT_API, api.CONTACT_API), '/');
  t.equal(api.routeBelow(api.CONTACT_API, api.CONTACT_OMR_API), '/omr');
  t.throws(() => api.routeBelow(api.EVENTS_API, api.NEWSLETTER_CONFIRM_API));
});
