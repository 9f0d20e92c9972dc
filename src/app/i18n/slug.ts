/**
 * One spelling of German text in an address: portraits' file names, generated folders and the
 * anchors of an article's sections read the same way, so a name or headline always gives the
 * same slug wherever it is made.
 */

/** "Dr. Katrin Vogel" → "dr-katrin-vogel": lower case, German letters spelt out, anything else a hyphen. */
export function slugOf(text: string): string {
  return text
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
