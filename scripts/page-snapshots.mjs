// Saves the HTML of every page the sitemap lists, in the language its address is read in, plus
// the pages it leaves out (a 404, the pages opened from a mailed link), as the built server
// renders them with no page cache: for comparing what a refactoring does to the markup. What
// differs on every answer, build or run (the CSP nonce, hashed file names, the build version, the port) is
// replaced by a fixed mark, so two folders compare with `diff -r`.
// Usage: node scripts/page-snapshots.mjs OUT_DIR   (OUT_DIR must be new or empty)
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startBenchServer } from './bench-server.mjs';

const outDir = process.argv[2];
if (!outDir) {
  console.error('usage: node scripts/page-snapshots.mjs OUT_DIR');
  process.exit(2);
}
mkdirSync(outDir, { recursive: true });
if (readdirSync(outDir).length > 0) {
  console.error(`${outDir} is not empty`);
  process.exit(2);
}

/** Pages the sitemap leaves out on purpose, each still rendered by the same blocks. */
const UNLISTED = [
  '/no-such-page',
  '/unternehmen/gibt-es-nicht',
  '/newsletter/unsubscribe/not-a-token',
  '/newsletter/not-a-token',
  '/events/confirm/not-a-token',
];

/** Stands in for what changes with every answer or build. */
function stable(html) {
  return html
    .replace(/nonce="[^"]*"/g, 'nonce="NONCE"')
    .replace(/\/\/(localhost|127\.0\.0\.1):\d+/g, '//$1:PORT')
    .replace(/-[A-Za-z0-9_-]{8}\.(js|css|woff2)\b/g, '-HASH.$1')
    .replace(/\/img\/[A-Za-z0-9_-]+\//g, '/img/VERSION/')
    .replace(/("?version"?\s*[:=]\s*)"[^"]*"/g, '$1"VERSION"');
}

const fileOf = (address) => `${address.replace(/^\//, '').replace(/[/?=&]/g, '_') || 'root'}.html`;

const server = await startBenchServer({ env: { PAGE_CACHE_MB: '0' } });
try {
  const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
  const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => {
    const url = new URL(loc.replace(/&amp;/g, '&'));
    return url.pathname + url.search;
  });
  const addresses = [...new Set([...listed, ...UNLISTED])];
  for (const address of addresses) {
    const answer = await fetch(server.url + address, { headers: { 'accept-language': 'en' } });
    writeFileSync(
      path.join(outDir, fileOf(address)),
      `<!-- ${answer.status} ${address} -->\n${stable(await answer.text())}`,
    );
  }
  console.log(`${addresses.length} pages (${listed.length} from the sitemap) saved in ${outDir}`);
} finally {
  await server.stop();
}
