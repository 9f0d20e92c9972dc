/**
 * The built server with CONTENT_WATCH and a few thousand insights a language, under the heap
 * flags `npm start` ships: an article edited in place, one added and one removed each show
 * after the reload, while requests keep coming and every one of them is answered. (The 10,000
 * figures, with time and memory: npm run bench:insights -- --articles 10000 --reload.)
 */
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import t from 'tap';
import { generateContent } from '../scripts/content-generate/generate-content.ts';
import { SHIPPED_HEAP_FLAGS } from './helpers/loopback-clients.ts';
import { startServer } from './helpers/server-process.ts';

const ARTICLES = 1_000;
/** A reload of 1,000 articles a language, after the pause between two checks, on a busy machine. */
const WITHIN_MS = 40_000;
const ASKING = 4;
// Three reloads under load after a start: more than the default two minutes on a busy machine.
t.setTimeout(300_000);

t.test(`CONTENT_WATCH at ${ARTICLES} insights a language under the shipped heap flags`, async (t) => {
  const out = await mkdtemp(path.join(tmpdir(), 'nordstern-watch-scale-'));
  t.teardown(() => rm(out, { recursive: true, force: true }));
  const generated = generateContent({ articles: ARTICLES, out });
  const server = await startServer(
    t,
    // One address asks all the time: its budgets are lifted, as the benchmarks do.
    {
      CONTENT_DIR: generated.contentDir,
      STATIC_DIR: generated.staticDir,
      CONTENT_WATCH: 'true',
      RATE_LIMIT_READ_MAX: '1000000',
      MAX_REQUESTS_PER_ADDRESS: '1000000',
    },
    { nodeArgs: SHIPPED_HEAP_FLAGS },
  );
  const insights = path.join(generated.contentDir, 'de', 'homepage', 'insights');
  const search = async (word: string) =>
    ((await (await fetch(`${server.url}/api/insights/articles/de/search/${word}`)).json()) as { sum: number }).sum;
  const listing = (await (await fetch(`${server.url}/api/insights/articles/de/1?sort=datetime:desc`)).json()) as {
    sum: number;
    articles: { folderName: string }[];
  };
  t.equal(listing.sum, ARTICLES);
  const [kept, edited, removed] = listing.articles.map((article) => article.folderName);
  const stage = (slug: string) => path.join(insights, slug!, 'stage.json');
  const retitle = (slug: string, word: string) =>
    writeFileSync(
      stage(slug),
      JSON.stringify({ ...(JSON.parse(readFileSync(stage(slug), 'utf8')) as object), headline: `About ${word}` }),
    );

  /** Makes the change and asks until it shows, while other requests keep coming; what failed of those. */
  const underLoad = async (change: () => void, shows: () => Promise<boolean>) => {
    let done = false;
    const failed: string[] = [];
    let answered = 0;
    const paths = [
      '/api/insights/articles/en/1',
      '/api/insights/articles/de/1?sort=datetime:desc',
      `/insights/${kept}?lang=de`,
      '/',
    ];
    const asking = Array.from({ length: ASKING }, async (_, worker) => {
      for (let i = worker; !done; i += 1) {
        const route = paths[i % paths.length]!;
        try {
          const response = await fetch(`${server.url}${route}`);
          await response.arrayBuffer();
          if (response.ok) answered += 1;
          else failed.push(`${response.status} ${route}`);
        } catch (error) {
          failed.push(`${(error as Error).message} ${route}`);
        }
      }
    });
    change();
    const deadline = performance.now() + WITHIN_MS;
    let shown = await shows();
    while (!shown && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      shown = await shows();
    }
    done = true;
    await Promise.all(asking);
    return { shown, failed, answered, seconds: ((performance.now() - deadline + WITHIN_MS) / 1000).toFixed(1) };
  };

  const edit = await underLoad(
    () => retitle(edited!, 'zeppelinwartung'),
    async () => (await search('zeppelinwartung')) === 1,
  );
  t.ok(edit.shown, 'an article edited in place shows');
  t.same(edit.failed, [], `no request failed during that reload (${edit.answered} answered in ${edit.seconds} s)`);

  const added = `${kept}-copy`;
  const add = await underLoad(
    () => {
      cpSync(path.join(insights, kept!), path.join(insights, added), { recursive: true });
      retitle(added, 'quittenmarmelade');
    },
    async () => (await search('quittenmarmelade')) === 1,
  );
  t.ok(add.shown, 'an article added shows');
  t.same(add.failed, [], `no request failed during that reload (${add.answered} answered in ${add.seconds} s)`);

  const remove = await underLoad(
    () => rmSync(path.join(insights, removed!), { recursive: true }),
    async () =>
      (await fetch(`${server.url}/insights/${removed}?lang=de`)).status === 404 &&
      (await search('quittenmarmelade')) === 1 &&
      ((await (await fetch(`${server.url}/api/insights/articles/de/1`)).json()) as { sum: number }).sum === ARTICLES,
  );
  t.ok(remove.shown, 'an article removed is gone');
  t.same(
    remove.failed,
    [],
    `no request failed during that reload (${remove.answered} answered in ${remove.seconds} s)`,
  );
  const after = (await (await fetch(`${server.url}/api/insights/articles/de/1`)).json()) as { sum: number };
  t.equal(after.sum, ARTICLES, 'one added, one removed');

  t.equal(server.child.exitCode, null, 'the process is alive');
  t.notMatch(server.logs.join('\n'), /heap limit|out of memory|not reloaded/i);
});
