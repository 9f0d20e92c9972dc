/**
 * The Content Security Policy: on every page; a kept page names the hash of each of its inline
 * scripts, a page rendered for one answer puts a fresh nonce on each; script sources exactly
 * as configured, and violations reported to a bounded endpoint.
 */
import t from 'tap';
import { loadConfig } from '#server/config.ts';
import { createContentSecurityPolicy } from '#server/security/content-security-policy.ts';
import { launchBrowser, openPage, waitForHydration } from './helpers/browser.ts';
import { build } from './helpers/build.ts';
import { directives, hashesOf, inlineScripts, nonceOf, sha256 } from './helpers/csp.ts';
import { startServer } from './helpers/server-process.ts';

t.test('with every third party configured, kept pages still name the hash of each inline script', async (t) => {
  const app = await build(t, {
    GTM_ID: 'GTM-AB12CD3',
    CONSENT_MANAGER_ID: 'nordstern-settings',
    MAPS_API_KEY: 'maps-key-1234',
    FIREBASE_API_KEY: 'key',
    FIREBASE_PROJECT_ID: 'demo-nordstern',
    GALAXY_URL: 'https://galaxy.nordstern-digital.example',
  });
  for (const url of [
    '/?lang=en',
    '/unternehmen',
    '/company/contact',
    '/insights/consent-mode-v2-explained',
    '/company/events/analytics-hub/hamburg/2027/03',
  ]) {
    const response = await app.inject({ url });
    const policy = String(response.headers['content-security-policy']);
    const hashes = hashesOf(policy);
    const scripts = inlineScripts(response.body);
    t.ok(
      scripts.some(({ tag }) => tag.includes('id="consent-manager-loader"')),
      `${url}: the consent manager is added by an inline script`,
    );
    t.same(
      scripts.filter(({ text }) => !hashes.has(sha256(text))),
      [],
      `${url}: every inline script is named by its hash`,
    );
    t.notOk(nonceOf(policy), `${url}: no nonce`);
  }
});

t.test('the policy says what the issue asks, and nothing looser', async (t) => {
  const app = await build(t);
  const page = await app.inject({ url: '/' });
  const policy = directives(String(page.headers['content-security-policy']));
  t.same(
    policy.get('script-src')?.filter((source) => !source.startsWith("'sha256-")),
    ["'self'", "'strict-dynamic'"],
    'scripts: hashes, trust handed on by trusted scripts, this site for older browsers',
  );
  t.ok(hashesOf(String(page.headers['content-security-policy'])).size > 0, 'the hashes of the kept page');
  t.same(policy.get('frame-ancestors'), ["'none'"]);
  t.same(policy.get('object-src'), ["'none'"]);
  t.same(policy.get('base-uri'), ["'self'"]);
  t.same(policy.get('report-to'), ['csp']);
  t.same(policy.get('report-uri'), ['/api/csp-report']);
  t.equal(page.headers['reporting-endpoints'], 'csp="/api/csp-report"');
  for (const [name, sources] of policy) {
    t.notOk(sources.includes("'unsafe-eval'"), `${name}: no unsafe-eval`);
    if (name !== 'style-src') t.notOk(sources.includes("'unsafe-inline'"), `${name}: no unsafe-inline`);
  }
  t.equal(page.headers['x-frame-options'], 'DENY');
  // Error pages and a refused plain form post shown again carry it too.
  const missing = await app.inject({ url: '/nope' });
  t.ok(nonceOf(String(missing.headers['content-security-policy'])), '404 page');
  const refused = await app.inject({
    method: 'POST',
    url: '/api/contact',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'text/html',
      origin: 'http://localhost:3000',
    },
    payload: 'name=A&email=nope&message=Hi&language=en&page=%2Fcompany%2Fcontact&legals=on',
  });
  t.equal(refused.statusCode, 400);
  const nonce = nonceOf(String(refused.headers['content-security-policy']));
  t.ok(nonce, 'a refused form page');
  t.match(refused.body, ` nonce="${nonce}"`);
});

/** Google Ads' conversion and remarketing scripts, for browsers without 'strict-dynamic'. */
const GOOGLE_ADS_SCRIPTS = [
  'https://www.googleadservices.com',
  'https://googleads.g.doubleclick.net',
  'https://www.google.com',
];

t.test('script sources are exactly the configured third parties', async (t) => {
  const base = { SITE_URL: 'https://www.nordstern-digital.example', DATA_DIR: '/tmp/unused' };
  const scriptOrigins = (env: Record<string, string>) =>
    createContentSecurityPolicy(loadConfig({ ...base, ...env })).scriptOrigins;
  t.same(scriptOrigins({}), [], 'nothing configured: none');
  t.same(scriptOrigins({ GTM_ID: 'GTM-ABC123' }), ['https://www.googletagmanager.com', ...GOOGLE_ADS_SCRIPTS]);
  t.same(
    scriptOrigins({ GTM_ID: 'GTM-ABC123', GTM_ORIGIN: 'https://gtm.staging.nordstern-digital.example' }),
    ['https://gtm.staging.nordstern-digital.example', ...GOOGLE_ADS_SCRIPTS],
    'staging host',
  );
  t.same(scriptOrigins({ GTM_ID: 'GTM-ABC123', CONSENT_MANAGER_ID: 'AbC-123_x' }), [
    'https://www.googletagmanager.com',
    ...GOOGLE_ADS_SCRIPTS,
    'https://app.usercentrics.eu',
  ]);
  t.same(scriptOrigins({ MAPS_API_KEY: 'AIzaExampleKey' }), ['https://maps.googleapis.com']);
  t.same(
    scriptOrigins({
      FIREBASE_API_KEY: 'key',
      FIREBASE_PROJECT_ID: 'demo-nordstern',
      GALAXY_URL: 'https://galaxy.nordstern-digital.example',
    }),
    ['https://apis.google.com'],
    "Google sign-in's script when sign-in is on",
  );
  const login = directives(
    createContentSecurityPolicy(
      loadConfig({
        ...base,
        FIREBASE_API_KEY: 'key',
        FIREBASE_PROJECT_ID: 'demo-nordstern',
        GALAXY_URL: 'https://galaxy.nordstern-digital.example',
      }),
    ).header('n'),
  );
  t.ok(login.get('connect-src')?.includes('https://identitytoolkit.googleapis.com'), 'the identity API may be called');
  t.ok(login.get('frame-src')?.includes('https://demo-nordstern.firebaseapp.com'), "the auth domain's frame");
  t.ok(
    directives(createContentSecurityPolicy(loadConfig(base)).header('n')).has('upgrade-insecure-requests'),
    'https sites upgrade',
  );
});

t.test('Google Ads can measure and remarket exactly where the consent asks for marketing', async (t) => {
  const base = { SITE_URL: 'https://www.nordstern-digital.example', DATA_DIR: '/tmp/unused' };
  const policy = (env: Record<string, string>) =>
    directives(createContentSecurityPolicy(loadConfig({ ...base, ...env })).header('n'));
  const ads = {
    'connect-src': [
      'https://www.googleadservices.com',
      'https://googleads.g.doubleclick.net',
      'https://www.google.com',
    ],
    'img-src': ['https://www.googleadservices.com', 'https://googleads.g.doubleclick.net', 'https://www.google.com'],
    'frame-src': ['https://td.doubleclick.net', 'https://bid.g.doubleclick.net'],
  };
  const withMarketing: Record<string, string>[] = [
    { GTM_ID: 'GTM-ABC123' },
    { GTM_ID: 'GTM-ABC123', CONSENT_MANAGER_ID: 'AbC-123_x' },
  ];
  for (const env of withMarketing) {
    const withTagManager = policy(env);
    for (const [directive, hosts] of Object.entries(ads)) {
      t.same(
        hosts.filter((host) => !withTagManager.get(directive)?.includes(host)),
        [],
        `${Object.keys(env).join(' + ')}: ${directive} allows Google Ads' hosts`,
      );
    }
    t.ok(withTagManager.get('frame-src')?.includes("'self'"), 'frames of this site stay allowed');
  }
  const withoutMarketing: Record<string, string>[] = [
    {},
    { MAPS_API_KEY: 'AIzaExampleKey' },
    { CONSENT_MANAGER_ID: 'AbC-123_x' },
  ];
  for (const env of withoutMarketing) {
    const without = policy(env);
    t.same(
      without.get('frame-src'),
      ["'self'"],
      `${Object.keys(env).join(' + ') || 'nothing'}: no marketing purpose, no ad frames`,
    );
    for (const directive of ['connect-src', 'img-src'] as const) {
      t.notOk(
        without.get(directive)?.some((host) => /googleadservices|doubleclick/.test(host)),
        `${Object.keys(env).join(' + ') || 'nothing'}: ${directive} names no ad host`,
      );
    }
  }
});

t.test('reports: both forms logged, bad ones refused, bounded per address', async (t) => {
  const app = await build(t);
  const post = (type: string, payload: string, ip = '10.0.0.1') =>
    app.inject({
      method: 'POST',
      url: '/api/csp-report',
      headers: { 'content-type': type },
      payload,
      remoteAddress: ip,
    });
  const legacy = JSON.stringify({
    'csp-report': {
      'document-uri': 'http://localhost:3000/',
      'violated-directive': 'script-src',
      'blocked-uri': 'inline',
      'line-number': 3,
    },
  });
  const modern = JSON.stringify([
    {
      type: 'csp-violation',
      age: 10,
      url: 'http://localhost:3000/',
      user_agent: 'Chrome',
      body: {
        documentURL: 'http://localhost:3000/',
        effectiveDirective: 'script-src-elem',
        blockedURL: 'inline',
        disposition: 'enforce',
        lineNumber: 1,
      },
    },
  ]);
  t.equal((await post('application/csp-report', legacy)).statusCode, 204, 'report-uri form');
  t.equal((await post('application/reports+json', modern)).statusCode, 204, 'report-to form');

  const refusals: [string, string, number, string][] = [
    ['application/csp-report', JSON.stringify({ 'csp-report': { 'document-uri': 'x', extra: 'field' } }), 400, 'extra'],
    ['application/csp-report', JSON.stringify({ other: {} }), 400, 'csp-report'],
    ['application/csp-report', JSON.stringify({ 'csp-report': { 'line-number': '3' } }), 400, 'line-number'],
    [
      'application/csp-report',
      JSON.stringify({ 'csp-report': { 'document-uri': 'x'.repeat(3000) } }),
      400,
      'document-uri',
    ],
    ['application/csp-report', '{"csp-report":', 400, 'body'],
    ['application/csp-report', JSON.stringify({ 'csp-report': { 'document-uri': 'x'.repeat(17_000) } }), 413, 'body'],
    ['application/csp-report', '{"__proto__":{"polluted":true},"csp-report":{}}', 400, 'body'],
    ['application/reports+json', JSON.stringify([]), 400, 'body'],
    ['application/reports+json', JSON.stringify([{ type: 'deprecation', body: {} }]), 400, 'type'],
    ['application/reports+json', JSON.stringify(Array.from({ length: 21 }, () => JSON.parse(modern)[0])), 400, 'body'],
    ['application/reports+json', JSON.stringify({ type: 'csp-violation', body: {} }), 400, 'body'],
    ['text/plain', legacy, 415, 'content-type'],
    ['application/x-www-form-urlencoded', 'csp-report=1', 415, 'content-type'],
    ['application/json', legacy, 415, 'content-type'],
  ];
  for (const [type, payload, status, field] of refusals) {
    const response = await post(type, payload, '10.0.0.2');
    t.equal(response.statusCode, status, `${type} ${payload.slice(0, 60)} → ${status}`);
    t.equal(response.json().field, field, `names ${field}`);
  }
  t.notOk(({} as Record<string, unknown>).polluted, 'no prototype pollution');

  const statuses: number[] = [];
  for (let i = 0; i < 35; i += 1) statuses.push((await post('application/csp-report', legacy, '10.0.0.3')).statusCode);
  t.equal(statuses.filter((status) => status === 204).length, 30, 'thirty reports a minute from one address');
  t.equal(statuses.at(-1), 429, 'then refused');
  t.equal(
    (await post('application/csp-report', legacy, '10.0.0.4')).statusCode,
    204,
    'other addresses are not affected',
  );
  t.equal((await app.inject({ url: '/api/csp-report' })).statusCode, 404, 'GET is not a report');
});

t.test(
  'in Chromium the site runs under its policy, kept and rendered, and markup an attacker injects does not run',
  async (t) => {
    const server = await startServer(t);
    const browser = await launchBrowser(t);
    const { page, problems } = await openPage(browser, 1280);
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { violations: string[] }).violations = seen;
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push(`${event.effectiveDirective} ${event.blockedURI} ${event.disposition}`),
      );
    });
    const policies: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'document')
        policies.push(response.headers()['content-security-policy'] ?? '');
    });
    // Each page twice (the render, then the kept page) and once rendered for one answer (with its nonce).
    for (const path of [
      '/',
      '/insights?lang=de',
      '/unternehmen/karriere',
      '/company/contact',
      '/insights/consent-mode-v2-explained',
    ]) {
      for (const address of [path, path, `${path}${path.includes('?') ? '&' : '?'}utm_source=test`]) {
        await page.goto(`${server.url}${address}`);
        await waitForHydration(page);
      }
    }
    t.ok(
      policies.some((policy) => policy.includes("'sha256-")) && policies.some((policy) => policy.includes("'nonce-")),
      'both forms of the policy were in force',
    );
    await page.goto(`${server.url}/`);
    await waitForHydration(page);
    await page.click('.services__link >> nth=0');
    await page.waitForURL(/\/services\/[a-z-]+$/);
    t.same(
      await page.evaluate(() => (window as unknown as { violations: string[] }).violations),
      [],
      'the site itself causes no violation, hydrating and navigating',
    );
    t.same(problems, [], 'no console errors');

    // Markup injected into the page as stored content would be (parser-inserted, as the browser
    // reads the document): neither an inline script, nor an external one, nor a handler runs.
    // ('strict-dynamic' trusts scripts that running scripts add; an attacker who can run a script has won already.)
    for (const address of ['/', '/?utm_source=test']) {
      const injected = await browser.newContext();
      t.teardown(() => injected.close());
      const attacked = await injected.newPage();
      await attacked.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { violations: string[] }).violations = seen;
        document.addEventListener('securitypolicyviolation', (event) =>
          seen.push(`${event.effectiveDirective} ${event.blockedURI} ${event.disposition}`),
        );
      });
      await attacked.route(`${server.url}${address}`, async (route) => {
        const response = await route.fetch();
        const html = (await response.text()).replace(
          '</body>',
          '<script>window.injected = "inline"</script><script src="/favicon.svg?evil"></script><img src="/nope.png" onerror="window.injected = \'handler\'"></body>',
        );
        await route.fulfill({ response, body: html });
      });
      await attacked.goto(`${server.url}${address}`);
      await waitForHydration(attacked);
      await attacked.waitForFunction(() => (window as unknown as { violations: string[] }).violations.length >= 3);
      t.equal(
        await attacked.evaluate(() => (window as unknown as { injected?: string }).injected),
        undefined,
        `${address}: nothing injected ran`,
      );
      const violations = await attacked.evaluate(() => (window as unknown as { violations: string[] }).violations);
      t.ok(
        violations.some((line) => line.startsWith('script-src-elem inline enforce')),
        `${address}: the inline script was refused by the policy`,
      );
      t.ok(
        violations.some((line) => line.startsWith('script-src-elem') && line.includes('/favicon.svg?evil')),
        `${address}: and the external one, though from this site`,
      );
      t.ok(
        violations.some((line) => line.startsWith('script-src-attr inline enforce')),
        `${address}: and the inline handler`,
      );
    }
  },
);
