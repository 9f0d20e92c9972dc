/**
 * The Content Security Policy of every page a visitor can reach by following the site's own
 * links: a kept page names the SHA-256 of each of its inline scripts and nothing else, with no
 * nonce; the same page rendered for one answer carries a fresh nonce on each inline script.
 */
import t, { type Test } from 'tap';
import { SEARCH_PARAM } from '#app/insights/page-data.ts';
import { build } from './helpers/build.ts';
import { hashesOf, inlineScripts, nonceOf, sha256 } from './helpers/csp.ts';

type App = Awaited<ReturnType<typeof build>>;

/** The checks every page passes whatever allows its scripts: no third party unless configured, no inline handlers or javascript: links. */
function checkMarkup(t: Test, url: string, html: string): void {
  const external = [...html.matchAll(/<script\b[^>]*>/g)]
    .map((match) => match[0])
    .filter((tag) => /\ssrc="(?!\/)/.test(tag));
  if (external.length > 0) t.fail(`${url}: third-party scripts with nothing configured: ${external.join(' ')}`);
  if (/\son[a-z]+="/i.test(html.replace(/<script[\s\S]*?<\/script>/g, '')))
    t.fail(`${url}: an inline event handler attribute`);
  if (/href="javascript:/i.test(html)) t.fail(`${url}: a javascript: link`);
}

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
    pages.set(url, {
      status: response.statusCode,
      html: response.body,
      policy: String(response.headers['content-security-policy'] ?? ''),
    });
    for (const [, href] of response.body.matchAll(/<a [^>]*href="(\/[^"#]*)"/g)) {
      const link = href!.replace(/&amp;/g, '&');
      if (
        !link.startsWith('/api/') &&
        !link.startsWith('/downloads/') &&
        !link.startsWith('/feeds/') &&
        !pages.has(link)
      )
        queue.push(link);
    }
  }
  return pages;
}

t.test(
  'every kept page names the hash of each of its inline scripts, and nothing else; every page rendered for one answer carries a fresh nonce on each',
  async (t) => {
    const app = await build(t);
    const pages = await crawlSite(app);
    t.ok(pages.size > 150, `${pages.size} pages crawled`);
    let hashed = 0;
    let searches = 0;
    for (const [url, { status, html, policy }] of pages) {
      checkMarkup(t, url, html);
      if (status !== 200) continue;
      // A search (an author's "Articles by …") is answered for its one query and never kept: its
      // scripts carry a nonce, which the second half checks for every page.
      if (new URL(url, 'http://crawl').searchParams.has(SEARCH_PARAM)) {
        searches += 1;
        continue;
      }
      const hashes = hashesOf(policy);
      if (nonceOf(policy) || hashes.size === 0 || / nonce=/.test(html)) {
        t.fail(`${url}: a kept page with a nonce, or without hashes: "${policy}"`);
        continue;
      }
      hashed += 1;
      const scripts = inlineScripts(html);
      const unmatched = scripts.filter(({ text }) => !hashes.has(sha256(text)));
      if (unmatched.length > 0)
        t.fail(
          `${url}: inline scripts whose hash the policy does not name: ${unmatched.map(({ tag }) => tag).join(' ')}`,
        );
      // The page data is written in characters up to U+00FF (serialize.ts), which keeps it a one-byte string.
      const wide = scripts.filter(
        ({ text }) => text.includes('__staticRouterHydrationData') && /[\u0100-\uffff]/.test(text),
      );
      if (wide.length > 0) t.fail(`${url}: page data with a character above U+00FF`);
      const named = new Set(scripts.map(({ text }) => sha256(text)));
      const extra = [...hashes].filter((hash) => !named.has(hash));
      if (extra.length > 0) t.fail(`${url}: hashes of no script of the page: ${extra.join(' ')}`);
    }
    t.ok(hashed > 150, `${hashed} kept pages checked`);
    t.ok(searches > 0, `${searches} searches reached by links, answered for one query each`);
    t.ok(
      [...pages.values()].some(({ html }) => /\\u2013|\\u201[89cd]/.test(html)),
      'a page whose data held a typographic dash or quote has it escaped',
    );

    // The same pages rendered for one answer each (the crawl's app, to stay within the file's time).
    const nonces = new Set<string>();
    let checked = 0;
    // A query the page does not know keeps the answer out of the cache: each one is rendered and streamed.
    for (const [url, { status }] of pages) {
      const streamed = status === 200 ? `${url}${url.includes('?') ? '&' : '?'}utm_source=crawl` : url;
      const response = await app.inject({ url: streamed, headers: { 'user-agent': 'Googlebot/2.1' } });
      const policy = String(response.headers['content-security-policy'] ?? '');
      const nonce = nonceOf(policy);
      if (!nonce) {
        t.fail(`${streamed}: no nonce in the policy "${policy}"`);
        continue;
      }
      nonces.add(nonce);
      checked += 1;
      t.equal(hashesOf(policy).size, 0, `${streamed}: no hashes beside the nonce`);
      const withoutNonce = inlineScripts(response.body).filter(({ tag }) => !tag.includes(` nonce="${nonce}"`));
      if (withoutNonce.length > 0)
        t.fail(`${streamed}: inline scripts without the nonce: ${withoutNonce.map(({ tag }) => tag).join(' ')}`);
    }
    t.equal(nonces.size, checked, 'a different nonce on every answer');
  },
);
