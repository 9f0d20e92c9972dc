/**
 * One document from its texts to the bytes of its PDF: the HTML of template.ts printed by Chromium (A4, tagged, with
 * the footer on every page), then given fixed metadata (pdf-info.ts) so the same texts always give the same file.
 */
import type { Browser } from 'playwright-core';
import { brandFontFaces, type Colours } from './brand.ts';
import { type DownloadDocument, documentCharacters, type Language } from './document.ts';
import { setDocumentInfo } from './pdf-info.ts';
import { COMPANY_LINE, documentHtml, footerHtml, PAGE_LABEL } from './template.ts';

/** The date every document carries as created and modified: the edition's, not the run's. */
export const EDITION_DATE = "D:20260112090000+01'00'";
export const AUTHOR = 'Nordstern Digital';

export async function printDocument(
  browser: Browser,
  document: DownloadDocument,
  language: Language,
  colours: Colours,
): Promise<Buffer> {
  const fontFaces = await brandFontFaces(
    `${documentCharacters(document)}${COMPANY_LINE}${PAGE_LABEL[language]}0123456789`,
  );
  const page = await browser.newPage();
  try {
    await page.setContent(documentHtml(document, language, colours, fontFaces), { waitUntil: 'load' });
    await page.evaluate(() => window.document.fonts.ready.then(() => undefined));
    const printed = await page.pdf({
      preferCSSPageSize: true,
      printBackground: true,
      displayHeaderFooter: true,
      headerTemplate: '<span></span>',
      footerTemplate: footerHtml(language, colours, fontFaces),
      tagged: true,
      outline: true,
    });
    return setDocumentInfo(printed, {
      title: document.title,
      author: AUTHOR,
      subject: document.subtitle,
      creator: AUTHOR,
      date: EDITION_DATE,
    });
  } finally {
    await page.close();
  }
}
