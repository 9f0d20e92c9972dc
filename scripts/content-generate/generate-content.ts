/**
 * A content folder with many insights, made from the shipped ones, so the server, its
 * search index and content:check can be proven at a size the shipped articles cannot show.
 * The same seed always gives the same folder: a slow search or a failed start found with it
 * can be found again. Every article exists in both languages under one slug, each language
 * in its own words, as content:check and the server expect of real ones.
 */
import { cpSync, linkSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Static } from 'typebox';
import type {
  AuthorSchema,
  InsightContent,
  GeneralInformation as SchemaGeneralInformation,
} from '../../src/app/content/schemas/insight.ts';
import type { MetaContent } from '../../src/app/content/schemas/meta.ts';
import type { StageContent } from '../../src/app/content/schemas/stage.ts';
import {
  articleImageUrl,
  articlePath,
  INSIGHTS_CONTENT_FOLDER,
  SECONDARY_GROUPS,
} from '../../src/app/insights/model.ts';
import { personSlug } from '../../src/app/people/portrait-path.ts';

type Language = 'en' | 'de';
/**
 * The types a generated insight can carry honestly: a whitepaper or a fact sheet needs its own
 * PDF and no insight is a video (see content-check/facts-insight-types.ts).
 */
const GENERATED_TYPES = ['article', 'case-study', 'event'] as const;
type AuthorContent = Static<typeof AuthorSchema>;
// The schema's union of content types reads as never to the type checker; the values come from GENERATED_TYPES.
type GeneralInformation = Omit<SchemaGeneralInformation, 'type'> & { type: string };
type Paragraph = Extract<InsightContent['paragraphs'], { text: string }>;
type Author = AuthorContent['authors'][number];
/** An insight's blocks in one language, as its files hold them. */
interface Blocks {
  author: AuthorContent;
  content: InsightContent;
  general_information: GeneralInformation;
  meta: MetaContent;
  stage: StageContent;
}
interface Shipped {
  slug: string;
  en: Blocks;
  de: Blocks;
}
/** A pair: the same words in English and in German. */
type Words = readonly [string, string];
interface HeadlineParts {
  subject: Record<Language, string>;
  rest: Record<Language, string> | null;
  sector: Words;
  audience: Words;
  n: number;
  year: string;
}

const ROOT = path.resolve(import.meta.dirname, '../..');
const LANGUAGES: readonly Language[] = ['en', 'de'];
const BLOCKS: readonly (keyof Blocks)[] = ['author', 'content', 'general_information', 'meta', 'stage'];

// Dates spread over years, so sorting, the feed's newest twenty and the sitemap's lastmod see a real archive.
const FIRST_DAY = Date.UTC(2014, 0, 1);
const LAST_DAY = Date.UTC(2026, 5, 30);
const DAY_MS = 24 * 60 * 60 * 1000;

// The varied words: each entry names the same thing in both languages, so an article's two
// versions stay translations of each other.
const SECTORS: readonly Words[] = [
  ['in retail', 'im Handel'],
  ['in travel', 'in der Reisebranche'],
  ['in publishing', 'bei Verlagen'],
  ['in financial services', 'bei Finanzdienstleistern'],
  ['in B2B', 'im B2B'],
  ['in the automotive industry', 'in der Automobilbranche'],
  ['in e-commerce', 'im E-Commerce'],
  ['in insurance', 'bei Versicherern'],
  ['in the energy sector', 'in der Energiewirtschaft'],
  ['in healthcare', 'im Gesundheitswesen'],
  ['in telecommunications', 'in der Telekommunikation'],
  ['in consumer goods', 'bei Konsumgütern'],
  ['in media houses', 'in Medienhäusern'],
  ['in the public sector', 'im öffentlichen Sektor'],
  ['in logistics', 'in der Logistik'],
  ['in fashion', 'in der Modebranche'],
];
const AUDIENCES: readonly Words[] = [
  ['data teams', 'Datenteams'],
  ['marketing managers', 'Marketingverantwortliche'],
  ['management', 'die Geschäftsführung'],
  ['developers', 'Entwicklungsteams'],
  ['agencies', 'Agenturen'],
  ['analysts', 'Analyseteams'],
];
const CITIES: readonly Words[] = [
  ['Munich', 'München'],
  ['Hamburg', 'Hamburg'],
  ['Berlin', 'Berlin'],
  ['Cologne', 'Köln'],
  ['Frankfurt', 'Frankfurt'],
  ['Vienna', 'Wien'],
  ['Zurich', 'Zürich'],
  ['Stuttgart', 'Stuttgart'],
];

/** Headlines: a shipped headline's subject (the part before its colon) with varied words. */
const HEADLINES: readonly ((p: HeadlineParts) => Words | null)[] = [
  (p) =>
    p.rest ? [`${p.subject.en} ${p.sector[0]}: ${p.rest.en}`, `${p.subject.de} ${p.sector[1]}: ${p.rest.de}`] : null,
  (p) => [
    `${p.subject.en}: lessons from ${p.n} projects ${p.sector[0]}`,
    `${p.subject.de}: Erkenntnisse aus ${p.n} Projekten ${p.sector[1]}`,
  ],
  (p) => [
    `${p.subject.en} ${p.sector[0]}: what changed in ${p.year}`,
    `${p.subject.de} ${p.sector[1]}: Was sich ${p.year} geändert hat`,
  ],
  (p) => [
    `${p.subject.en}: the ${p.year} review for ${p.audience[0]}`,
    `${p.subject.de}: der Rückblick ${p.year} für ${p.audience[1]}`,
  ],
  (p) => [
    `${p.subject.en} for ${p.audience[0]}: the first questions to ask`,
    `${p.subject.de} für ${p.audience[1]}: die ersten Fragen`,
  ],
  (p) => [
    `${p.subject.en}: ${p.n} mistakes we see ${p.sector[0]}`,
    `${p.subject.de}: ${p.n} Fehler, die wir ${p.sector[1]} sehen`,
  ],
  (p) => [
    `${p.subject.en} revisited: notes ${p.sector[0]}, ${p.year}`,
    `${p.subject.de} neu betrachtet: Notizen ${p.sector[1]}, ${p.year}`,
  ],
  (p) => [
    `${p.subject.en}: a checklist for ${p.audience[0]} ${p.sector[0]}`,
    `${p.subject.de}: eine Checkliste für ${p.audience[1]} ${p.sector[1]}`,
  ],
];
/** The first sentence of a description, before the shipped one: the card shows it. */
const ANGLES: readonly ((p: HeadlineParts) => Words)[] = [
  (p) => [
    `This edition looks at ${p.n} projects ${p.sector[0]} from ${p.year}.`,
    `Diese Ausgabe blickt auf ${p.n} Projekte ${p.sector[1]} aus dem Jahr ${p.year}.`,
  ],
  (p) => [
    `What we learned from ${p.n} projects ${p.sector[0]} in ${p.year}.`,
    `Was wir ${p.year} aus ${p.n} Projekten ${p.sector[1]} gelernt haben.`,
  ],
  (p) => [
    `Updated in ${p.year}, with examples ${p.sector[0]}.`,
    `Aktualisiert ${p.year}, mit Beispielen ${p.sector[1]}.`,
  ],
  (p) => [
    `Written for ${p.audience[0]}, with ${p.n} examples ${p.sector[0]}.`,
    `Geschrieben für ${p.audience[1]}, mit ${p.n} Beispielen ${p.sector[1]}.`,
  ],
];

/** FNV-1a: a seed of any text as 32 bits. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** mulberry32: small and fast, and the same numbers on every machine for the same seed. */
function random(...parts: (string | number)[]): () => number {
  let a = hash(parts.join('\u0000'));
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;
const between = (rng: Random, min: number, max: number) => min + Math.floor(rng() * (max - min + 1));
const pick = <T>(rng: Random, list: readonly T[]): T => list[Math.floor(rng() * list.length)]!;
function shuffled<T>(rng: Random, list: readonly T[]): T[] {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(rng() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}
const sample = <T>(rng: Random, list: readonly T[], min: number, max: number): T[] =>
  shuffled(rng, list).slice(0, between(rng, min, max));

const readJson = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));
const writeJson = (file: string, value: unknown) => writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
const asList = (paragraphs: InsightContent['paragraphs']): Paragraph[] =>
  Array.isArray(paragraphs) ? paragraphs : [paragraphs];

/** A headline's subject and the rest after its colon, when both languages have one. */
function headlineParts(article: Shipped): Pick<HeadlineParts, 'subject' | 'rest'> {
  const split = (headline: string) => {
    const at = headline.indexOf(': ');
    return at < 0 ? null : { subject: headline.slice(0, at), rest: headline.slice(at + 2) };
  };
  const en = split(article.en.stage.headline);
  const de = split(article.de.stage.headline);
  if (en && de) return { subject: { en: en.subject, de: de.subject }, rest: { en: en.rest, de: de.rest } };
  return { subject: { en: article.en.stage.headline, de: article.de.stage.headline }, rest: null };
}

/** The shipped insights with both languages' blocks, in folder order. */
function readShipped(contentDir: string): Shipped[] {
  const folder = (language: Language) => path.join(contentDir, language, INSIGHTS_CONTENT_FOLDER);
  return readdirSync(folder('en'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .map((slug) => {
      const blocks = (language: Language) =>
        Object.fromEntries(
          BLOCKS.map((block) => [block, readJson(path.join(folder(language), slug, `${block}.json`))]),
        ) as unknown as Blocks;
      return { slug, en: blocks('en'), de: blocks('de') };
    });
}

const berlinOffset = new Intl.DateTimeFormat('en', { timeZone: 'Europe/Berlin', timeZoneName: 'longOffset' });
/** A Berlin wall-clock time with the offset it has on that day, as the shipped datetimes are written. */
function berlinDateTime(day: number, hour: number, minute: number): string {
  const local = new Date(day + (hour * 60 + minute) * 60_000);
  const offsetAt = (instant: Date) => {
    const name = berlinOffset.formatToParts(instant).find((part) => part.type === 'timeZoneName')?.value ?? '';
    return /[+-]\d\d:\d\d/.exec(name)?.[0] ?? '+00:00';
  };
  // An hour off never crosses a change of offset between 08:00 and 18:00, when these are set.
  const offset = offsetAt(new Date(local.getTime() - 60 * 60_000));
  return `${local.toISOString().slice(0, 16)}:00${offset}`;
}

/** A headline's first twelve words as a slug, spelt as the portraits' file names are (personSlug). */
function slugOf(headline: string): string {
  return personSlug(headline).split('-').slice(0, 12).join('-');
}

function wordCount(paragraphs: readonly Paragraph[]): number {
  return paragraphs.reduce((sum, p) => sum + `${p.headline ?? ''} ${p.text}`.split(/\s+/).filter(Boolean).length, 0);
}

/** A new article: the shipped one it is made from, its English headline and its blocks in both languages. */
interface Made {
  source: string;
  headline: string;
  versions: Record<Language, Blocks>;
}

/** What every new article draws from: the shipped articles, their authors and tags per language. */
interface Pools {
  shipped: readonly Shipped[];
  authors: Record<Language, ReadonlyMap<string, Author>>;
  tags: Record<Language, readonly string[]>;
}

/** One new article in both languages, or null when its headline was taken (the caller tries again). */
function makeArticle(
  rng: Random,
  index: number,
  seed: string | number,
  { shipped, authors, tags: tagPools }: Pools,
  taken: ReadonlySet<string>,
): Made | null {
  const source = pick(rng, shipped);
  const day = FIRST_DAY + between(rng, 0, (LAST_DAY - FIRST_DAY) / DAY_MS) * DAY_MS;
  const datetime = berlinDateTime(day, between(rng, 8, 17), pick(rng, [0, 15, 30, 45]));
  const parts: HeadlineParts = {
    ...headlineParts(source),
    sector: pick(rng, SECTORS),
    audience: pick(rng, AUDIENCES),
    n: between(rng, 3, 24),
    year: datetime.slice(0, 4),
  };
  const headline = pick(
    rng,
    HEADLINES.map((template) => template(parts)).filter((words) => words !== null),
  );
  if (taken.has(headline[0])) return null;
  const angle = pick(rng, ANGLES)(parts);

  const type = pick(rng, GENERATED_TYPES);
  const groups: Pick<GeneralInformation, 'audience' | 'services' | 'technology' | 'topics'> = {
    audience: sample(rng, SECONDARY_GROUPS.audience, 1, 2),
    services: sample(rng, SECONDARY_GROUPS.services, 1, 2),
    technology: sample(rng, SECONDARY_GROUPS.technology, 1, 3),
    topics: sample(rng, SECONDARY_GROUPS.topics, 1, 2),
  };
  const names = sample(rng, [...authors.en.keys()], 1, 2);
  // The body: the source's paragraphs shuffled, one or two left out, sometimes one of another article's in.
  const order = shuffled(
    rng,
    asList(source.en.content.paragraphs).map((_, i): [Shipped, number] => [source, i]),
  );
  const body = order.slice(0, Math.max(3, order.length - between(rng, 0, 2)));
  if (rng() < 0.5) {
    const other = pick(rng, shipped);
    body.splice(between(rng, 0, body.length), 0, [
      other,
      between(rng, 0, asList(other.en.content.paragraphs).length - 1),
    ]);
  }
  const city = pick(rng, CITIES);
  const paragraphsOf = (language: Language) =>
    body.map(([article, i]) => asList(article[language].content.paragraphs)[i]!);
  const readingTime = Math.max(1, Math.round(wordCount(paragraphsOf('en')) / 100));

  const version = (language: Language): Blocks => {
    const l = language === 'en' ? 0 : 1;
    // Tags come from the language's own tags, so the German ones stay German; their draw has its own numbers.
    const tagRng = random(seed, index, language);
    const tags = [
      ...new Set([
        ...sample(tagRng, source[language].general_information.tags, 2, 4),
        ...sample(tagRng, tagPools[language], 1, 2),
      ]),
    ];
    const description = [angle[l], source[language].stage.description].filter(Boolean).join(' ');
    const extra: Partial<GeneralInformation> =
      type === 'event' ? { location: city[l], event_date: datetime.slice(0, 10) } : { reading_time: readingTime };
    return {
      author: { authors: names.map((name) => authors[language].get(name)!) },
      content: { paragraphs: paragraphsOf(language) },
      general_information: { type, datetime, ...groups, tags, ...extra },
      meta: {
        title: `${headline[l]} | Nordstern Digital`,
        description,
        og_title: `${headline[l]} – Nordstern Digital`,
        og_description: description,
        og_type: 'article',
      },
      stage: { headline: headline[l], description },
    };
  };
  return { source: source.slug, headline: headline[0], versions: { en: version('en'), de: version('de') } };
}

export interface GenerateOptions {
  /** Insights per language in all, the shipped ones included. */
  articles: number;
  /** A new or empty folder: content/ and static/ are written into it. */
  out: string;
  seed?: string | number;
  contentDir?: string;
  staticDir?: string;
}

export interface Generated {
  contentDir: string;
  staticDir: string;
  shipped: number;
  generated: number;
  /** Every insight's folder name, the shipped ones first. */
  slugs: string[];
}

/**
 * Copies contentDir to out/content and staticDir to out/static, then adds insights until each
 * language has `articles` in all (the shipped ones are kept). Each new article's card image is
 * a hard link to its source article's (a symbolic link where the file system has none), so
 * 10,000 articles add folders, not megabytes.
 */
export function generateContent({
  articles,
  out,
  seed = 1,
  contentDir = path.join(ROOT, 'content'),
  staticDir = path.join(ROOT, 'static'),
}: GenerateOptions): Generated {
  if (!Number.isInteger(articles) || articles < 0)
    throw new Error(`--articles must be a whole number, not ${articles}`);
  const target = path.resolve(out);
  let existing: string[] = [];
  try {
    existing = readdirSync(target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  if (existing.length > 0)
    throw new Error(`${target} is not empty: content:generate only writes into a new or an empty folder`);

  const shipped = readShipped(contentDir);
  if (articles < shipped.length)
    throw new Error(
      `--articles ${articles} is fewer than the ${shipped.length} shipped articles per language, which are all kept`,
    );
  const outContent = path.join(target, 'content');
  const outStatic = path.join(target, 'static');
  mkdirSync(target, { recursive: true });
  cpSync(contentDir, outContent, { recursive: true });
  cpSync(staticDir, outStatic, { recursive: true });

  const authorsOf = (language: Language) =>
    new Map(shipped.flatMap((article) => article[language].author.authors).map((author) => [author.name, author]));
  const authors = { en: authorsOf('en'), de: authorsOf('de') };
  // Names are drawn from the English ones: each must have a German entry too.
  for (const name of authors.en.keys()) if (!authors.de.has(name)) authors.en.delete(name);
  const tagsOf = (language: Language) =>
    [...new Set(shipped.flatMap((article) => article[language].general_information.tags))].sort();
  const pools: Pools = { shipped, authors, tags: { en: tagsOf('en'), de: tagsOf('de') } };

  const takenHeadlines = new Set(shipped.map((article) => article.en.stage.headline));
  const takenSlugs = new Set(shipped.map((article) => article.slug));
  const slugs = shipped.map((article) => article.slug);
  for (let index = 0; index < articles - shipped.length; index += 1) {
    const rng = random(seed, index);
    let article: Made | null = null;
    for (let attempt = 0; attempt < 50 && !article; attempt += 1)
      article = makeArticle(rng, index, seed, pools, takenHeadlines);
    if (!article) throw new Error(`no unused headline found for article ${index + 1}; use fewer articles`);
    takenHeadlines.add(article.headline);
    const base = slugOf(article.headline);
    let slug = base;
    for (let n = 2; takenSlugs.has(slug); n += 1) slug = `${base}-${n}`;
    takenSlugs.add(slug);
    slugs.push(slug);

    for (const language of LANGUAGES) {
      const folder = path.join(outContent, language, INSIGHTS_CONTENT_FOLDER, slug);
      mkdirSync(folder, { recursive: true });
      const version = article.versions[language];
      version.meta.og_image = articleImageUrl(slug);
      version.meta.canonical = articlePath(slug);
      for (const block of BLOCKS) writeJson(path.join(folder, `${block}.json`), version[block]);
    }
    const image = path.join(outStatic, articleImageUrl(slug));
    mkdirSync(path.dirname(image), { recursive: true });
    const sourceImage = path.join(outStatic, articleImageUrl(article.source));
    try {
      linkSync(sourceImage, image);
    } catch {
      symlinkSync(path.relative(path.dirname(image), sourceImage), image);
    }
  }
  return {
    contentDir: outContent,
    staticDir: outStatic,
    shipped: shipped.length,
    generated: articles - shipped.length,
    slugs,
  };
}
