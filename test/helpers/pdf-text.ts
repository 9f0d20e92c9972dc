/**
 * The text of a PDF as Chromium (Skia) writes it, read roughly: enough for a test to find a title or a footer
 * line without a PDF library. Fonts are Identity-H with a ToUnicode map, text is shown by Tj and TJ with hex glyph
 * codes. Only the page's own content stream is read, not the forms it draws (Skia puts the title bar, a
 * transparency group, in one): the title is checked in the metadata. Skia places glyphs one by one, so a page's text comes in drawing order with its spaces unreliable: compare
 * it with whitespace removed (`compact`).
 */
import { inflateSync } from 'node:zlib';

interface PdfObject {
  dictionary: string;
  stream?: Buffer;
}

function readObjects(pdf: Buffer): Map<number, PdfObject> {
  const text = pdf.toString('latin1');
  const objects = new Map<number, PdfObject>();
  for (const match of text.matchAll(/(\d+) 0 obj\s*<<([\s\S]*?)>>\s*(stream\r?\n|endobj)/g)) {
    const [, number, dictionary = '', after] = match;
    const object: PdfObject = { dictionary };
    if (after?.startsWith('stream')) {
      const start = (match.index ?? 0) + match[0].length;
      const length = Number(/\/Length (\d+)/.exec(dictionary)?.[1]);
      const raw = pdf.subarray(start, start + length);
      object.stream = dictionary.includes('/FlateDecode') ? inflateSync(raw) : raw;
    }
    objects.set(Number(number), object);
  }
  return objects;
}

/** A ToUnicode CMap: glyph code (hex) → text. */
function readCmap(cmap: string): Map<string, string> {
  const map = new Map<string, string>();
  const unicode = (hex: string) => Buffer.from(hex, 'hex').swap16().toString('utf16le');
  for (const section of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
    for (const [, code = '', target = ''] of (section[1] ?? '').matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g))
      map.set(code.toUpperCase(), unicode(target));
  for (const section of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g))
    for (const [, from = '', to = '', target = ''] of (section[1] ?? '').matchAll(
      /<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g,
    )) {
      const first = Number.parseInt(target, 16);
      for (let code = Number.parseInt(from, 16); code <= Number.parseInt(to, 16); code++)
        map.set(
          code.toString(16).toUpperCase().padStart(from.length, '0'),
          String.fromCodePoint(first + code - Number.parseInt(from, 16)),
        );
    }
  return map;
}

export const compact = (text: string) => text.replace(/\s+/g, '');

/** The text of each page, in page order. */
export function pdfPageTexts(pdf: Buffer): string[] {
  const objects = readObjects(pdf);
  const cmaps = new Map<string, Map<string, string>>();
  // Font resource names (/F4) to their ToUnicode maps: Skia names a font after its object, the same on every page.
  for (const object of objects.values())
    for (const [, name = '', number] of object.dictionary.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
      const font = objects.get(Number(number));
      const toUnicode = objects.get(Number(/\/ToUnicode (\d+) 0 R/.exec(font?.dictionary ?? '')?.[1]));
      if (toUnicode?.stream) cmaps.set(name, readCmap(toUnicode.stream.toString('latin1')));
    }
  const pagesRoot = [...objects.values()].find((object) => /\/Type \/Catalog/.test(object.dictionary));
  const kidsOf = (number: number): number[] => {
    const node = objects.get(number);
    if (!node) return [];
    if (/\/Type \/Page\b(?!s)/.test(node.dictionary)) return [number];
    const kids = /\/Kids \[([^\]]*)\]/.exec(node.dictionary)?.[1] ?? '';
    return [...kids.matchAll(/(\d+) 0 R/g)].flatMap(([, kid]) => kidsOf(Number(kid)));
  };
  const pages = kidsOf(Number(/\/Pages (\d+) 0 R/.exec(pagesRoot?.dictionary ?? '')?.[1]));
  return pages.map((number) => {
    const contents = /\/Contents (\d+) 0 R/.exec(objects.get(number)?.dictionary ?? '')?.[1];
    const content = objects.get(Number(contents))?.stream?.toString('latin1') ?? '';
    let cmap = new Map<string, string>();
    const runs: string[] = [];
    for (const [, font, array, single] of content.matchAll(
      /\/(F\d+) [\d.]+ Tf|\[((?:<[0-9A-Fa-f]*>|[-\d.\s])*)\]\s*TJ|<([0-9A-Fa-f]*)>\s*Tj/g,
    )) {
      if (font) {
        cmap = cmaps.get(font) ?? new Map();
        continue;
      }
      const hex = [...(array ?? `<${single ?? ''}>`).matchAll(/<([0-9A-Fa-f]*)>/g)].map(([, part]) => part).join('');
      runs.push((hex.match(/.{4}/g) ?? []).map((code) => cmap.get(code.toUpperCase()) ?? '').join(''));
    }
    return runs.join('');
  });
}
