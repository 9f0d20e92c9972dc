/**
 * The texts of a downloadable document (scripts/downloads/{en,de}/{name}.json), typed and checked when read, so a
 * typo in a block's name fails the run instead of leaving a gap in a PDF that is committed and then served.
 */
import { readFile } from 'node:fs/promises';

export type Language = 'en' | 'de';

export type Block =
  | { p: string }
  | { bullets: string[] }
  | { steps: string[] }
  | { checklist: string[] }
  | { callout: { heading: string; text: string } };

export interface DownloadDocument {
  /** Small label above the title: "Checklist", "Whitepaper". */
  eyebrow: string;
  title: string;
  subtitle: string;
  /** A small line in the title bar: "Edition 2026 · Nordstern Digital, Analytics team". */
  edition?: string;
  /** The lead paragraph under the title bar. */
  intro?: string;
  sections: { heading: string; blocks: Block[] }[];
}

const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';
const isTexts = (value: unknown): value is string[] => Array.isArray(value) && value.length > 0 && value.every(isText);

function checkBlock(block: unknown, where: string): Block {
  const value = block as Record<string, unknown>;
  const keys = Object.keys(value ?? {});
  const key = keys[0];
  if (keys.length !== 1 || key === undefined)
    throw new Error(`${where}: a block has exactly one of p, bullets, steps, checklist, callout`);
  const content = value[key];
  if (key === 'p' && isText(content)) return { p: content };
  if ((key === 'bullets' || key === 'steps' || key === 'checklist') && isTexts(content))
    return { [key]: content } as Block;
  if (key === 'callout') {
    const callout = content as Record<string, unknown>;
    if (isText(callout?.heading) && isText(callout?.text))
      return { callout: { heading: callout.heading, text: callout.text } };
  }
  throw new Error(`${where}: a block "${key}" that is unknown or has no text`);
}

/** Reads and checks one document; the error names the file and the section that is wrong. */
export async function readDocument(file: string): Promise<DownloadDocument> {
  const raw = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  for (const field of ['eyebrow', 'title', 'subtitle'] as const)
    if (!isText(raw[field])) throw new Error(`${file}: "${field}" is missing or empty`);
  for (const field of ['edition', 'intro'] as const)
    if (raw[field] !== undefined && !isText(raw[field])) throw new Error(`${file}: "${field}" is empty`);
  if (!Array.isArray(raw.sections) || raw.sections.length === 0) throw new Error(`${file}: no sections`);
  const sections = (raw.sections as Record<string, unknown>[]).map((section, index) => {
    const where = `${file}, section ${index + 1}`;
    if (!isText(section.heading)) throw new Error(`${where}: no heading`);
    if (!Array.isArray(section.blocks) || section.blocks.length === 0) throw new Error(`${where}: no blocks`);
    return { heading: section.heading, blocks: section.blocks.map((block) => checkBlock(block, where)) };
  });
  return {
    eyebrow: raw.eyebrow as string,
    title: raw.title as string,
    subtitle: raw.subtitle as string,
    ...(raw.edition === undefined ? {} : { edition: raw.edition as string }),
    ...(raw.intro === undefined ? {} : { intro: raw.intro as string }),
    sections,
  };
}

/** Every character the document sets, so the brand font can be cut down to them; the eyebrow is set in capitals. */
export function documentCharacters(document: DownloadDocument): string {
  return `${JSON.stringify(document)}${document.eyebrow.toUpperCase()}`;
}
