// The reload part of `npm run bench:insights -- --reload`: against a server started with
// CONTENT_WATCH=true on a content folder of its own, three changes one after the other (an
// article edited in place, one added, one removed), each while autocannon keeps the server busy.
// For each: the time from the change on disk to its answer in the insights API, the peak RSS in
// that time, and the requests that failed (non-2xx, errors, timeouts). The German articles are
// changed because German is the second index rebuilt: its answer shows once the whole reload is done.
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';

const LANGUAGE = 'de';
const ARTICLES = path.join(LANGUAGE, 'homepage', 'insights');
/** Longer than a reload at 10,000 articles a language on a busy machine, including the pause between two checks of the article folders. */
const VISIBLE_WITHIN_MS = 120_000;
const CONNECTIONS = 8;

/** Words no generated or shipped article has, unlike each other, so a search (prefix and fuzzy) finds only the changed one. */
const MARKERS = { edit: 'zeppelinwartung', add: 'quittenmarmelade', remove: 'bernsteinzimmer' };
const marker = (step) => MARKERS[step];

const peakRss = (pid) => Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
const rss = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

/** Resets the kernel's peak RSS of the process (clear_refs 5), so VmHWM is the peak from now on; false where the kernel refuses. */
function resetPeak(pid) {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

async function searchSum(base, word) {
  const response = await fetch(`${base}/api/insights/articles/${LANGUAGE}/search/${word}`);
  if (!response.ok) throw new Error(`search answered ${response.status}`);
  return (await response.json()).sum;
}

/** Starts a steady load of pages and API answers that stay valid through every change; stop() settles with autocannon's result. */
function startLoad(base, slugs) {
  const paths = [
    '/api/insights/articles/en/1',
    `/api/insights/articles/${LANGUAGE}/1?sort=datetime:desc`,
    '/api/insights/articles/en/search/bigqeury',
    '/',
    ...slugs.map((slug) => `/insights/${slug}?lang=${LANGUAGE}`),
  ];
  let instance;
  const result = new Promise((resolve, reject) => {
    instance = autocannon(
      {
        url: base,
        connections: CONNECTIONS,
        duration: 3600,
        requests: paths.map((route) => ({ method: 'GET', path: route })),
      },
      (error, outcome) => (error ? reject(error) : resolve(outcome)),
    );
  });
  return {
    async stop() {
      instance.stop();
      return result;
    },
  };
}

/** Makes the change, then waits until the API answers with it, sampling RSS meanwhile. */
async function step(server, slugs, change, visible) {
  const peakReset = resetPeak(server.pid);
  let sampledPeak = rss(server.pid);
  const sampler = setInterval(() => {
    sampledPeak = Math.max(sampledPeak, rss(server.pid));
  }, 20);
  const load = startLoad(server.url, slugs);
  try {
    // A moment of load before the change, so requests are in flight when the reload starts.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const started = performance.now();
    change();
    const deadline = started + VISIBLE_WITHIN_MS;
    while (!(await visible())) {
      if (performance.now() > deadline) throw new Error(`the change did not show within ${VISIBLE_WITHIN_MS / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const visibleMs = performance.now() - started;
    // A moment of load after it, as the pages are rendered again from the new content.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const result = await load.stop();
    return {
      visibleMs,
      rssPeak: peakReset ? Math.max(peakRss(server.pid), sampledPeak) : sampledPeak,
      requests: result.requests.total,
      failed: result.non2xx + result.errors + result.timeouts,
    };
  } catch (error) {
    await load.stop();
    throw error;
  } finally {
    clearInterval(sampler);
  }
}

/**
 * @param {{ server: { url: string, pid: number }, contentDir: string, heapAfterGc: () => Promise<number> }} options
 * contentDir is the server's own copy: it is changed.
 */
export async function measureReloads({ server, contentDir, heapAfterGc }) {
  const folder = (slug) => path.join(contentDir, ARTICLES, slug);
  const slugs = (
    await (await fetch(`${server.url}/api/insights/articles/${LANGUAGE}/1?sort=datetime:desc`)).json()
  ).articles.map((card) => card.folderName);
  if (slugs.length < 3) throw new Error('the reload needs at least three articles');
  const [edited, removed, template] = [slugs.at(-1), slugs.at(-2), slugs[0]];
  // The load asks only for articles that stay.
  const loaded = slugs.slice(0, -2);
  const figures = { rssBefore: rss(server.pid), heapBefore: await heapAfterGc(), steps: {} };

  figures.steps.edit = await step(
    server,
    loaded,
    () => {
      const file = path.join(folder(edited), 'stage.json');
      const stage = JSON.parse(readFileSync(file, 'utf8'));
      writeFileSync(file, JSON.stringify({ ...stage, headline: `${stage.headline} ${marker('edit')}` }));
    },
    async () => (await searchSum(server.url, marker('edit'))) === 1,
  );
  const added = `${template}-copy`;
  figures.steps.add = await step(
    server,
    loaded,
    () => {
      cpSync(folder(template), folder(added), { recursive: true });
      const file = path.join(folder(added), 'stage.json');
      const stage = JSON.parse(readFileSync(file, 'utf8'));
      writeFileSync(file, JSON.stringify({ ...stage, headline: `${stage.headline} ${marker('add')}` }));
    },
    async () => (await searchSum(server.url, marker('add'))) === 1,
  );
  const removedWord = marker('remove');
  const file = path.join(folder(removed), 'stage.json');
  writeFileSync(
    file,
    JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), headline: `Removed ${removedWord}` }),
  );
  // Seen first, so its disappearance is the removal's.
  const deadline = performance.now() + VISIBLE_WITHIN_MS;
  while ((await searchSum(server.url, removedWord)) !== 1) {
    if (performance.now() > deadline) throw new Error('the article to remove was not indexed');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  figures.steps.remove = await step(
    server,
    loaded,
    () => rmSync(folder(removed), { recursive: true }),
    async () =>
      (await searchSum(server.url, removedWord)) === 0 &&
      (await fetch(`${server.url}/insights/${removed}?lang=${LANGUAGE}`)).status === 404,
  );
  figures.rssAfter = rss(server.pid);
  figures.heapAfter = await heapAfterGc();
  return figures;
}
