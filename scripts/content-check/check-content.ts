/**
 * The integrity checks of the content folder: every block file matches its schema, and so do the layout, label and form files and the files both languages share,
 * every file exists in both languages, internal links lead to a page with content, every
 * {name} and {{name}} placeholder is one the code fills in for that text (and none it needs is missing),
 * a German period setting never follows a preposition that cannot take its accusative,
 * referenced images and downloads exist, no text is empty, no text uses a variant the
 * glossary (content/glossary.json) says not to use, and the facts the pages state agree
 * (people and their roles, event dates and speakers), and everyone named has a portrait (people.json).
 */
import { readFileSync, statSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { matchRoutes } from 'react-router';
import type { TSchema } from 'typebox';
import { germanPathOf, SINGLE_LANGUAGE_FOLDERS } from '../../src/app/content/language-folders.ts';
import { BLOCK_SCHEMAS } from '../../src/app/content/schemas/block-schemas.ts';
import type { GlossaryContent } from '../../src/app/content/schemas/glossary.ts';
import type { PeopleContent } from '../../src/app/content/schemas/people.ts';
import { ROOT_SCHEMAS, SHARED_SCHEMAS } from '../../src/app/content/schemas/root-schemas.ts';
import { LOADED_PAGE_ROUTES, type LoadedPageRoute } from '../../src/app/page-loading.ts';
import { factProblems } from './facts.ts';
import { type CompiledTerm, compileGlossary, fieldPath, glossaryProblems } from './glossary.ts';
import { PEOPLE, peopleProblems } from './people.ts';
import { placeholderProblems } from './placeholders.ts';
import { settingGrammarProblems } from './setting-grammar.ts';
import { isProse, typographyProblems } from './typography.ts';

export interface ContentProblem {
  file: string;
  problem: string;
}

interface ContentFile {
  /** Relative to the content folder, e.g. en/homepage/services/stage.json */
  path: string;
  language: string;
  value: unknown;
}

const LANGUAGES = ['en', 'de'] as const;
const LINK_KEYS = new Set(['link_url', 'canonical']);
/** Keys whose strings are addresses or conditions (a legal text's "when"), not prose: the glossary and the typography do not read them. */
export const ADDRESS_KEYS = new Set([...LINK_KEYS, 'src', 'og_image', 'event_page', 'insight', 'file', 'when']);
const GLOSSARY = 'glossary.json';

/**
 * Whether a file exists, asking the file system once per file: many blocks name the same image.
 * Asked synchronously: a stat answers in microseconds, and awaiting each of the 20,000 images
 * of a large insights archive in turn would leave the process idle for seconds.
 */
function fileChecker(): (file: string) => Promise<boolean> {
  const answers = new Map<string, boolean>();
  return async (file) => {
    let answer = answers.get(file);
    if (answer === undefined) {
      answer = statSync(file, { throwIfNoEntry: false })?.isFile() ?? false;
      answers.set(file, answer);
    }
    return answer;
  };
}

async function readContentFiles(contentDir: string, problems: ContentProblem[]): Promise<ContentFile[]> {
  const files: ContentFile[] = [];
  for (const language of LANGUAGES) {
    const entries = await readdir(path.join(contentDir, language), { recursive: true, withFileTypes: true });
    for (const entry of entries) {
      if (!entry.isFile() || !entry.name.endsWith('.json')) continue;
      const relative = path.relative(contentDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
      try {
        // Read synchronously for the same reason as fileChecker: one small file after another, each awaited, mostly waits.
        files.push({
          path: relative,
          language,
          value: JSON.parse(readFileSync(path.join(contentDir, relative), 'utf8')),
        });
      } catch (error) {
        problems.push({ file: relative, problem: `not valid JSON: ${(error as Error).message}` });
      }
    }
  }
  return files.sort((a, b) => a.path.localeCompare(b.path));
}

/** Every string in a JSON value with the key it sits under and its JSON pointer. */
function* strings(value: unknown, pointer = '', key = ''): Generator<{ pointer: string; key: string; text: string }> {
  if (typeof value === 'string') yield { pointer, key, text: value };
  else if (Array.isArray(value))
    for (const [index, item] of value.entries()) yield* strings(item, `${pointer}/${index}`, key);
  else if (value && typeof value === 'object')
    for (const [name, item] of Object.entries(value)) yield* strings(item, `${pointer}/${name}`, name);
}

function compileSchemas(): {
  blocks: Map<string, ValidateFunction>;
  roots: Map<string, ValidateFunction>;
  shared: Map<string, ValidateFunction>;
} {
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats.default(ajv);
  const compile = (schemas: Readonly<Record<string, TSchema>>) =>
    new Map(Object.entries(schemas).map(([name, schema]) => [name, ajv.compile(schema)]));
  return { blocks: compile(BLOCK_SCHEMAS), roots: compile(ROOT_SCHEMAS), shared: compile(SHARED_SCHEMAS) };
}

const schemaProblem = (error: NonNullable<ValidateFunction['errors']>[number]) =>
  `${error.instancePath || '/'} ${error.message}${error.params && 'additionalProperty' in error.params ? ` (${String(error.params.additionalProperty)})` : ''}`;

/**
 * A file at the top of the content folder (shared by both languages), checked against its
 * schema; undefined when it is missing, broken or does not match, which is reported.
 */
async function readSharedFile(
  contentDir: string,
  name: string,
  validate: ValidateFunction | undefined,
  problems: ContentProblem[],
): Promise<unknown> {
  const report = (problem: string) => problems.push({ file: name, problem });
  let value: unknown;
  try {
    value = JSON.parse(await readFile(path.join(contentDir, name), 'utf8'));
  } catch (error) {
    report(
      (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'is missing' : `not valid JSON: ${(error as Error).message}`,
    );
    return undefined;
  }
  if (validate && !validate(value)) {
    for (const error of validate.errors ?? []) report(schemaProblem(error));
    return undefined;
  }
  return value;
}

/** The glossary's terms per language, or none when it is missing or broken (which is reported). */
async function readGlossary(
  contentDir: string,
  validate: ValidateFunction | undefined,
  problems: ContentProblem[],
): Promise<ReadonlyMap<string, readonly CompiledTerm[]>> {
  const value = await readSharedFile(contentDir, GLOSSARY, validate, problems);
  if (value === undefined) return new Map();
  const glossary = compileGlossary(value as GlossaryContent);
  for (const problem of glossary.problems) problems.push({ file: GLOSSARY, problem });
  return glossary.terms;
}

/** Why a download does not match what its block says about it, or null when it does. */
async function downloadProblem(
  file: string,
  format: string,
  exists: (file: string) => Promise<boolean>,
): Promise<string | null> {
  if (!(await exists(file))) return 'which does not exist';
  const bytes = await readFile(file);
  if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') return 'which is not a PDF';
  // The page count the visitor is promised ("PDF, 3 pages") is the document's.
  const promised = /(\d+)/.exec(format)?.[1];
  const pages = /\/Type\s*\/Pages\b[^>]*?\/Count\s+(\d+)/.exec(bytes.toString('latin1'))?.[1];
  if (promised && pages && promised !== pages) return `which has ${pages} pages, not ${promised}`;
  return null;
}

const ROUTES = LOADED_PAGE_ROUTES.map((route) => ({ id: route.id, path: route.path, caseSensitive: true }));
const ROUTE_BY_ID = new Map<string, LoadedPageRoute>(LOADED_PAGE_ROUTES.map((route) => [route.id, route]));
const routesByFirstSegment = new Map<string, typeof ROUTES>();

/**
 * The routes a path could match, for matchRoutes, which flattens and ranks every route it is
 * given on each call: with thousands of insights that was most of the check's time. A route
 * whose first segment is a literal other than the path's cannot match it, and leaving it out
 * does not change how the others rank against each other.
 */
function candidateRoutes(pathname: string): typeof ROUTES {
  let first: string;
  try {
    // matchRoutes compares decoded segments.
    first = decodeURIComponent(pathname.split('/')[1] ?? '');
  } catch {
    return ROUTES;
  }
  if (pathname.includes('//')) return ROUTES;
  let routes = routesByFirstSegment.get(first);
  if (!routes) {
    routes = ROUTES.filter((route) => {
      const segment = route.path.split('/')[1] ?? '';
      return /[:*?]/.test(segment) || segment === first;
    });
    routesByFirstSegment.set(first, routes);
  }
  return routes;
}

/** Why an internal link of a file in `language` leads nowhere, or null when it leads to a page with content. */
function linkProblem(link: string, language: string, folders: ReadonlySet<string>): string | null {
  const pathname = link.split(/[?#]/)[0] ?? '';
  const match = matchRoutes(candidateRoutes(pathname), pathname)?.at(-1);
  const route = match && ROUTE_BY_ID.get(match.route.id ?? '');
  if (!match || !route) return `links to ${link}, which is no route`;
  if (route.validate && !route.validate(match.params)) return `links to ${link}, which its route refuses`;
  if (route.language !== 'shared' && route.language !== language)
    return `links to ${link}, a page in the other language`;
  // Redirecting routes have no content of their own.
  if (route.middleware?.length) return null;
  const folder = `${language}/${route.folder(match.params)}`;
  return folders.has(folder) ? null : `links to ${link}, whose content folder ${folder} does not exist`;
}

/**
 * The text as the glossary reads it: a {name} placeholder is code, not prose ({percent} is no
 * misspelt "per cent"). It stands as a digit, which most placeholders are, so spacing rules
 * around numbers still apply to it.
 */
const withoutPlaceholderNames = (text: string) => text.replace(/(?<!\{)\{\w+\}(?!\})/g, '0');

export async function checkContent(contentDir: string, staticDir: string): Promise<ContentProblem[]> {
  const problems: ContentProblem[] = [];
  const files = await readContentFiles(contentDir, problems);
  const schemas = compileSchemas();
  const exists = fileChecker();
  const paths = new Set(files.map((file) => file.path));
  const folders = new Set(files.map((file) => path.posix.dirname(file.path)));
  const glossary = await readGlossary(contentDir, schemas.shared.get(GLOSSARY), problems);
  const people = (await readSharedFile(contentDir, PEOPLE, schemas.shared.get(PEOPLE), problems)) as
    | PeopleContent
    | undefined;
  for (const [name, validate] of schemas.shared)
    if (name !== GLOSSARY && name !== PEOPLE) await readSharedFile(contentDir, name, validate, problems);

  for (const file of files) {
    const report = (problem: string) => problems.push({ file: file.path, problem });
    const isBlock = file.path.split('/')[1] === 'homepage';
    const block = path.posix.basename(file.path, '.json');
    const validate = isBlock ? schemas.blocks.get(block) : schemas.roots.get(file.path.slice(file.language.length + 1));
    if (isBlock && !validate) report(`no schema for the block "${block}"`);
    if (validate && !validate(file.value)) for (const error of validate.errors ?? []) report(schemaProblem(error));
    const terms = glossary.get(file.language) ?? [];
    const languageRelative = file.path.slice(file.language.length + 1);

    for (const { pointer, key, text } of strings(file.value)) {
      for (const problem of placeholderProblems(languageRelative, pointer, text)) report(problem);
      for (const problem of settingGrammarProblems(text, file.language, pointer)) report(problem);
      if (!ADDRESS_KEYS.has(key) && !/^(\/|https?:|mailto:)/.test(text))
        for (const problem of glossaryProblems(terms, withoutPlaceholderNames(text), key, pointer)) report(problem);
      if (!ADDRESS_KEYS.has(key) && isProse(text))
        for (const problem of typographyProblems(text, file.language, fieldPath(pointer))) report(problem);
      if (text.trim() === '') report(`${pointer} is empty`);
      else if (text.startsWith('/images/')) {
        if (!(await exists(path.join(staticDir, text)))) report(`${pointer} refers to ${text}, which does not exist`);
      } else if (key === 'file' && path.posix.basename(file.path) === 'download.json') {
        const problem = await downloadProblem(
          path.join(staticDir, 'downloads', text),
          (file.value as { format?: string }).format ?? '',
          exists,
        );
        if (problem) report(`${pointer} refers to downloads/${text}, ${problem}`);
      } else if (LINK_KEYS.has(key) && text.startsWith('/')) {
        const problem = linkProblem(text, file.language, folders);
        if (problem) report(`${pointer} ${problem}`);
      }
    }
  }

  const singleLanguage = (file: string) => SINGLE_LANGUAGE_FOLDERS.some((folder) => file.startsWith(`${folder}/`));
  const germanCounterparts = new Set<string>();
  for (const file of files.filter((f) => f.language === 'en')) {
    const german = germanPathOf(file.path);
    germanCounterparts.add(german);
    if (!paths.has(german)) problems.push({ file: file.path, problem: `has no German counterpart ${german}` });
  }
  for (const file of files.filter((f) => f.language === 'de')) {
    if (!germanCounterparts.has(file.path) && !singleLanguage(file.path))
      problems.push({ file: file.path, problem: 'has no English counterpart' });
  }
  problems.push(...factProblems(files));
  problems.push(...(await peopleProblems(files, people, staticDir, exists)));
  return problems;
}
