import type { AddressInfo } from 'node:net';
import t from 'tap';
import { build } from './helpers/build.ts';
import { rawGet } from './helpers/raw-http.ts';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';
const CRAWLER = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

t.test('streaming over a real socket', async (t) => {
  const app = await build(t);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;

  t.test('a browser receives a page rendered for its answer in chunks, the head first', async (t) => {
    // A query keeps the page out of the page cache, whose pages are rendered whole and sent with their length.
    const response = await rawGet(port, '/?utm_source=stream', { 'user-agent': BROWSER });
    t.equal(response.status, 200);
    t.match(response.headers, /transfer-encoding: chunked/i);
    t.ok(response.chunks.length > 1, `arrived in ${response.chunks.length} chunks`);
    t.match(response.chunks[0], /^<!DOCTYPE html><html lang="en"><head>/);
    t.match(response.body, /<\/html>$/);
  });

  t.test('a kept page is sent whole, with its length', async (t) => {
    const response = await rawGet(port, '/', { 'user-agent': BROWSER });
    t.equal(response.status, 200);
    t.match(response.headers, /content-length: \d+/i);
    t.notMatch(response.headers, /transfer-encoding: chunked/i);
    t.match(response.body, /^<!DOCTYPE html><html lang="en"><head>[\s\S]*<\/html>$/);
  });

  t.test('a crawler receives the whole document with nothing hidden behind scripts', async (t) => {
    const response = await rawGet(port, '/services', { 'user-agent': CRAWLER });
    t.equal(response.status, 200);
    t.match(response.body, /^<!DOCTYPE html>/);
    t.match(response.body, /<h1 class="stage__headline">[^<]+<\/h1>/);
    t.notMatch(response.body, /<div hidden id="S:/, 'no hidden segments');
    t.notMatch(response.body, /<template id="B:/, 'no suspense placeholders');
    t.notMatch(response.body, /\$RC\(/, 'no streaming swap scripts');
  });

  t.test('the 404 status is sent before any byte of the page', async (t) => {
    const response = await rawGet(port, '/missing', { 'user-agent': BROWSER });
    t.equal(response.status, 404);
    t.match(response.body, 'This page could not be found');
  });
});
