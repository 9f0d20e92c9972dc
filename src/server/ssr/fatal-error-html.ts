/** The last resort when neither the page nor its error page could be rendered: plain HTML, no content needed. */
import { FALLBACK_MESSAGES } from '#app/i18n/fallback-messages.ts';
import type { Language } from '#app/i18n/language.ts';
import { HOME_PATH } from '#app/paths.ts';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

export function fatalErrorHtml(language: Language): string {
  const text = FALLBACK_MESSAGES[language];
  return `<!DOCTYPE html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="theme-color" content="#174f78"><title>${escapeHtml(text.title)}</title></head><body><main><h1>${escapeHtml(text.headline)}</h1><p><a href="${HOME_PATH}">${escapeHtml(text.home)}</a></p></main></body></html>`;
}
