/**
 * Galaxy sign-in in Chromium against the Firebase Auth emulator: the dropdown loads its card
 * and Firebase on first open, an invited user ends on the Galaxy address with the referral
 * cookie, and the refusals show their messages. Galaxy is a small server on loopback that
 * records what reaches it.
 */

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import t from 'tap';
import { runGalaxyCli } from '#server/cli/galaxy.ts';
import { violations } from '../helpers/axe.ts';
import { launchBrowser, openPage, waitForHydration } from '../helpers/browser.ts';
import { waitForEvent } from '../helpers/data-layer.ts';
import { createUser, loginEnv, uniqueEmail } from '../helpers/firebase-emulator.ts';
import { startServer } from '../helpers/server-process.ts';

// Sign-in in both languages at two widths with axe: about 95 s on a quiet 2-core machine, close to tap's two minutes.
t.setTimeout(300_000);

const en = JSON.parse(readFileSync('content/en/login.json', 'utf8')) as {
  errors: Record<string, string>;
  no_account: string;
  title: string;
  not_configured: string;
};
const de = JSON.parse(readFileSync('content/de/login.json', 'utf8')) as typeof en;
const manifest = JSON.parse(readFileSync('dist/manifest.json', 'utf8')) as { lazy: Record<string, string[]> };

interface Arrival {
  url: string;
  cookie: string;
}

/** Galaxy as far as the website sees it: a page that records each request and its cookies. */
async function startGalaxy(t: { teardown(fn: () => unknown): void }) {
  const arrivals: Arrival[] = [];
  const server = createServer((request, response) => {
    // The browser's own favicon request is not an arrival.
    if (request.url !== '/favicon.ico') arrivals.push({ url: request.url ?? '', cookie: request.headers.cookie ?? '' });
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><title>Galaxy</title><h1>Galaxy</h1>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise((resolve) => server.close(resolve)));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/app`, arrivals };
}

async function openLogin(page: Page) {
  await page.locator('.login-entry__toggle').click();
  await page.locator('.login-panel__form').waitFor();
  await page.waitForFunction(
    () => !(document.querySelector('.login-panel__submit') as HTMLButtonElement | null)?.disabled,
  );
}

async function signInByForm(page: Page, email: string, password: string) {
  await page.fill('.login-panel input[name=email]', email);
  await page.fill('.login-panel input[name=password]', password);
  await page.click('.login-panel__submit');
}

/**
 * Stands in for Google's script loader (apis.google.com), which the Firebase SDK loads before it
 * opens a sign-in popup and which is out of reach offline: gapi.load answers at once, and the
 * hidden relay iframe it opens answers its ping. Only the browser test carries this; the popup
 * and everything after it are the SDK's and the emulator's own.
 */
const GAPI_STAND_IN = `
  (() => {
    const frame = { restyle: async () => undefined, ping: (done) => { done(); return Promise.resolve(); }, register: () => undefined, send: () => undefined };
    window.gapi = {
      load: (_name, options) => options.callback(),
      iframes: { CROSS_ORIGIN_IFRAMES_FILTER: () => true, getContext: () => ({ open: (_options, onOpen) => onOpen(frame) }) },
    };
    const onload = new URL(document.currentScript.src).searchParams.get('onload');
    if (onload) window[onload]();
  })();
`;

const dataLayerEvents = (page: Page) =>
  page.evaluate(() =>
    (window.dataLayer ?? []).filter(
      (entry) =>
        typeof entry === 'object' &&
        entry !== null &&
        'event' in entry &&
        String((entry as { event: unknown }).event).startsWith('login_'),
    ),
  );

t.test('Galaxy sign-in in Chromium', async (t) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nordstern-data-'));
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  const galaxy = await startGalaxy(t);
  const server = await startServer(t, { ...loginEnv({ GALAXY_URL: galaxy.url }), DATA_DIR: dataDir });
  const directory = async (...args: string[]) => {
    const result = await runGalaxyCli(args, { DATA_DIR: dataDir });
    if (result.code !== 0) throw new Error(result.out);
  };
  const browser = await launchBrowser(t);

  t.test('the first load carries no Firebase; opening the dropdown loads it', async (t) => {
    const { page, problems } = await openPage(browser, 1440);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(`${server.url}/`);
    await waitForHydration(page);
    const controllerChunk = manifest.lazy['src/app/login/login-controller.ts']![0]!;
    t.notOk(scripts.includes(controllerChunk), 'the Firebase flow is not loaded with the page');
    await openLogin(page);
    t.ok(scripts.includes(controllerChunk), 'it is loaded once the dropdown opens');
    const card = page.locator('.login-entry__card');
    t.ok((await card.boundingBox())!.width >= 370, 'the card is at least 370 px wide');
    t.equal(await page.locator('.login-panel input[name=email]').getAttribute('type'), 'email');
    t.equal(await page.locator('.login-panel input[name=email]').getAttribute('required'), '');
    t.equal(await page.locator('.login-panel input[name=password]').getAttribute('required'), '');
    t.equal(
      (await page.locator('.login-panel__divider').textContent())?.trim(),
      'or',
      'the divider reads “or”, as a product writer puts it',
    );
    t.equal(await page.locator('a.login-panel__link').first().getAttribute('href'), `${galaxy.url}/password-reset`);
    t.equal(await page.locator('.login-entry__toggle').getAttribute('aria-expanded'), 'true');
    await page.keyboard.press('Escape');
    t.ok(await card.isHidden(), 'Escape closes the card');
    t.equal(
      await page.evaluate(() => document.activeElement?.className),
      'login-entry__toggle',
      'focus back on the button',
    );
    t.same(problems, [], 'no console errors');
  });

  t.test('the open card passes axe at 1440 and 375 px in both languages, and works from the keyboard', async (t) => {
    for (const [path, width] of [
      ['/company', 1440],
      ['/unternehmen', 1440],
      ['/company', 375],
      ['/unternehmen', 375],
    ] as const) {
      const { page } = await openPage(browser, width, 800);
      await page.goto(`${server.url}${path}`);
      await waitForHydration(page);
      if (width < 1025) await page.locator('.navbar__burger').click();
      await openLogin(page);
      t.same(await violations(page), [], `${path} at ${width} px`);
      await page.screenshot({ path: `test-results/login-${path.slice(1)}-${width}.png` }).catch(() => undefined);
    }
    const { page } = await openPage(browser, 1440);
    await page.goto(`${server.url}/`);
    await waitForHydration(page);
    await page.locator('.login-entry__toggle').focus();
    await page.keyboard.press('Enter');
    await page.locator('.login-panel__form').waitFor();
    await page.waitForFunction(
      () => !(document.querySelector('.login-panel__google') as HTMLButtonElement | null)?.disabled,
    );
    await page.keyboard.press('Tab');
    t.equal(
      await page.evaluate(() => document.activeElement?.className),
      'button login-panel__google',
      'Tab goes from the button into the card',
    );
  });

  t.test('an invited user signs in with email and password and ends on Galaxy with the referral cookie', async (t) => {
    const user = await createUser('invited');
    await directory('invite', '--email', user.email);
    const { page } = await openPage(browser, 1440);
    await page.goto(`${server.url}/`);
    await waitForHydration(page);
    await openLogin(page);
    await signInByForm(page, user.email, user.password);
    // Sent before the way to Galaxy, which leaves the page 300 ms later.
    await waitForEvent(page, 'login_complete', { login_provider: 'email_password' });
    t.pass('login_complete names the provider');
    await page.waitForURL(`${galaxy.url}`);
    t.pass('on the Galaxy address');
    const arrival = galaxy.arrivals.at(-1)!;
    t.match(arrival.cookie, /(^|; )galaxy-referrer=website(;|$)/, 'the referral cookie reached Galaxy');
    const cookies = await page.context().cookies(galaxy.url);
    const referral = cookies.find((cookie) => cookie.name === 'galaxy-referrer');
    t.ok(referral, 'the cookie is set');
    t.ok(referral!.expires - Date.now() / 1000 <= 20, 'for 20 seconds at most');
    t.equal(referral!.path, '/');

    // Back on the website in the same tab: the kept platform token signs in again, and the card offers the way back.
    const arrivals = galaxy.arrivals.length;
    await page.goto(`${server.url}/insights`);
    await waitForHydration(page);
    await page.locator('.login-entry__toggle').click();
    const switchButton = page.getByRole('button', { name: 'Switch to Galaxy' });
    await switchButton.waitFor();
    t.match(await page.locator('.login-panel').textContent(), `Signed in as ${user.email}`);
    await Promise.all([page.waitForURL(galaxy.url), switchButton.click()]);
    t.equal(galaxy.arrivals.length, arrivals + 1, 'Switch to Galaxy leads there');
    t.match(galaxy.arrivals.at(-1)!.cookie, /galaxy-referrer=website/, 'with the referral cookie again');
  });

  t.test('a wrong password shows the identity service message, in the page language', async (t) => {
    const user = await createUser('wrongpw');
    await directory('add', '--uid', user.uid, '--email', user.email);
    for (const [path, texts] of [
      ['/company', en],
      ['/unternehmen', de],
    ] as const) {
      const { page } = await openPage(browser, 1440);
      await page.goto(`${server.url}${path}`);
      await waitForHydration(page);
      await openLogin(page);
      await signInByForm(page, user.email, 'not-the-password');
      await page.locator('.snackbar--danger').waitFor();
      t.equal(
        (await page.locator('.snackbar--danger .snackbar__content').textContent())?.trim(),
        texts.errors['auth/wrong-password'],
        path,
      );
      t.match(await dataLayerEvents(page), [
        { event: 'login_fail', login_provider: 'email_password', error_message: 'auth/wrong-password' },
      ]);
      t.equal(await page.locator('.login-panel__submit').isDisabled(), false, 'the form is usable again');
    }
  });

  t.test('a user without an account or invitation is told so and signed out', async (t) => {
    const user = await createUser('outsider');
    const { page } = await openPage(browser, 1440);
    await page.goto(`${server.url}/`);
    await waitForHydration(page);
    await openLogin(page);
    await signInByForm(page, user.email, user.password);
    await page.locator('.snackbar--danger').waitFor();
    t.equal((await page.locator('.snackbar--danger .snackbar__content').textContent())?.trim(), en.no_account);
    t.match(await dataLayerEvents(page), [
      { event: 'login_fail', login_provider: 'email_password', error_message: 'no_account' },
    ]);
    t.ok(await page.locator('.login-panel__form').isVisible(), 'signed out: the form again, no way to Galaxy');
    t.equal(page.url().startsWith(server.url), true, 'still on the website');
  });

  t.test(
    "a page of another site cannot start or end a session, nor fetch a platform token, in the visitor's name",
    async (t) => {
      const user = await createUser('crosssite');
      await directory('add', '--uid', user.uid, '--email', user.email);
      const { page } = await openPage(browser, 1440);
      // Galaxy's stand-in on 127.0.0.1 calling the site as localhost: another site to Chromium, not only another origin.
      await page.goto(galaxy.url);
      const site = server.url.replace('127.0.0.1', 'localhost');
      // No named functions in here: the test's compiler would wrap them in a helper the page lacks.
      const sent = await page.evaluate(
        async ({ site, uid }) =>
          Promise.all(
            (
              [
                ['/api/firebase/session', { method: 'POST', mode: 'no-cors' }],
                [`/api/firebase/token/${uid}`, { mode: 'no-cors' }],
                ['/api/firebase/session', { method: 'DELETE' }],
              ] as const
            ).map(([path, init]) =>
              fetch(`${site}${path}`, { credentials: 'include', ...init }).then(
                () => 'sent',
                () => 'not sent',
              ),
            ),
          ),
        { site, uid: user.uid },
      );
      t.same(sent, ['sent', 'sent', 'not sent'], 'Chromium sends the POST and the GET; the DELETE fails its preflight');
      // The server logs an answer once it has gone out, which may be a moment after the page saw it.
      const refused = [`403 POST /api/firebase/session`, `403 GET /api/firebase/token/${user.uid}`];
      for (
        let waited = 0;
        !refused.every((answer) => server.failedAnswers().includes(answer)) && waited < 10_000;
        waited += 50
      )
        await new Promise((resolve) => setTimeout(resolve, 50));
      for (const answer of refused) t.ok(server.failedAnswers().includes(answer), answer);
      t.ok(
        server.logs.some((line) => line.includes('"method":"POST"')),
        'the log names the method of each request',
      );
      t.notOk(
        server.logs.some((line) => line.includes('"method":"DELETE"')),
        'no DELETE reached the server',
        { preflight: server.logs.filter((line) => line.includes('"method":"OPTIONS"')).length },
      );
    },
  );

  t.test(
    'Google: the popup opens the emulator sign-in; the rest runs from a Google credential and ends on Galaxy',
    async (t) => {
      const email = uniqueEmail('google');
      await directory('invite', '--email', email);
      const { page } = await openPage(browser, 1440);
      await page.route('https://apis.google.com/**', (route) =>
        route.fulfill({ contentType: 'text/javascript', body: GAPI_STAND_IN }),
      );
      await page.goto(`${server.url}/`);
      await waitForHydration(page);
      await openLogin(page);
      const [popup] = await Promise.all([page.waitForEvent('popup'), page.click('.login-panel__google')]);
      await popup.waitForLoadState('domcontentloaded').catch(() => undefined);
      const opened = new URL(popup.url());
      t.match(opened.pathname, /\/emulator\/auth\/handler$/, 'the emulator sign-in page');
      t.equal(opened.searchParams.get('providerId'), 'google.com');
      t.equal(
        opened.searchParams.get('customParameters') && JSON.parse(opened.searchParams.get('customParameters')!).prompt,
        'select_account',
        'the account chooser always',
      );
      t.match(await popup.textContent('body'), /google\.com|Google/i, 'the emulator shows its Google sign-in');
      await popup.close();
      // The SDK notices the closed window and gives up with its own code.
      await page.locator('.snackbar--danger').waitFor({ timeout: 30_000 });
      t.equal(
        (await page.locator('.snackbar--danger .snackbar__content').textContent())?.trim(),
        en.errors['auth/popup-closed-by-user'],
      );
      t.match(await dataLayerEvents(page), [
        { event: 'login_fail', login_provider: 'google', error_message: 'auth/popup-closed-by-user' },
      ]);
      await page.waitForFunction(
        () => !(document.querySelector('.login-panel__google') as HTMLButtonElement | null)?.disabled,
      );
      const controllerChunk = manifest.lazy['src/app/login/login-controller.ts']![0]!;
      const credential = JSON.stringify({ sub: `google-${email}`, email, email_verified: true });
      await Promise.all([
        waitForEvent(page, 'login_complete', { login_provider: 'google' }).then(() =>
          t.pass('login_complete names the provider'),
        ),
        page.waitForURL(galaxy.url, { timeout: 15_000 }),
        page.evaluate(
          async ({ chunk, idToken }) => {
            const module = (await import(chunk)) as { signInWithGoogleIdToken(idToken: string): Promise<boolean> };
            return module.signInWithGoogleIdToken(idToken);
          },
          { chunk: controllerChunk, idToken: credential },
        ),
      ]);
      t.pass('on the Galaxy address');
      t.match(galaxy.arrivals.at(-1)!.cookie, /galaxy-referrer=website/);
    },
  );
});

t.test('without sign-in configured, the dropdown says so and loads no Firebase', async (t) => {
  const server = await startServer(t);
  const browser = await launchBrowser(t);
  const { page, problems } = await openPage(browser, 1440);
  const scripts: string[] = [];
  page.on('request', (request) => scripts.push(request.url()));
  await page.goto(`${server.url}/`);
  await waitForHydration(page);
  await page.locator('.login-entry__toggle').click();
  await page.locator('.login-panel__text').waitFor();
  t.equal((await page.locator('.login-panel__text').textContent())?.trim(), en.not_configured);
  t.notOk(
    scripts.some((url) => url.includes('login-controller')),
    'no Firebase code requested',
  );
  t.same(problems, []);
});
