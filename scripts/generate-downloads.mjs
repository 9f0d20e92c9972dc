// Generates the downloadable PDF documents of the website from plain JSON texts.
//   npm run downloads
// Reads  scripts/downloads/{en,de}/{name}.json
// Writes static/downloads/{en,de}/{name}.pdf
//
// The PDFs are written by hand (PDF 1.4, no dependencies): A4 pages, the standard fonts
// Helvetica and Helvetica-Bold with WinAnsiEncoding, word-wrapped text, page breaks,
// a brand-coloured title bar, checklists with empty boxes, a footer with page numbers on
// every page and a fixed creation date, so every run produces byte-identical files.
//
// Document JSON shape:
//   {
//     "eyebrow": "Practical guide",            small label above the title
//     "title": "…", "subtitle": "…",            shown in the title bar
//     "edition": "Edition 2026",                optional, small line in the title bar
//     "intro": "…",                             optional lead paragraph
//     "sections": [
//       { "heading": "…", "blocks": [
//           { "p": "Text with **bold** parts" },
//           { "bullets": ["…"] },
//           { "steps": ["…"] },                 numbered list
//           { "checklist": ["…"] },             items with an empty square
//           { "callout": { "heading": "…", "text": "…" } }
//       ] }
//     ]
//   }
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const SOURCE = path.join(ROOT, 'scripts', 'downloads');
const TARGET = path.join(ROOT, 'static', 'downloads');

const CREATION_DATE = "D:20260112090000+01'00'";
const AUTHOR = 'Nordstern Digital';
const FOOTER = 'Nordstern Digital GmbH · Kehrwieder 9 · 20457 Hamburg · nordstern-digital.example';
const PAGE_LABEL = { en: 'Page {n} of {total}', de: 'Seite {n} von {total}' };

// ---------------------------------------------------------------------------------------
// Page geometry and colours (points; origin bottom left)
const PAGE_W = 595;
const PAGE_H = 842;
const MARGIN_X = 56;
const CONTENT_W = PAGE_W - 2 * MARGIN_X;
const BODY_BOTTOM = 78; // lowest baseline for body text
const FOOTER_Y = 40;

const COLOR = {
  brand: '#174f78',
  brandDark: '#0d2f4a',
  night: '#0a1c2c',
  accent: '#f2b33d',
  tint: '#f2f6f9',
  line: '#d9e1e8',
  lightBlue: '#8fb8d8',
  muted: '#4a5d6e',
  white: '#ffffff',
};

// ---------------------------------------------------------------------------------------
// Windows-1252 encoding
// biome-ignore-start lint/complexity/useSimpleNumberKeys: code points in hex, as the code page's chart lists them
// biome-ignore format: seven entries a row, in the chart's order
const CP1252_EXTRA = {
  0x20ac: 0x80, 0x201a: 0x82, 0x0192: 0x83, 0x201e: 0x84, 0x2026: 0x85, 0x2020: 0x86, 0x2021: 0x87,
  0x02c6: 0x88, 0x2030: 0x89, 0x0160: 0x8a, 0x2039: 0x8b, 0x0152: 0x8c, 0x017d: 0x8e, 0x2018: 0x91,
  0x2019: 0x92, 0x201c: 0x93, 0x201d: 0x94, 0x2022: 0x95, 0x2013: 0x96, 0x2014: 0x97, 0x02dc: 0x98,
  0x2122: 0x99, 0x0161: 0x9a, 0x203a: 0x9b, 0x0153: 0x9c, 0x017e: 0x9e, 0x0178: 0x9f,
};
// Characters without a Windows-1252 code that may appear in texts, mapped to close equivalents.
const SUBSTITUTE = { 0x2011: 0x2d, 0x2010: 0x2d, 0x2212: 0x2d, 0x202f: 0xa0, 0x2009: 0x20, 0x2007: 0x20 };
// biome-ignore-end lint/complexity/useSimpleNumberKeys: code points in hex, as the code page's chart lists them

/** Encodes a JavaScript string as an array of Windows-1252 byte values. */
function toCp1252(text) {
  const bytes = [];
  for (const char of text) {
    let code = char.codePointAt(0);
    if (SUBSTITUTE[code] !== undefined) code = SUBSTITUTE[code];
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff)) bytes.push(code);
    else if (CP1252_EXTRA[code] !== undefined) bytes.push(CP1252_EXTRA[code]);
    else
      throw new Error(
        `Character U+${code.toString(16).toUpperCase().padStart(4, '0')} ("${char}") cannot be encoded in Windows-1252: ${text}`,
      );
  }
  return bytes;
}

/** A PDF literal string from Windows-1252 bytes; ( ) \ escaped, non-ASCII as octal escapes. */
function pdfString(bytes) {
  let out = '(';
  for (const b of bytes) {
    if (b === 0x28 || b === 0x29 || b === 0x5c) out += '\\' + String.fromCharCode(b);
    else if (b < 0x20 || b > 0x7e) out += '\\' + b.toString(8).padStart(3, '0');
    else out += String.fromCharCode(b);
  }
  return out + ')';
}

/** A PDF text string for the document information dictionary (UTF-16BE with BOM, hex). */
function pdfTextString(text) {
  let hex = 'FEFF';
  for (let i = 0; i < text.length; i++) hex += text.charCodeAt(i).toString(16).toUpperCase().padStart(4, '0');
  return `<${hex}>`;
}

// ---------------------------------------------------------------------------------------
// Font metrics: advance widths (1/1000 em) of Helvetica and Helvetica-Bold for the
// Windows-1252 codes 32–255, from the Adobe Font Metrics files of the standard 14 fonts.
// prettier-ignore
const HELVETICA = [
  278,
  278,
  355,
  556,
  556,
  889,
  667,
  191,
  333,
  333,
  389,
  584,
  278,
  333,
  278,
  278, // 32–47
  556,
  556,
  556,
  556,
  556,
  556,
  556,
  556,
  556,
  556,
  278,
  278,
  584,
  584,
  584,
  556, // 48–63
  1015,
  667,
  667,
  722,
  722,
  667,
  611,
  778,
  722,
  278,
  500,
  667,
  556,
  833,
  722,
  778, // 64–79
  667,
  778,
  722,
  667,
  611,
  722,
  667,
  944,
  667,
  667,
  611,
  278,
  278,
  278,
  469,
  556, // 80–95
  333,
  556,
  556,
  500,
  556,
  556,
  278,
  556,
  556,
  222,
  222,
  500,
  222,
  833,
  556,
  556, // 96–111
  556,
  556,
  333,
  500,
  278,
  556,
  500,
  722,
  500,
  500,
  500,
  334,
  260,
  334,
  584,
  350, // 112–127
  556,
  350,
  222,
  556,
  333,
  1000,
  556,
  556,
  333,
  1000,
  667,
  333,
  1000,
  350,
  611,
  350, // 128–143
  350,
  222,
  222,
  333,
  333,
  350,
  556,
  1000,
  333,
  1000,
  500,
  333,
  944,
  350,
  500,
  667, // 144–159
  278,
  333,
  556,
  556,
  556,
  556,
  260,
  556,
  333,
  737,
  370,
  556,
  584,
  333,
  737,
  333, // 160–175
  400,
  584,
  333,
  333,
  333,
  556,
  537,
  278,
  333,
  333,
  365,
  556,
  834,
  834,
  834,
  611, // 176–191
  667,
  667,
  667,
  667,
  667,
  667,
  1000,
  722,
  667,
  667,
  667,
  667,
  278,
  278,
  278,
  278, // 192–207
  722,
  722,
  778,
  778,
  778,
  778,
  778,
  584,
  778,
  722,
  722,
  722,
  722,
  667,
  667,
  611, // 208–223
  556,
  556,
  556,
  556,
  556,
  556,
  889,
  500,
  556,
  556,
  556,
  556,
  278,
  278,
  278,
  278, // 224–239
  556,
  556,
  556,
  556,
  556,
  556,
  556,
  584,
  611,
  556,
  556,
  556,
  556,
  500,
  556,
  500, // 240–255
];
// prettier-ignore
const HELVETICA_BOLD = [
  278,
  333,
  474,
  556,
  556,
  889,
  722,
  238,
  333,
  333,
  389,
  584,
  278,
  333,
  278,
  278, // 32–47
  556,
  556,
  556,
  556,
  556,
  556,
  556,
  556,
  556,
  556,
  333,
  333,
  584,
  584,
  584,
  611, // 48–63
  975,
  722,
  722,
  722,
  722,
  667,
  611,
  778,
  722,
  278,
  556,
  722,
  611,
  833,
  722,
  778, // 64–79
  667,
  778,
  722,
  667,
  611,
  722,
  667,
  944,
  667,
  667,
  611,
  333,
  278,
  333,
  584,
  556, // 80–95
  333,
  556,
  611,
  556,
  611,
  556,
  333,
  611,
  611,
  278,
  278,
  556,
  278,
  889,
  611,
  611, // 96–111
  611,
  611,
  389,
  556,
  333,
  611,
  556,
  778,
  556,
  556,
  500,
  389,
  280,
  389,
  584,
  350, // 112–127
  556,
  350,
  278,
  556,
  500,
  1000,
  556,
  556,
  333,
  1000,
  667,
  333,
  1000,
  350,
  611,
  350, // 128–143
  350,
  278,
  278,
  500,
  500,
  350,
  556,
  1000,
  333,
  1000,
  556,
  333,
  944,
  350,
  500,
  667, // 144–159
  278,
  333,
  556,
  556,
  556,
  556,
  280,
  556,
  333,
  737,
  370,
  556,
  584,
  333,
  737,
  333, // 160–175
  400,
  584,
  333,
  333,
  333,
  611,
  556,
  278,
  333,
  333,
  365,
  556,
  834,
  834,
  834,
  611, // 176–191
  722,
  722,
  722,
  722,
  722,
  722,
  1000,
  722,
  667,
  667,
  667,
  667,
  278,
  278,
  278,
  278, // 192–207
  722,
  722,
  778,
  778,
  778,
  778,
  778,
  584,
  778,
  722,
  722,
  722,
  722,
  667,
  667,
  611, // 208–223
  556,
  556,
  556,
  556,
  556,
  556,
  889,
  556,
  556,
  556,
  556,
  556,
  278,
  278,
  278,
  278, // 224–239
  611,
  611,
  611,
  611,
  611,
  611,
  611,
  584,
  611,
  611,
  611,
  611,
  611,
  556,
  611,
  556, // 240–255
];
const FONTS = { regular: { name: 'F1', widths: HELVETICA }, bold: { name: 'F2', widths: HELVETICA_BOLD } };

/** Width of a text in points. */
function textWidth(text, font, size) {
  let units = 0;
  for (const b of toCp1252(text)) units += FONTS[font].widths[b - 32] ?? 556;
  return (units * size) / 1000;
}

// ---------------------------------------------------------------------------------------
// Word wrapping with **bold** runs

/** Splits "text with **bold** parts" into words, each marked regular or bold. */
function toWords(text, baseFont = 'regular') {
  const words = [];
  const parts = text.split('**');
  parts.forEach((part, i) => {
    const font = i % 2 === 1 ? 'bold' : baseFont;
    // Only ordinary spaces and line breaks separate words; a no-break space (U+00A0) keeps
    // "§ 25" or "20 %" together.
    const tokens = part.split(/([ \t\n]+)/);
    for (const token of tokens) {
      if (token === '') continue;
      if (/^[ \t\n]+$/.test(token)) {
        if (words.length) words[words.length - 1].spaceAfter = true;
        continue;
      }
      const last = words[words.length - 1];
      if (last && !last.spaceAfter && last.font !== font) {
        // A run change inside a word (e.g. "**GA4**-Property"): keep it together on one line.
        last.pieces.push({ text: token, font });
      } else {
        words.push({ pieces: [{ text: token, font }], font, spaceAfter: false });
      }
    }
  });
  return words;
}

function wordWidth(word, size) {
  return word.pieces.reduce((sum, piece) => sum + textWidth(piece.text, piece.font, size), 0);
}

/** Greedy line breaking; returns lines as arrays of words. */
function wrap(text, width, size, baseFont = 'regular') {
  const words = toWords(text, baseFont);
  const lines = [];
  let line = [];
  let lineWidth = 0;
  for (const word of words) {
    const w = wordWidth(word, size);
    const space = line.length ? textWidth(' ', 'regular', size) : 0;
    if (line.length && lineWidth + space + w > width) {
      lines.push(line);
      line = [];
      lineWidth = 0;
    }
    lineWidth += (line.length ? textWidth(' ', 'regular', size) : 0) + w;
    line.push(word);
  }
  if (line.length) lines.push(line);
  return lines;
}

// ---------------------------------------------------------------------------------------
// Content stream helpers

const num = (n) => {
  const rounded = Math.round(n * 100) / 100;
  return Object.is(rounded, -0) ? '0' : String(rounded);
};

function rgb(hex) {
  const v = hex.replace('#', '');
  return [0, 2, 4].map((i) => num(parseInt(v.slice(i, i + 2), 16) / 255)).join(' ');
}
const fill = (hex) => `${rgb(hex)} rg`;
const stroke = (hex) => `${rgb(hex)} RG`;

/** Text operators for one line of words at (x, y). */
function lineOps(words, x, y, size, color) {
  const runs = [];
  words.forEach((word, wi) => {
    word.pieces.forEach((piece, pi) => {
      const isLastPiece = pi === word.pieces.length - 1;
      const text = piece.text + (isLastPiece && wi < words.length - 1 ? ' ' : '');
      const last = runs[runs.length - 1];
      if (last && last.font === piece.font) last.text += text;
      else runs.push({ font: piece.font, text });
    });
  });
  const ops = [`BT ${fill(color)} 1 0 0 1 ${num(x)} ${num(y)} Tm`];
  for (const run of runs) ops.push(`/${FONTS[run.font].name} ${num(size)} Tf ${pdfString(toCp1252(run.text))} Tj`);
  ops.push('ET');
  return ops.join(' ');
}

function simpleText(text, x, y, font, size, color) {
  return `BT ${fill(color)} /${FONTS[font].name} ${num(size)} Tf 1 0 0 1 ${num(x)} ${num(y)} Tm ${pdfString(toCp1252(text))} Tj ET`;
}

/** A four-pointed star (the house motif), centred at (x, y). */
function star(x, y, r, color) {
  const i = r * 0.26;
  const pts = [
    [x, y + r],
    [x + i, y + i],
    [x + r, y],
    [x + i, y - i],
    [x, y - r],
    [x - i, y - i],
    [x - r, y],
    [x - i, y + i],
  ];
  return `${fill(color)} ${pts.map(([px, py], k) => `${num(px)} ${num(py)} ${k ? 'l' : 'm'}`).join(' ')} h f`;
}

// ---------------------------------------------------------------------------------------
// Layout

const STYLE = {
  body: { size: 10, leading: 14.6 },
  intro: { size: 11.5, leading: 16.5 },
  heading: { size: 14, leading: 18 },
};

class Layout {
  constructor(doc, lang) {
    this.doc = doc;
    this.lang = lang;
    this.pages = [];
    this.newPage(true);
  }

  newPage(first = false) {
    this.page = { ops: [] };
    this.pages.push(this.page);
    if (first) this.y = this.titleBar();
    else this.y = this.runningHeader();
  }

  ensure(height) {
    if (this.y - height < BODY_BOTTOM) this.newPage();
  }

  add(op) {
    this.page.ops.push(op);
  }

  titleBar() {
    const { doc } = this;
    const titleLines = wrap(doc.title, CONTENT_W - 70, 24, 'bold');
    const subtitleLines = doc.subtitle ? wrap(doc.subtitle, CONTENT_W - 70, 11.5) : [];
    const height = 52 + 16 + titleLines.length * 29 + subtitleLines.length * 16 + (doc.edition ? 26 : 0) + 30;
    const bottom = PAGE_H - height;
    this.add(`${fill(COLOR.brand)} 0 ${num(bottom)} ${PAGE_W} ${num(height)} re f`);
    this.add(`${fill(COLOR.accent)} 0 ${num(bottom)} ${PAGE_W} 4 re f`);
    // Constellation in the upper right corner
    const sx = PAGE_W - MARGIN_X - 14;
    const sy = PAGE_H - 60;
    this.add(
      `q ${stroke(COLOR.lightBlue)} 1.4 w 1 J [0 5] 0 d ${num(sx - 64)} ${num(sy - 34)} m ${num(sx - 30)} ${num(sy + 6)} l ${num(sx)} ${num(sy)} l S Q`,
    );
    this.add(star(sx - 64, sy - 34, 5, COLOR.lightBlue));
    this.add(star(sx - 30, sy + 6, 4, COLOR.white));
    this.add(star(sx, sy, 14, COLOR.accent));
    let y = PAGE_H - 52;
    if (doc.eyebrow) this.add(simpleText(doc.eyebrow.toUpperCase(), MARGIN_X, y, 'bold', 9, COLOR.accent));
    y -= 16 + 24;
    for (const line of titleLines) {
      this.add(lineOps(line, MARGIN_X, y, 24, COLOR.white));
      y -= 29;
    }
    y += 29 - 22;
    for (const line of subtitleLines) {
      this.add(lineOps(line, MARGIN_X, y, 11.5, '#dce8f2'));
      y -= 16;
    }
    if (doc.edition) this.add(simpleText(doc.edition, MARGIN_X, y - 10, 'regular', 8.5, COLOR.lightBlue));
    return bottom - 36;
  }

  runningHeader() {
    this.add(`${fill(COLOR.brand)} 0 ${PAGE_H - 34} ${PAGE_W} 34 re f`);
    this.add(star(MARGIN_X + 5, PAGE_H - 17, 6, COLOR.accent));
    this.add(simpleText(this.doc.title, MARGIN_X + 18, PAGE_H - 20.5, 'bold', 9, COLOR.white));
    return PAGE_H - 34 - 40;
  }

  paragraph(text, style = STYLE.body, indent = 0, color = COLOR.night) {
    const lines = wrap(text, CONTENT_W - indent, style.size);
    for (const [i, line] of lines.entries()) {
      // no single first or last line of a paragraph at a page edge
      this.ensure(((i === 0 && lines.length > 1) || i === lines.length - 2 ? 2 : 1) * style.leading);
      this.add(lineOps(line, MARGIN_X + indent, this.y, style.size, color));
      this.y -= style.leading;
    }
    this.y -= style.leading * 0.45;
  }

  heading(text, minFollow) {
    const lines = wrap(text, CONTENT_W, STYLE.heading.size, 'bold');
    this.y -= 8;
    this.ensure(lines.length * STYLE.heading.leading + minFollow);
    this.add(`${fill(COLOR.accent)} ${MARGIN_X} ${num(this.y + 14)} 22 3 re f`);
    this.y -= 6;
    for (const line of lines) {
      this.add(lineOps(line, MARGIN_X, this.y, STYLE.heading.size, COLOR.brandDark));
      this.y -= STYLE.heading.leading;
    }
    this.y -= 2;
  }

  /** A list item with a marker drawn by `marker(x, baselineY)`. */
  item(text, marker, indent = 20) {
    const { size, leading } = STYLE.body;
    const lines = wrap(text, CONTENT_W - indent, size);
    this.ensure(Math.min(lines.length, 3) * leading);
    this.add(marker(MARGIN_X, this.y));
    for (const [i, line] of lines.entries()) {
      if (i > 0) this.ensure((i === lines.length - 2 ? 2 : 1) * leading);
      this.add(lineOps(line, MARGIN_X + indent, this.y, size, COLOR.night));
      this.y -= leading;
    }
    this.y -= 3;
  }

  bullets(items) {
    for (const text of items) this.item(text, (x, y) => simpleText('•', x + 4, y, 'bold', 10, COLOR.brand));
    this.y -= 4;
  }

  checklist(items) {
    for (const text of items) {
      this.item(text, (x, y) => `q ${stroke(COLOR.brand)} 1 w 1 j ${num(x + 1)} ${num(y - 1.5)} 9 9 re S Q`, 20);
    }
    this.y -= 4;
  }

  steps(items) {
    items.forEach((text, i) => {
      this.item(
        text,
        (x, y) => {
          const label = String(i + 1);
          const w = textWidth(label, 'bold', 8.5);
          const cx = x + 7;
          const cy = y + 3.2;
          const r = 7.5;
          const k = r * 0.5523;
          const circle = `${num(cx + r)} ${num(cy)} m ${num(cx + r)} ${num(cy + k)} ${num(cx + k)} ${num(cy + r)} ${num(cx)} ${num(cy + r)} c ${num(cx - k)} ${num(cy + r)} ${num(cx - r)} ${num(cy + k)} ${num(cx - r)} ${num(cy)} c ${num(cx - r)} ${num(cy - k)} ${num(cx - k)} ${num(cy - r)} ${num(cx)} ${num(cy - r)} c ${num(cx + k)} ${num(cy - r)} ${num(cx + r)} ${num(cy - k)} ${num(cx + r)} ${num(cy)} c h f`;
          return `${fill(COLOR.brand)} ${circle} ${simpleText(label, cx - w / 2, y, 'bold', 8.5, COLOR.white)}`;
        },
        24,
      );
    });
    this.y -= 4;
  }

  callout({ heading, text }) {
    const { size, leading } = STYLE.body;
    const pad = 16;
    const innerW = CONTENT_W - 2 * pad - 4;
    const headLines = wrap(heading, innerW, 11.5, 'bold');
    const lines = wrap(text, innerW, size);
    const height = pad * 2 + headLines.length * 15 + 4 + lines.length * leading - 4;
    this.y -= 6;
    this.ensure(height + 6);
    const top = this.y + 6;
    this.add(`${fill(COLOR.tint)} ${MARGIN_X} ${num(top - height)} ${CONTENT_W} ${num(height)} re f`);
    this.add(`${fill(COLOR.accent)} ${MARGIN_X} ${num(top - height)} 4 ${num(height)} re f`);
    let y = top - pad - 9;
    for (const line of headLines) {
      this.add(lineOps(line, MARGIN_X + 4 + pad, y, 11.5, COLOR.brandDark));
      y -= 15;
    }
    y -= 4;
    for (const line of lines) {
      this.add(lineOps(line, MARGIN_X + 4 + pad, y, size, COLOR.night));
      y -= leading;
    }
    this.y = top - height - 14;
  }

  render() {
    const { doc } = this;
    if (doc.intro) this.paragraph(doc.intro, STYLE.intro, 0, COLOR.brandDark);
    for (const section of doc.sections) {
      const first = section.blocks[0] ?? {};
      this.heading(section.heading, first.callout ? 90 : STYLE.body.leading * 3);
      for (const block of section.blocks) {
        if (block.p) this.paragraph(block.p);
        else if (block.bullets) this.bullets(block.bullets);
        else if (block.checklist) this.checklist(block.checklist);
        else if (block.steps) this.steps(block.steps);
        else if (block.callout) this.callout(block.callout);
        else throw new Error(`Unknown block in "${section.heading}": ${JSON.stringify(block)}`);
      }
    }
    // Footer on every page, once the total is known
    const total = this.pages.length;
    this.pages.forEach((page, i) => {
      const label = PAGE_LABEL[this.lang].replace('{n}', String(i + 1)).replace('{total}', String(total));
      page.ops.push(
        `q ${stroke(COLOR.line)} 0.8 w ${MARGIN_X} ${FOOTER_Y + 14} m ${PAGE_W - MARGIN_X} ${FOOTER_Y + 14} l S Q`,
      );
      page.ops.push(simpleText(FOOTER, MARGIN_X, FOOTER_Y, 'regular', 7.5, COLOR.muted));
      page.ops.push(
        simpleText(label, PAGE_W - MARGIN_X - textWidth(label, 'bold', 7.5), FOOTER_Y, 'bold', 7.5, COLOR.brand),
      );
    });
    return this.pages.map((page) => page.ops.join('\n') + '\n');
  }
}

// ---------------------------------------------------------------------------------------
// PDF file structure

function buildPdf(doc, lang) {
  const contents = new Layout(doc, lang).render();
  const objects = []; // index i holds object number i + 1
  const add = (body) => {
    objects.push(body);
    return objects.length;
  };
  const catalog = add(null);
  const pagesRoot = add(null);
  const fontRegular = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const fontBold = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
  const info = add(
    `<< /Title ${pdfTextString(doc.title)} /Subject ${pdfTextString(doc.subtitle ?? doc.title)} /Author ${pdfTextString(AUTHOR)}` +
      ` /Creator ${pdfTextString('Nordstern Digital website (scripts/generate-downloads.mjs)')} /Producer ${pdfTextString('generate-downloads.mjs')}` +
      ` /CreationDate (${CREATION_DATE}) /ModDate (${CREATION_DATE}) >>`,
  );
  const pageIds = [];
  for (const content of contents) {
    const stream = add(`<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}endstream`);
    pageIds.push(
      add(
        `<< /Type /Page /Parent ${pagesRoot} 0 R /MediaBox [0 0 ${PAGE_W} ${PAGE_H}]` +
          ` /Resources << /Font << /F1 ${fontRegular} 0 R /F2 ${fontBold} 0 R >> /ProcSet [/PDF /Text] >> /Contents ${stream} 0 R >>`,
      ),
    );
  }
  objects[catalog - 1] =
    `<< /Type /Catalog /Pages ${pagesRoot} 0 R /Lang (${lang}) /ViewerPreferences << /DisplayDocTitle true >> >>`;
  objects[pagesRoot - 1] =
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`;

  const chunks = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = chunks[0].length;
  const offsets = [];
  objects.forEach((body, i) => {
    offsets.push(offset);
    const chunk = Buffer.from(`${i + 1} 0 obj\n${body}\nendobj\n`, 'latin1');
    chunks.push(chunk);
    offset += chunk.length;
  });
  const xref = [
    `xref\n0 ${objects.length + 1}\n`,
    '0000000000 65535 f \n',
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`),
  ].join('');
  chunks.push(
    Buffer.from(
      `${xref}trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R /Info ${info} 0 R >>\nstartxref\n${offset}\n%%EOF\n`,
      'latin1',
    ),
  );
  return { buffer: Buffer.concat(chunks), pages: contents.length };
}

// ---------------------------------------------------------------------------------------

for (const lang of ['en', 'de']) {
  const dir = path.join(SOURCE, lang);
  const files = (await readdir(dir)).filter((f) => f.endsWith('.json')).sort();
  await mkdir(path.join(TARGET, lang), { recursive: true });
  for (const file of files) {
    const doc = JSON.parse(await readFile(path.join(dir, file), 'utf8'));
    const { buffer, pages } = buildPdf(doc, lang);
    const out = path.join(TARGET, lang, file.replace(/\.json$/, '.pdf'));
    await writeFile(out, buffer);
    console.log(
      `${path.relative(ROOT, out)}  ${pages} page${pages === 1 ? '' : 's'}, ${(buffer.length / 1024).toFixed(1)} KB`,
    );
  }
}
