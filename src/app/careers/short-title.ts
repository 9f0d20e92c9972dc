/**
 * A job's title without its gender note, "(m/f/d)" or "(m/w/d)": where the title has to fit one
 * line beside a button (the job page's apply bar on a phone), the note says nothing the page's
 * own headline does not already say in full.
 */
const GENDER_NOTE = /\s*\((?:[mwfd]\s*\/\s*){2}[mwfdx]\)/giu;

export function shortJobTitle(title: string): string {
  const short = title
    .replace(GENDER_NOTE, '')
    .replace(/\s{2,}/gu, ' ')
    .trim();
  return short || title;
}
