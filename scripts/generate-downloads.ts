/**
 * Writes the downloadable PDFs of the site (static/downloads/{en,de}/{name}.pdf) from their texts
 * (scripts/downloads/{en,de}/{name}.json): `npm run downloads`, then commit the PDFs. Printed from HTML by Chromium
 * so the documents set the site's own typeface and colours, as the pages that offer them do, with text a reader can
 * select, search and have read aloud; the same texts give byte-identical files, so a run only shows in the diff
 * where a text changed.
 */
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { brandColours } from './download-pdf/brand.ts';
import { type Language, readDocument } from './download-pdf/document.ts';
import { printDocument } from './download-pdf/print.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const SOURCE = path.join(ROOT, 'scripts', 'downloads');
const TARGET = path.join(ROOT, 'static', 'downloads');
const LANGUAGES: readonly Language[] = ['en', 'de'];

const colours = await brandColours(ROOT);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  for (const language of LANGUAGES) {
    await mkdir(path.join(TARGET, language), { recursive: true });
    const names = (await readdir(path.join(SOURCE, language))).filter((name) => name.endsWith('.json')).sort();
    for (const name of names) {
      const document = await readDocument(path.join(SOURCE, language, name));
      const pdf = await printDocument(browser, document, language, colours);
      const file = path.join(TARGET, language, name.replace(/\.json$/, '.pdf'));
      await writeFile(file, pdf);
      console.log(`${path.relative(ROOT, file)}  ${(pdf.length / 1024).toFixed(1)} KB`);
    }
  }
} finally {
  await browser.close();
}
