/**
 * A downloadable document as the HTML Chromium prints: a title bar in the brand's night blue with the logo, the
 * lead, and the sections with their paragraphs, lists, ticking boxes and callouts; plus the footer Chromium repeats
 * on every page. Kept apart from the printing so the layout can be read and changed as a page of markup.
 */
import { LOGO_PATHS } from '../../src/app/layout/logo-paths.ts';
import type { Colours } from './brand.ts';
import type { Block, DownloadDocument, Language } from './document.ts';

export const COMPANY_LINE = 'Nordstern Digital GmbH · Kehrwieder 9 · 20457 Hamburg · nordstern-digital.example';
export const PAGE_LABEL: Record<Language, string> = { en: 'Page {n} of {total}', de: 'Seite {n} von {total}' };
/** Side margin of every page and of the footer, and the footer's height, in millimetres. */
const SIDE = 20;
const FOOTER = 18;

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => ENTITIES[character] ?? character);

/** Text with **bold** parts, escaped. */
export function inline(text: string): string {
  return escapeHtml(text).replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>');
}

/** The logo: the north star of src/app/layout/logo.tsx and the word mark's outlines, in the bar's white. */
function logo(colours: Colours): string {
  return `<svg class="logo" viewBox="0 0 146 26" aria-hidden="true">
<path d="M13 1l2.6 9.4L25 13l-9.4 2.6L13 25l-2.6-9.4L1 13l9.4-2.6z" fill="${colours.white}"/>
<path d="M13 7.5l1 4.5 4.5 1-4.5 1-1 4.5-1-4.5-4.5-1 4.5-1z" fill="${colours.accent}"/>
<path d="${LOGO_PATHS['logo-nordstern']}" fill="${colours.white}"/>
<path d="${LOGO_PATHS['logo-digital']}" fill="${colours.white}"/>
</svg>`;
}

/** A list whose every item opens with a short bold figure ("**61%** median consent rate") is set as key figures. */
const FIGURE = /^\*\*([^*]{1,24})\*\*[\s,:]*(.*)$/s;
const isFigure = (item: string) => FIGURE.test(item) && /\d/.test(FIGURE.exec(item)?.[1] ?? '');

function figures(items: readonly string[]): string {
  const tiles = items.map((item) => {
    const [, figure = '', label = ''] = FIGURE.exec(item) ?? [];
    return `<li><span class="figure">${inline(figure)}</span><span>${inline(label)}</span></li>`;
  });
  return `<ul class="figures">${tiles.join('')}</ul>`;
}

function list(tag: 'ul' | 'ol', className: string, items: readonly string[]): string {
  return `<${tag} class="${className}">${items.map((item) => `<li>${inline(item)}</li>`).join('')}</${tag}>`;
}

/** A paragraph that is bold as a whole ("**Checklist for month 1**") titles the list after it. */
const SUBHEADING = /^\*\*([^*]+)\*\*$/;

function block(content: Block): string {
  if ('p' in content) {
    const subheading = SUBHEADING.exec(content.p.trim());
    return subheading ? `<h3>${inline(subheading[1] ?? '')}</h3>` : `<p>${inline(content.p)}</p>`;
  }
  if ('bullets' in content)
    return content.bullets.every(isFigure) ? figures(content.bullets) : list('ul', 'bullets', content.bullets);
  if ('steps' in content) return list('ol', 'steps', content.steps);
  if ('checklist' in content) return list('ul', 'checklist', content.checklist);
  return `<aside class="callout"><h3>${inline(content.callout.heading)}</h3><p>${inline(content.callout.text)}</p></aside>`;
}

function styles(colours: Colours, fontFaces: string): string {
  return `${fontFaces}
@page { size: A4; margin: 16mm 0 ${FOOTER}mm; }
@page :first { margin-top: 0; }
* { box-sizing: border-box; }
html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { margin: 0; font: 400 9.75pt/1.55 Archivo, sans-serif; color: ${colours.ink}; font-kerning: normal;
  hyphens: auto; }
strong { font-weight: 600; color: ${colours['brand-dark']}; }
.cover { position: relative; padding: 14mm ${SIDE}mm 13mm; color: ${colours.white}; overflow: hidden;
  border-bottom: 2.2mm solid ${colours.accent};
  background: linear-gradient(135deg, ${colours.night} 0%, ${colours['brand-dark']} 55%, ${colours.brand} 100%); }
.star { position: absolute; right: -18mm; top: -14mm; width: 92mm; height: 92mm; opacity: 0.09; }
.logo { display: block; width: 46mm; height: 8.2mm; margin-bottom: 20mm; }
.eyebrow { margin: 0 0 4mm; font-size: 8.5pt; font-weight: 600; letter-spacing: 0.14em; text-transform: uppercase;
  color: ${colours.accent}; }
h1 { margin: 0; max-width: 150mm; font-size: 27pt; font-weight: 700; font-stretch: 92%; line-height: 1.1;
  letter-spacing: -0.015em; hyphens: manual; }
.subtitle { margin: 5mm 0 0; max-width: 145mm; font-size: 11.5pt; line-height: 1.45; color: #d5e3ee; }
.edition { margin: 9mm 0 0; padding-top: 3mm; border-top: 0.3mm solid rgb(255 255 255 / 25%); font-size: 8pt;
  letter-spacing: 0.02em; color: #b7cadb; }
main { padding: 0 ${SIDE}mm; }
.intro { margin: 10mm 0 2mm; padding-left: 5mm; border-left: 1.2mm solid ${colours.accent}; font-size: 11.25pt;
  line-height: 1.5; color: ${colours['brand-dark']}; }
section { margin-top: 9mm; }
h2 { margin: 0 0 3mm; font-size: 14.5pt; font-weight: 700; font-stretch: 92%; line-height: 1.2;
  color: ${colours.brand}; break-after: avoid; break-inside: avoid; }
h3 { margin: 4.5mm 0 2mm; font-size: 10.5pt; font-weight: 700; color: ${colours['brand-dark']}; break-after: avoid; }
h2::before { content: ""; display: block; width: 9mm; height: 0.9mm; margin-bottom: 2.6mm;
  background: ${colours.accent}; }
p { margin: 0 0 3mm; orphans: 3; widows: 3; }
p:has(+ ul, + ol) { break-after: avoid; }
ul, ol { margin: 0 0 3.5mm; padding: 0; list-style: none; }
li { position: relative; break-inside: avoid; }
.bullets li { margin-bottom: 1.6mm; padding-left: 5mm; }
.bullets li::before { content: ""; position: absolute; left: 0.4mm; top: 0.62em; width: 1.6mm; height: 1.6mm;
  background: ${colours.accent}; }
.figures { display: grid; grid-template-columns: repeat(3, 1fr); gap: 3mm; margin-bottom: 4mm; }
.figures li { padding: 3.2mm 3.6mm 3.6mm; border-top: 0.9mm solid ${colours.accent}; background: ${colours.tint};
  font-size: 8.75pt; line-height: 1.4; }
.figure { display: block; margin-bottom: 1.2mm; font-size: 17pt; font-weight: 700; font-stretch: 92%; line-height: 1.1;
  color: ${colours.brand}; }
.steps { counter-reset: step; }
.steps li { counter-increment: step; min-height: 7mm; margin-bottom: 2.4mm; padding: 0.6mm 0 0 10mm; }
.steps li::before { content: counter(step); position: absolute; left: 0; top: 0; width: 6.4mm; height: 6.4mm;
  border-radius: 50%; background: ${colours.brand}; color: ${colours.white}; font-size: 8.5pt; font-weight: 700;
  line-height: 6.4mm; text-align: center; }
.checklist { border-top: 0.25mm solid ${colours.line}; }
.checklist li { padding: 2.2mm 0 2.2mm 9mm; border-bottom: 0.25mm solid ${colours.line}; }
.checklist li::before { content: ""; position: absolute; left: 0.6mm; top: 2.9mm; width: 3.8mm; height: 3.8mm;
  border: 0.35mm solid ${colours.brand}; border-radius: 0.6mm; background: ${colours.white}; }
.callout { margin: 5mm 0 2mm; padding: 5mm 6mm; border-left: 1.2mm solid ${colours.accent};
  background: ${colours.tint}; break-inside: avoid; }
.callout h3 { margin: 0 0 1.6mm; font-size: 11pt; font-weight: 700; color: ${colours['brand-dark']}; }
.callout p { margin: 0; }
`;
}

/** The document as a page of HTML, with the brand font's faces (brand.ts) and colours set into it. */
export function documentHtml(
  document: DownloadDocument,
  language: Language,
  colours: Colours,
  fontFaces: string,
): string {
  const sections = document.sections
    .map((section) => `<section><h2>${inline(section.heading)}</h2>${section.blocks.map(block).join('')}</section>`)
    .join('\n');
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<title>${escapeHtml(document.title)}</title>
<style>${styles(colours, fontFaces)}</style>
</head>
<body>
<header class="cover">
<svg class="star" viewBox="0 0 26 26" aria-hidden="true"><path d="M13 1l2.6 9.4L25 13l-9.4 2.6L13 25l-2.6-9.4L1 13l9.4-2.6z" fill="${colours.white}"/></svg>
${logo(colours)}
<p class="eyebrow">${inline(document.eyebrow)}</p>
<h1>${inline(document.title)}</h1>
<p class="subtitle">${inline(document.subtitle)}</p>
${document.edition ? `<p class="edition">${inline(document.edition)}</p>` : ''}
</header>
<main>
${document.intro ? `<p class="intro">${inline(document.intro)}</p>` : ''}
${sections}
</main>
</body>
</html>`;
}

/**
 * The footer Chromium prints in every page's bottom margin: the company line and "Page n of N". Chromium fills the
 * pageNumber and totalPages spans; the template is its own small document, so it carries its faces and sizes.
 */
export function footerHtml(language: Language, colours: Colours, fontFaces: string): string {
  const [before = '', between = '', after = ''] = PAGE_LABEL[language].split(/\{n\}|\{total\}/);
  const label = `${escapeHtml(before)}<span class="pageNumber"></span>${escapeHtml(between)}<span class="totalPages"></span>${escapeHtml(after)}`;
  return `<style>${fontFaces}
.footer { display: flex; justify-content: space-between; align-items: baseline; width: 100%; margin: 0 ${SIDE}mm 7mm;
  padding-top: 2.4mm; border-top: 0.25mm solid ${colours.line}; font: 400 7pt Archivo, sans-serif;
  color: ${colours.muted}; -webkit-print-color-adjust: exact; }
.footer b { font-weight: 600; color: ${colours.brand}; }
</style>
<div class="footer"><span>${escapeHtml(COMPANY_LINE)}</span><b>${label}</b></div>`;
}
