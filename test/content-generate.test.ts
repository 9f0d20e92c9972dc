/**
 * content:generate makes the large content folders the server and content:check are proven
 * with, so what it makes must itself be valid content, varied enough to index like real
 * articles, and the same for the same seed (a failure found with it can be found again).
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import t from 'tap';
import { checkContent } from '../scripts/content-check/check-content.ts';
import { generateContent } from '../scripts/content-generate/generate-content.ts';

const INSIGHTS = 'homepage/insights';

interface TestContext {
  teardown(fn: () => unknown): void;
}

async function tempDir(t: TestContext): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'nordstern-generate-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

async function articleFolders(contentDir: string, language: string): Promise<string[]> {
  return (await readdir(path.join(contentDir, language, INSIGHTS), { withFileTypes: true }))
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

async function headlines(contentDir: string, language: string): Promise<string[]> {
  const folders = await articleFolders(contentDir, language);
  return Promise.all(
    folders.map(
      async (folder) =>
        (
          JSON.parse(await readFile(path.join(contentDir, language, INSIGHTS, folder, 'stage.json'), 'utf8')) as {
            headline: string;
          }
        ).headline,
    ),
  );
}

/** Every file below a folder with its bytes, to compare two generated folders. */
async function snapshot(dir: string): Promise<Map<string, string>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile() && entry.name.endsWith('.json'));
  return new Map(
    await Promise.all(
      files.map(async (entry): Promise<[string, string]> => {
        const full = path.join(entry.parentPath, entry.name);
        return [path.relative(dir, full), await readFile(full, 'utf8')];
      }),
    ),
  );
}

t.test('30 articles per language: valid content, as many folders, each its own headline', async (t) => {
  const out = await tempDir(t);
  const result = generateContent({ articles: 30, out, seed: 'test' });
  t.equal(result.shipped + result.generated, 30);
  t.equal(result.slugs.length, 30);
  t.same(await checkContent(result.contentDir, result.staticDir), []);
  for (const language of ['en', 'de']) {
    t.equal((await articleFolders(result.contentDir, language)).length, 30, `${language}: 30 folders`);
    const titles = await headlines(result.contentDir, language);
    t.equal(new Set(titles).size, 30, `${language}: 30 different headlines`);
  }
  // Each language in its own words: the German headline of a new article is not its English one.
  const slug = result.slugs.at(-1)!;
  const stage = async (language: string) =>
    JSON.parse(await readFile(path.join(result.contentDir, language, INSIGHTS, slug, 'stage.json'), 'utf8')) as {
      headline: string;
    };
  t.not((await stage('de')).headline, (await stage('en')).headline);
});

t.test('the same seed makes the same folder, another seed another', async (t) => {
  const [first, second, third] = [await tempDir(t), await tempDir(t), await tempDir(t)];
  const a = generateContent({ articles: 25, out: first, seed: 7 });
  const b = generateContent({ articles: 25, out: second, seed: 7 });
  const c = generateContent({ articles: 25, out: third, seed: 8 });
  t.same(b.slugs, a.slugs);
  t.same(await snapshot(second), await snapshot(first));
  t.notSame(c.slugs, a.slugs);
});

t.test('refuses a folder that holds something, and fewer articles than are shipped', async (t) => {
  const out = await tempDir(t);
  await writeFile(path.join(out, 'keep.txt'), 'mine');
  t.throws(() => generateContent({ articles: 30, out }), /is not empty/);
  t.throws(() => generateContent({ articles: 3, out: path.join(out, 'new') }), /fewer than the \d+ shipped articles/);
});
