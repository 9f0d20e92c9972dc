/**
 * CONTENT_WATCH without a watcher per article folder: an article edited in place, an article
 * added (its folder first, its files a moment later), one removed, a new page folder, a broken
 * edit; each shows (or stays away) after the reload, and requests during a reload are answered
 * from complete indexes. (At 10,000 articles a language: npm run bench:insights -- --articles 10000 --reload.)
 */
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import t from 'tap';
import { build, editJson } from './helpers/build.ts';
import { type FixtureArticle, insightsContent } from './helpers/insights-fixture.ts';

const ARTICLES: FixtureArticle[] = Array.from({ length: 12 }, (_, i) => ({
  folder: `story-${String(i + 1).padStart(2, '0')}`,
  headline: `Story ${String(i + 1).padStart(2, '0')} about measurement`,
  type: 'article',
  datetime: `2026-04-${String(i + 1).padStart(2, '0')}T10:00:00+02:00`,
  services: ['analytics'],
}));
const INSIGHTS = path.join('en', 'homepage', 'insights');
/** Longer than the pause between two checks of the article folders, a settle and a reload on a busy machine. */
const WITHIN_MS = 15_000;

const searchSum = async (app: FastifyInstance, word: string) =>
  ((await app.inject({ url: `/api/insights/articles/en/search/${word}` })).json() as { sum: number }).sum;
const listedSum = async (app: FastifyInstance) =>
  ((await app.inject({ url: '/api/insights/articles/en/1' })).json() as { sum: number }).sum;

/** Asks until the answer is as wanted or the time is up; the last answer either way. */
async function eventually<T>(ask: () => Promise<T>, wanted: (value: T) => boolean): Promise<T> {
  const deadline = performance.now() + WITHIN_MS;
  let value = await ask();
  while (!wanted(value) && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await ask();
  }
  return value;
}

async function watched(t: Parameters<typeof build>[0], env: Record<string, string> = {}) {
  const dir = await insightsContent(t, ARTICLES);
  const app = await build(t, { CONTENT_DIR: dir, CONTENT_WATCH: 'true', ...env });
  await app.ready();
  return { dir, app };
}

/** The file system watchers the process holds (fs.watch handles). */
const watcherCount = () => process.getActiveResourcesInfo().filter((resource) => resource === 'FSEventWrap').length;

/** The folders of a content copy that are not article folders: what the watch may watch. */
async function residentFolders(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const folders = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
  return (
    1 +
    folders.filter((folder) => !/^[a-z]{2}\/homepage\/insights\/[^/]+$/.test(folder.split(path.sep).join('/'))).length
  );
}

t.test('the watch takes a watcher per folder kept in memory, none per article folder', async (t) => {
  const before = watcherCount();
  const { dir, app } = await watched(t);
  t.equal(
    watcherCount() - before,
    await residentFolders(dir),
    'one for the content folder and each folder that is not an article',
  );
  await app.close();
  // A closed watcher's handle is let go in a later turn of the event loop.
  await new Promise((resolve) => setTimeout(resolve, 50));
  t.equal(watcherCount(), before, 'closing the app closes every watcher');
});

t.test('an article file edited in place shows after the reload', async (t) => {
  const { dir, app } = await watched(t);
  t.equal(await searchSum(app, 'zeppelin'), 0);
  // In place: the article folder itself does not change, only the file's time and size.
  await editJson(dir, path.join(INSIGHTS, 'story-03', 'stage.json'), (stage) => ({
    ...stage,
    headline: 'Story 03 about zeppelin data',
  }));
  t.equal(
    await eventually(
      () => searchSum(app, 'zeppelin'),
      (sum) => sum === 1,
    ),
    1,
    'the search finds the new headline',
  );
  const page = await app.inject({ url: '/insights/story-03', headers: { cookie: 'language=en' } });
  t.match(page.body, 'Story 03 about zeppelin data', 'the page shows it');
  t.equal(await listedSum(app), 12, 'no article was lost');
});

t.test('an article added, its files written after its folder, is listed', async (t) => {
  const { dir, app } = await watched(t);
  const folder = path.join(dir, INSIGHTS, 'airship-logistics');
  await mkdir(folder);
  // The empty folder's reload lists it without blocks; the files come later, inside a folder no watcher sees.
  await eventually(
    async () => (await app.inject({ url: '/content/en/homepage/insights/airship-logistics/_page.json' })).statusCode,
    (status) => status === 200,
  );
  await writeFile(
    path.join(folder, 'stage.json'),
    JSON.stringify({ headline: 'Airship logistics', description: 'A new story.' }),
  );
  await writeFile(
    path.join(folder, 'general_information.json'),
    JSON.stringify({ type: 'article', datetime: '2026-06-01T10:00:00+02:00', services: ['analytics'] }),
  );
  t.equal(
    await eventually(
      () => searchSum(app, 'airship'),
      (sum) => sum === 1,
    ),
    1,
    'the search finds it',
  );
  t.equal(await listedSum(app), 13, 'it is listed');
  const page = await app.inject({ url: '/insights/airship-logistics', headers: { cookie: 'language=en' } });
  t.equal(page.statusCode, 200);
  t.match(page.body, 'Airship logistics');
});

t.test('an article removed is gone after the reload', async (t) => {
  const { dir, app } = await watched(t);
  t.equal(
    (await app.inject({ url: '/insights/story-05', headers: { cookie: 'language=en' } })).statusCode,
    200,
    'cached before',
  );
  await rm(path.join(dir, INSIGHTS, 'story-05'), { recursive: true });
  t.equal(
    await eventually(
      () => listedSum(app),
      (sum) => sum === 11,
    ),
    11,
    'no longer listed',
  );
  t.equal(await searchSum(app, 'story'), 11, 'nor found');
  t.equal(
    (await app.inject({ url: '/insights/story-05', headers: { cookie: 'language=en' } })).statusCode,
    404,
    'its page is gone, not served from the page cache',
  );
  t.equal(
    (await app.inject({ url: '/content/en/homepage/insights/story-05/stage.json' })).statusCode,
    404,
    'and its content',
  );
});

t.test('a file in a new page folder is watched once the folder is listed', async (t) => {
  const { dir, app } = await watched(t);
  const folder = path.join(dir, 'en', 'homepage', 'a-new-page');
  await mkdir(folder);
  await writeFile(path.join(folder, 'stage.json'), JSON.stringify({ headline: 'First words' }));
  const read = async () => (await app.inject({ url: '/content/en/homepage/a-new-page/stage.json' })).body;
  t.match(await eventually(read, (body) => body.includes('First words')), 'First words', 'the new folder is read');
  await writeFile(path.join(folder, 'stage.json'), JSON.stringify({ headline: 'Second words' }));
  t.match(
    await eventually(read, (body) => body.includes('Second words')),
    'Second words',
    'and an edit inside it shows',
  );
  // Removed and made again at once: the new folder is watched, not the one that is gone.
  await rm(folder, { recursive: true });
  await mkdir(folder);
  await writeFile(path.join(folder, 'stage.json'), JSON.stringify({ headline: 'Third words' }));
  t.match(
    await eventually(read, (body) => body.includes('Third words')),
    'Third words',
    'the folder made again is read',
  );
  await new Promise((resolve) => setTimeout(resolve, 500));
  await writeFile(path.join(folder, 'stage.json'), JSON.stringify({ headline: 'Fourth words' }));
  t.match(
    await eventually(read, (body) => body.includes('Fourth words')),
    'Fourth words',
    'and an edit inside it shows',
  );
});

t.test('a broken edit keeps the last good content; the fix shows', async (t) => {
  const { dir, app } = await watched(t);
  const stage = path.join(dir, INSIGHTS, 'story-07', 'stage.json');
  await writeFile(stage, '{ "headline": ');
  // The broken file is seen (its signature changed) and the reload refused: give it the time of a few checks.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  t.equal(await listedSum(app), 12, 'every article still listed');
  t.equal(await searchSum(app, 'story'), 12);
  await writeFile(stage, JSON.stringify({ headline: 'Story 07 about quince jam' }));
  t.equal(
    await eventually(
      () => searchSum(app, 'quince'),
      (sum) => sum === 1,
    ),
    1,
    'the fixed file shows',
  );
});

t.test('requests during a reload are answered from complete indexes', async (t) => {
  // One address asks all the time: its read budget is lifted, as the benchmarks do.
  const { dir, app } = await watched(t, { RATE_LIMIT_READ_MAX: '1000000', MAX_REQUESTS_PER_ADDRESS: '1000000' });
  let reloaded = false;
  const answers: { status: number; sum: number }[] = [];
  const asking = (async () => {
    while (!reloaded) {
      const response = await app.inject({ url: '/api/insights/articles/en/1' });
      answers.push({ status: response.statusCode, sum: (response.json() as { sum: number }).sum });
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  })();
  for (const story of ['story-01', 'story-02'])
    await editJson(dir, path.join(INSIGHTS, story, 'stage.json'), (stage) => ({
      ...stage,
      headline: `${String(stage.headline)} with rye bread`,
    }));
  const found = await eventually(
    () => searchSum(app, 'rye'),
    (sum) => sum === 2,
  );
  reloaded = true;
  await asking;
  t.equal(found, 2, 'the edits show');
  t.ok(answers.length > 10, `${answers.length} requests during the reload`);
  t.same(
    answers.filter((answer) => answer.status !== 200 || answer.sum !== 12),
    [],
    'each was answered, with every article',
  );
});
