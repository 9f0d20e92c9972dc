/**
 * The downloadable PDFs (npm run downloads): one document printed twice gives the same bytes, names its title and
 * language, and carries the footer on every page; every download block states the page count of the PDF it offers.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import t from 'tap';
import { brandColours } from '../scripts/download-pdf/brand.ts';
import { readDocument } from '../scripts/download-pdf/document.ts';
import { pdfText } from '../scripts/download-pdf/pdf-info.ts';
import { EDITION_DATE, printDocument } from '../scripts/download-pdf/print.ts';
import { COMPANY_LINE } from '../scripts/download-pdf/template.ts';
import { launchBrowser } from './helpers/browser.ts';
import { compact, pdfPageTexts } from './helpers/pdf-text.ts';

const ROOT = path.resolve(import.meta.dirname, '..');

t.test('a document printed twice: the same bytes, its title, language and footer', async (t) => {
  const browser = await launchBrowser(t);
  const colours = await brandColours(ROOT);
  const document = await readDocument(path.join(ROOT, 'scripts/downloads/de/cdp-auswahl-checkliste.json'));
  const first = await printDocument(browser, document, 'de', colours);
  const second = await printDocument(browser, document, 'de', colours);
  t.ok(first.equals(second), `byte-identical (${first.length} bytes)`);
  const text = first.toString('latin1');
  t.equal(text.slice(0, 5), '%PDF-');
  t.ok(text.includes(`/Title ${pdfText(document.title)}`), 'the title in the metadata');
  t.ok(text.includes(`/Author ${pdfText('Nordstern Digital')}`), 'the author');
  t.ok(text.includes(`/CreationDate (${EDITION_DATE})`) && text.includes(`/ModDate (${EDITION_DATE})`), 'fixed dates');
  t.match(text, /\/Lang \(de\)/, 'the language');
  t.notMatch(text, /HeadlessChrome|Mozilla/, 'no user agent left in');
  const pages = pdfPageTexts(first);
  t.ok(pages.length >= 2, `${pages.length} pages`);
  pages.forEach((page, index) => {
    t.ok(compact(page).includes(compact(COMPANY_LINE)), `page ${index + 1}: the company line`);
    t.ok(
      compact(page).includes(`Seite${index + 1}von${pages.length}`),
      `page ${index + 1}: Seite ${index + 1} von ${pages.length}`,
    );
  });
  t.ok(compact(pages.join('')).includes(compact(document.sections[0]?.heading ?? '-')), 'the first heading as text');
});

t.test('the committed PDFs are whole, and every download block states its page count', async (t) => {
  const blocks: string[] = [];
  for (const language of ['en', 'de'])
    for (const entry of await readdir(path.join(ROOT, 'content', language), { recursive: true, withFileTypes: true }))
      if (entry.isFile() && entry.name === 'download.json') blocks.push(path.join(entry.parentPath, entry.name));
  t.ok(blocks.length >= 18, `${blocks.length} download blocks`);
  for (const block of blocks) {
    const { file, format } = JSON.parse(await readFile(block, 'utf8')) as { file: string; format: string };
    const pdf = (await readFile(path.join(ROOT, 'static', 'downloads', file))).toString('latin1');
    const pages = pdf.match(/\/Type \/Page\b(?!s)/g)?.length ?? 0;
    const label = path.relative(ROOT, block);
    t.match(pdf, /%%EOF\n$/, `${file} ends as a PDF does`);
    t.equal(format, file.startsWith('de/') ? `PDF, ${pages} Seiten` : `PDF, ${pages} pages`, `${label}: ${format}`);
  }
});
