import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import t from 'tap';
import { startServer } from './helpers/server-process.ts';

interface Position {
  generic: { folder: string; title: string };
  coffee_chat: { name: string; email?: string };
}

const contentPositions = (language: 'en' | 'de') =>
  (JSON.parse(readFileSync(`content/${language}/careers/positions.json`, 'utf8')) as { activePositions: Position[] })
    .activePositions;

/** The careers service's answer: the content's positions under other titles, so the test sees where a list came from. */
const servicePositions = (language: 'en' | 'de') =>
  contentPositions(language)
    .slice(0, 2)
    .map((position) => ({
      ...position,
      generic: { ...position.generic, title: `Service ${language} ${position.generic.title}` },
    }));

type Mode = 'normal' | 'slow' | 'error' | 'garbage' | 'not-a-list' | 'empty' | 'one-broken' | 'hostile-address';

/** What a careers service could put into a coffee chat's address to reach the visitor's mail program. */
const HOSTILE_ADDRESS = 'jobs?cc=someone@else.example&bcc=spy@else.example&body=Send%20your%20password';

/** A careers service on loopback whose answer the test switches. */
async function startCareersService(t: { teardown(fn: () => unknown): void }) {
  const state = { mode: 'normal' as Mode, requests: [] as string[] };
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    state.requests.push(url.search);
    const language = url.searchParams.get('language') === 'de' ? 'de' : 'en';
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    switch (state.mode) {
      case 'normal':
        return json(200, { activePositions: servicePositions(language) });
      case 'slow':
        return void setTimeout(() => json(200, { activePositions: servicePositions(language) }), 1500);
      case 'error':
        return json(500, { message: 'internal error' });
      case 'garbage':
        response.writeHead(200, { 'content-type': 'application/json' });
        return response.end('{"activePositions": [ {"generic": ');
      case 'not-a-list':
        return json(200, { activePositions: 'none today' });
      case 'empty':
        return json(200, { activePositions: [] });
      case 'one-broken':
        return json(200, {
          activePositions: [...servicePositions(language), { generic: { folder: '../../etc', title: 42 } }],
        });
      case 'hostile-address': {
        const [first, ...rest] = servicePositions(language);
        return json(200, {
          activePositions: [{ ...first, coffee_chat: { ...first!.coffee_chat, email: HOSTILE_ADDRESS } }, ...rest],
        });
      }
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise((resolve) => server.close(resolve)));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/company/positions`, state };
}

async function titles(base: string, language: 'en' | 'de'): Promise<string[]> {
  const response = await fetch(`${base}/api/careers/${language}`);
  const body = (await response.json()) as { activePositions: Position[] };
  return body.activePositions.map((position) => position.generic.title);
}

const warnings = (logs: string[]) =>
  logs
    .filter((line) => line.includes('careers service'))
    .map((line) => JSON.parse(line) as { level: number; msg: string; reason?: string; serving?: string });

t.test('without CAREERS_API_URL the positions come from content', async (t) => {
  const server = await startServer(t);
  t.same(
    await titles(server.url, 'en'),
    contentPositions('en').map((p) => p.generic.title),
  );
  t.same(
    await titles(server.url, 'de'),
    contentPositions('de').map((p) => p.generic.title),
  );
  const page = await (await fetch(`${server.url}/company/career`)).text();
  t.match(page, contentPositions('en')[0]!.generic.title, 'the career page lists them');
});

t.test('a normal answer is served and asked for with the language', async (t) => {
  const service = await startCareersService(t);
  const server = await startServer(t, { CAREERS_API_URL: service.url });
  t.same(
    await titles(server.url, 'de'),
    servicePositions('de').map((p) => p.generic.title),
  );
  t.same(
    await titles(server.url, 'en'),
    servicePositions('en').map((p) => p.generic.title),
  );
  t.same(service.state.requests.sort(), ['?language=de', '?language=en']);
  await titles(server.url, 'en');
  t.equal(service.state.requests.length, 2, 'the list is cached within its TTL');
  const job = servicePositions('en')[0]!;
  const page = await fetch(`${server.url}/company/career/${job.generic.folder}`);
  t.equal(page.status, 200);
  t.match(await page.text(), job.generic.title);
  t.equal(
    (await fetch(`${server.url}/company/career/${contentPositions('en')[4]!.generic.folder}`)).status,
    404,
    'a job the service no longer lists answers 404',
  );
  t.same(warnings(server.logs), [], 'nothing logged as a failure');
});

for (const [mode, reason] of [
  ['slow', /no answer within 300 ms/],
  ['error', /answered 500/],
  ['garbage', /not JSON/],
  ['not-a-list', /without an activePositions list/],
] as const) {
  t.test(
    `a service that is ${mode} before any good answer: the content positions are served and the failure logged`,
    async (t) => {
      const service = await startCareersService(t);
      service.state.mode = mode;
      const server = await startServer(t, { CAREERS_API_URL: service.url, CAREERS_TIMEOUT_MS: '300' });
      // The slow service does answer with its own list, after 1500 ms: content titles show the page did not wait for it.
      t.same(
        await titles(server.url, 'en'),
        contentPositions('en').map((p) => p.generic.title),
      );
      const [warning] = warnings(await server.waitForLog(/careers service/));
      t.equal(warning?.level, 40, 'logged as a warning');
      t.match(warning, { msg: 'careers service failed', reason, serving: 'content positions' });
    },
  );
}

t.test(
  'a failing service after a good answer: the last good list is served and the failure logged once per TTL',
  async (t) => {
    const service = await startCareersService(t);
    const server = await startServer(t, {
      CAREERS_API_URL: service.url,
      CAREERS_TTL_MS: '1000',
      CAREERS_TIMEOUT_MS: '300',
    });
    const good = servicePositions('en').map((p) => p.generic.title);
    t.same(await titles(server.url, 'en'), good);
    service.state.mode = 'error';
    await new Promise((resolve) => setTimeout(resolve, 1100));
    t.same(await titles(server.url, 'en'), good, 'a stale list is served at once while it is refreshed');
    t.match(warnings(await server.waitForLog(/careers service/)), [
      { msg: 'careers service failed', reason: /500/, serving: 'last good list' },
    ]);
    t.same(await titles(server.url, 'en'), good, 'still the last good list');
    t.equal(warnings(server.logs).length, 1, 'not asked again before another TTL');
  },
);

t.test('an empty list is an answer: no positions are shown, and it is logged', async (t) => {
  const service = await startCareersService(t);
  service.state.mode = 'empty';
  const server = await startServer(t, { CAREERS_API_URL: service.url });
  t.same(await titles(server.url, 'en'), []);
  t.ok((await server.waitForLog(/careers service lists no open positions/)).length > 0, 'logged');
  const labels = JSON.parse(readFileSync('content/en/career_labels.json', 'utf8')) as { no_positions: string };
  const page = await (await fetch(`${server.url}/company/career`)).text();
  t.match(page, labels.no_positions.slice(0, 40), 'the career page says there are none');
});

t.test('positions that do not fit are left out and logged; the rest are served', async (t) => {
  const service = await startCareersService(t);
  service.state.mode = 'one-broken';
  const server = await startServer(t, { CAREERS_API_URL: service.url });
  t.same(
    await titles(server.url, 'en'),
    servicePositions('en').map((p) => p.generic.title),
  );
  t.ok((await server.waitForLog(/"dropped":1,"of":3/)).length > 0, 'logged');
});

t.test(
  'a coffee-chat address with URL syntax never reaches a page: the job is shown without it, the rest as sent, and it is logged',
  async (t) => {
    const service = await startCareersService(t);
    service.state.mode = 'hostile-address';
    const server = await startServer(t, { CAREERS_API_URL: service.url });
    const [hostile, plain] = servicePositions('en');
    t.same(
      await titles(server.url, 'en'),
      servicePositions('en').map((p) => p.generic.title),
      'the job is still listed',
    );

    const page = await fetch(`${server.url}/company/career/${hostile!.generic.folder}`);
    t.equal(page.status, 200);
    const html = await page.text();
    t.match(html, hostile!.generic.title, 'the job page is there');
    t.match(html, hostile!.coffee_chat.name, 'with the person to talk to');
    for (const part of ['someone@else', 'spy@else', 'cc=', 'password', 'mailto:jobs'])
      t.notMatch(html, part, `no trace of ${part} in the HTML`);
    const chat = /<section class="coffee-chat[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
    t.match(chat, hostile!.coffee_chat.name, 'the coffee chat names the person');
    t.notMatch(chat, '<a ', 'but has no mail button');
    t.equal(
      html.match(/href="mailto:[^"]*"/g)?.join(' '),
      'href="mailto:hello@nordstern-digital.example"',
      "the footer's is the page's only mail link",
    );

    const other = await (await fetch(`${server.url}/company/career/${plain!.generic.folder}`)).text();
    t.match(other, `href="mailto:${plain!.coffee_chat.email!}"`, 'a plain address keeps its mail button');

    const api = (await (await fetch(`${server.url}/api/careers/en`)).json()) as { activePositions: Position[] };
    t.equal(api.activePositions[0]!.coffee_chat.email, undefined, 'the API leaves it out too');
    t.notMatch(JSON.stringify(api), 'someone@else');

    const [warning] = (await server.waitForLog(/coffee-chat address/)).map(
      (line) => JSON.parse(line) as Record<string, unknown>,
    );
    t.match(
      warning,
      {
        level: 40,
        folder: hostile!.generic.folder,
        msg: 'careers service: a coffee-chat address that is not a plain email address was left out',
      },
      'logged as a warning with the job',
    );
    t.match(warning?.address, /^"jobs\?cc=someone@else/, 'naming the address sent');
  },
);

t.test('the careers API refuses a language it does not know', async (t) => {
  const server = await startServer(t);
  const response = await fetch(`${server.url}/api/careers/fr`);
  t.equal(response.status, 400);
  t.match(await response.json(), { field: 'language' });
});
