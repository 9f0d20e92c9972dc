/**
 * The Content Security Policy: on every page, with a fresh nonce on every inline script,
 * script sources exactly as configured, and violations reported to a bounded endpoint.
 */
import t from 'tap';
import { createContentSecurityPolicy } from '#server/security/content-security-policy.ts';
import { loadConfig } from '#server/config.ts';
import { launchBrowser, openPage, waitForHydration } from './helpers/browser.ts';
import { build } from './helpers/build.ts';
import { startServer } from './helpers/server-process.ts';

type App = Awaited<ReturnType<typeof build>>;

const directives = (policy: string) =>
  new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
const nonceOf = (policy: string) => /'nonce-([\w-]+)'/.exec(policy)?.[1];

/** Every page a visitor can reach by following the site's own links, from both homepages. */
async function crawlSite(app: App): Promise<Map<string, { status: number; html: string; policy: string }>> {
  const pages = new Map<string, { status: number; html: string; policy: string }>();
  const queue = ['/?lang=en', '/?lang=de', '/nope', '/unternehmen/nope'];
  while (queue.length > 0) {
    const url = queue.shift()!;
    if (pages.has(url)) continue;
    const response = await app.inject({ url, headers: { 'user-agent': 'Googlebot/2.1' } });
    const type = String(response.headers['content-type'] ?? '');
    if (!type.startsWith('text/html')) continue;
    pages.set(url, { status: response.statusCode, html: response.body, policy: String(response.headers['content-security-policy'] ?? '') });
    for (const [, href] of response.body.matchAll(/<a [^>]*href="(\/[^"#]*)"/g)) {
      const link = href!.replace(/&amp;/g, '&');
      if (!link.startsWith('/api/') && !link.startsWith('/downloads/') && !link.startsWith('/feeds/') && !pages.has(link)) queue.push(link);
    }
  }
  return pages;
}

t.test('every page carries the policy, and every inline script its nonce', async (t) => {
  const app = await build(t);
  const pages = await crawlSite(app);
  t.ok(pages.size > 150, `${pages.size} pages crawled`);
  const nonces = new Set<string>();
  for (const [url, { html, policy }] of pages) {
    const nonce = nonceOf(policy);
    if (!nonce) {
      t.fail(`${url}: no nonce in the policy "${policy}"`);
      continue;
    }
    nonces.add(nonce);
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
    const inline = scripts.filter((tag) => !/\ssrc=/.test(tag));
    const withoutNonce = inline.filter((tag) => !tag.includes(` nonce="${nonce}"`));
    if (withoutNonce.length > 0) t.fail(`${url}: inline scripts without the nonce: ${withoutNonce.join(' ')}`);
    const external = scripts.filter((tag) => /\ssrc="(?!\/)/.test(tag));
    if (external.length > 0) t.fail(`${url}: third-party scripts with nothing configured: ${external.join(' ')}`);
    if (/\son[a-z]+="/i.test(html.replace(/<script[\s\S]*?<\/script>/g, ''))) t.fail(`${url}: an inline event handler attribute`);
    if (/href="javascript:/i.test(html)) t.fail(`${url}: a javascript: link`);
  }
  t.equal(nonces.size, pages.size, 'a different nonce on every answer');
  t.pass('checked');
});

t.test('the policy says what the issue asks, and nothing looser', async (t) => {
  const app = await build(t);
  const page = await app.inject({ url: '/' });
  const policy = directives(String(page.headers['content-security-policy']));
  t.same(policy.get('script-src')?.filter((source) => !source.startsWith("'nonce-")), ["'self'"], 'scripts: this site and the nonce only');
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
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', origin: 'http://localhost:3000' },
    payload: 'name=A&email=nope&message=Hi&language=en&page=%2Fcompany%2Fcontact&legals=on',
  });
  t.equal(refused.statusCode, 400);
  const nonce = nonceOf(String(refused.headers['content-security-policy']));
  t.ok(nonce, 'a refused form page');
  t.match(refused.body, ` nonce="${nonce}"`);
});

t.test('script sources are exactly the configured third parties', async (t) => {
  const base = { SITE_URL: 'https://www.nordstern-digital.example', DATA_DIR: '/tmp/unused' };
  const scriptOrigins = (env: Record<string, string>) => createContentSecurityPolicy(loadConfig({ ...base, ...env })).scriptOrigins;
  t.same(scriptOrigins({}), [], 'nothing configured: none');
  t.same(scriptOrigins({ GTM_ID: 'GTM-ABC123' }), ['https://www.googletagmanager.com']);
  t.same(scriptOrigins({ GTM_ID: 'GTM-ABC123', GTM_ORIGIN: 'https://gtm.staging.nordstern-digital.example' }), ['https://gtm.staging.nordstern-digital.example'], 'staging host');
  t.same(scriptOrigins({ GTM_ID: 'GTM-ABC123', CONSENT_MANAGER_ID: 'AbC-123_x' }), ['https://www.googletagmanager.com', 'https://app.usercentrics.eu']);
  t.same(scriptOrigins({ MAPS_API_KEY: 'AIzaExampleKey' }), ['https://maps.googleapis.com']);
  t.same(
    scriptOrigins({ FIREBASE_API_KEY: 'key', FIREBASE_PROJECT_ID: 'demo-nordstern', GALAXY_URL: 'https://galaxy.nordstern-digital.example' }),
    ['https://apis.google.com'],
    "Google sign-in's script when sign-in is on",
  );
  const login = directives(
    createContentSecurityPolicy(loadConfig({ ...base, FIREBASE_API_KEY: 'key', FIREBASE_PROJECT_ID: 'demo-nordstern', GALAXY_URL: 'https://galaxy.nordstern-digital.example' })).header('n'),
  );
  t.ok(login.get('connect-src')?.includes('https://identitytoolkit.googleapis.com'), 'the identity API may be called');
  t.ok(login.get('frame-src')?.includes('https://demo-nordstern.firebaseapp.com'), "the auth domain's frame");
  t.ok(directives(createContentSecurityPolicy(loadConfig(base)).header('n')).has('upgrade-insecure-requests'), 'https sites upgrade');
});

t.test('reports: both forms logged, bad ones refused, bounded per address', async (t) => {
  const app = await build(t);
  const post = (type: string, payload: string, ip = '10.0.0.1') =>
    app.inject({ method: 'POST', url: '/api/csp-report', headers: { 'content-type': type }, payload, remoteAddress: ip });
  const legacy = JSON.stringify({ 'csp-report': { 'document-uri': 'http://localhost:3000/', 'violated-directive': 'script-src', 'blocked-uri': 'inline', 'line-number': 3 } });
  const modern = JSON.stringify([{ type: 'csp-violation', age: 10, url: 'http://localhost:3000/', user_agent: 'Chrome', body: { documentURL: 'http://localhost:3000/', effectiveDirective: 'script-src-elem', blockedURL: 'inline', disposition: 'enforce', lineNumber: 1 } }]);
  t.equal((await post('application/csp-report', legacy)).statusCode, 204, 'report-uri form');
  t.equal((await post('application/reports+json', modern)).statusCode, 204, 'report-to form');

  const refusals: [string, string, number, string][] = [
    ['application/csp-report', JSON.stringify({ 'csp-report': { 'document-uri': 'x', extra: 'field' } }), 400, 'extra'],
    ['application/csp-report', JSON.stringify({ other: {} }), 400, 'csp-report'],
    ['application/csp-report', JSON.stringify({ 'csp-report': { 'line-number': '3' } }), 400, 'line-number'],
    ['application/csp-report', JSON.stringify({ 'csp-report': { 'document-uri': 'x'.repeat(3000) } }), 400, 'document-uri'],
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
  t.equal((await post('application/csp-report', legacy, '10.0.0.4')).statusCode, 204, 'other addresses are not affected');
  t.equal((await app.inject({ url: '/api/csp-report' })).statusCode, 404, 'GET is not a report');
});

t.test('in Chromium the site runs under its policy, and a foreign inline script is blocked', async (t) => {
  const server = await startServer(t);
  const browser = await launchBrowser(t);
  const { page, problems } = await openPage(browser, 1280);
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { violations: string[] }).violations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.effectiveDirective} ${event.blockedURI} ${event.disposition}`));
  });
  for (const path of ['/', '/insights?lang=de', '/unternehmen/karriere', '/company/contact', '/insights/consent-mode-v2-explained']) {
    await page.goto(`${server.url}${path}`);
    await waitForHydration(page);
  }
  await page.goto(`${server.url}/`);
  await waitForHydration(page);
  await page.click('.services__link >> nth=0');
  await page.waitForURL(/\/services\/[a-z-]+$/);
  t.same(await page.evaluate(() => (window as unknown as { violations: string[] }).violations), [], 'the site itself causes no violation, hydrating and navigating');
  t.same(problems, [], 'no console errors');

  // Markup injected as an attacker would: neither an inline handler nor a script without the nonce runs.
  const ran = await page.evaluate(async () => {
    const element = document.createElement('div');
    element.innerHTML = '<img src="/nope.png" onerror="window.injected = true">';
    document.body.appendChild(element);
    const script = document.createElement('script');
    script.textContent = 'window.injected = true';
    document.body.appendChild(script);
    await new Promise((resolve) => setTimeout(resolve, 300));
    return (window as unknown as { injected?: boolean }).injected === true;
  });
  t.notOk(ran, 'neither the inline handler nor the inline script ran');
  const violations = await page.evaluate(() => (window as unknown as { violations: string[] }).violations);
  t.ok(violations.some((line) => line.startsWith('script-src-elem inline enforce')), 'the inline script was refused by the policy');
  t.ok(violations.some((line) => line.startsWith('script-src-attr inline enforce')), 'and the inline handler');
});
