/**
 * The downloadable PDFs (npm run downloads): one document printed twice gives the same bytes, names its title and
 * language, and carries the footer on every page; the committed files keep a valid cross-reference table after
 * their metadata was written anew. (That each download block states its PDF's page count is content:check's.)
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

t.test('every committed PDF ends with a cross-reference table where startxref points', async (t) => {
  for (const language of ['en', 'de']) {
    const folder = path.join(ROOT, 'static', 'downloads', language);
    for (const name of await readdir(folder)) {
      const pdf = (await readFile(path.join(folder, name))).toString('latin1');
      const offset = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(pdf)?.[1]);
      t.ok(pdf.startsWith('xref\n', offset), `${language}/${name}`);
    }
  }
});
