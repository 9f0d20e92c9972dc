/**
 * The content store keeps the few hundred small files in memory and reads insights articles
 * from disk when asked, through a cache bounded in bytes: what is read, what is kept, what a
 * reload changes, and a broken article stopping the index as a broken file stops the start.
 */
import { cp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import t from 'tap';
import { ContentLoadError, loadContentStore } from '#server/content/content-store.ts';
import { createInsightsService } from '#server/insights/insights-service.ts';
import { copyContent } from './helpers/build.ts';

const ARTICLES = 'en/homepage/insights';

async function countJson(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true });
  return entries.filter((entry) => entry.endsWith('.json')).length;
}

t.test('articles are read from disk when asked, other content is in memory', async (t) => {
  const store = await loadContentStore('content');
  const [folder] = store.articleFolders('en');
  t.ok(folder?.startsWith(`${ARTICLES}/`), 'the article folders are listed');
  const onDisk = (await readdir(path.join('content', ARTICLES), { withFileTypes: true })).filter((entry) =>
    entry.isDirectory(),
  );
  t.equal(store.articleFolders('en').length, onDisk.length, 'every one of them');
  t.ok(store.get(`${ARTICLES}/stage.json`), "the insights page's own files stay in memory");
  t.equal(store.get(`${folder}/content.json`), undefined, 'an article file is not in memory');
  t.equal(store.page(folder!), undefined, 'nor its bundle');
  const file = await store.read(`${folder}/content.json`);
  t.ok(file?.body.length, 'it is read when asked');
  t.equal(await store.read(`${folder}/content.json`), file, 'and kept for the next request');
  const bundle = await store.readPage(folder!);
  t.match(
    bundle?.value,
    { stage: { headline: String }, general_information: { datetime: String } },
    'a bundle has every block',
  );
  t.ok(store.get('en/navigation.json'), 'other content is in memory');
  t.equal(await store.read('en/navigation.json'), store.get('en/navigation.json'), 'and read from there');
  t.equal(await store.read(`${folder}/nothing.json`), undefined, 'an article file that does not exist is undefined');
  t.equal(await store.readPage(`${ARTICLES}/no-such-article`), undefined);
  t.ok(store.paths(`${folder}/`).includes(`${folder}/content.json`), 'paths list article files too');
  t.equal(store.fileCount, await countJson('content'), 'fileCount counts every file');
});

t.test('the cache is bounded: least recently read articles are read again', async (t) => {
  const store = await loadContentStore('content', { cacheBytes: 64 * 1024 });
  const folders = store.articleFolders('en');
  const first = await store.readPage(folders[0]!);
  t.equal(await store.readPage(folders[0]!), first, 'kept while there is room');
  for (const folder of folders.slice(1)) await store.readPage(folder);
  t.not(await store.readPage(folders[0]!), first, 'read again once the others took its room');
  const uncached = await loadContentStore('content', { cacheBytes: 64 * 1024 });
  const once = await uncached.readPage(folders[1]!, { cache: false });
  t.not(await uncached.readPage(folders[1]!), once, 'a pass over every article leaves the cache as it was');
});

t.test('a reload lists new articles and forgets the old reads', async (t) => {
  const dir = await copyContent(t, async () => {});
  const store = await loadContentStore(dir);
  const before = store.articleFolders('en').length;
  const read = await store.readPage(store.articleFolders('en')[0]!);
  await mkdir(path.join(dir, ARTICLES, 'a-new-article'));
  await cp(path.join(dir, store.articleFolders('en')[0]!), path.join(dir, ARTICLES, 'a-new-article'), {
    recursive: true,
  });
  t.equal(store.articleFolders('en').length, before, 'nothing changes before the reload');
  await store.reload();
  t.equal(store.articleFolders('en').length, before + 1, 'the new article is listed');
  t.not(await store.readPage(store.articleFolders('en')[0]!), read, 'what was read before is read again');
});

t.test('a check finds the article folder changed on disk since the load, by stat alone', async (t) => {
  const dir = await copyContent(t, async () => {});
  const store = await loadContentStore(dir);
  const [first, second, third] = store.articleFolders('en');
  t.equal((await store.changedArticle()).changed, undefined, 'nothing changed');
  // In place, same bytes: only the file's change time differs.
  const stage = path.join(dir, second!, 'stage.json');
  await new Promise((resolve) => setTimeout(resolve, 20));
  await writeFile(stage, await readFile(stage));
  t.equal((await store.changedArticle()).changed, second, 'a file rewritten in place');
  await store.reload();
  t.equal((await store.changedArticle()).changed, undefined, 'the reload listed it as it is');
  await writeFile(path.join(dir, third!, 'notes.json'), '{}');
  t.equal((await store.changedArticle()).changed, third, 'a file added to a folder');
  await store.reload();
  await rm(path.join(dir, first!), { recursive: true });
  t.equal((await store.changedArticle()).changed, first, 'a folder removed');
});

t.test('readValueNow reads an article file past the cache', async (t) => {
  const store = await loadContentStore('content');
  const [folder] = store.articleFolders('en');
  const value = store.readValueNow(`${folder}/stage.json`);
  t.match(value, { headline: String });
  t.same(value, (await store.read(`${folder}/stage.json`))?.value, 'the same value a page reads');
  t.equal(store.readValueNow(`${folder}/nothing.json`), undefined);
  t.equal(
    store.readValueNow('en/navigation.json'),
    store.get('en/navigation.json')?.value,
    'a resident file from memory',
  );
});

t.test('a broken article stops the index, naming the file', async (t) => {
  const dir = await copyContent(t, async (copy) => {
    const [first] = (await readdir(path.join(copy, ARTICLES))).sort();
    await writeFile(path.join(copy, ARTICLES, first!, 'stage.json'), '{ "headline": ');
  });
  const store = await loadContentStore(dir);
  const error = await createInsightsService(store).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  t.type(error, ContentLoadError);
  t.match((error as Error).message, /content\/en\/homepage\/insights\/[a-z0-9-]+\/stage\.json is not valid JSON/);
});
