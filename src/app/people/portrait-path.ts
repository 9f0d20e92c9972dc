/**
 * Where a named person's portrait lies among the site images: one drawing per person, named
 * after them, so content names a person once and every block that shows them finds the same face
 * (scripts/portraits.mjs draws them from content/people.json; content:check ties the two).
 */
export const PORTRAITS_FOLDER = '/images/people/';

/** "Dr. Katrin Vogel" → "dr-katrin-vogel": lower case, German letters spelt out, anything else a hyphen. */
export function personSlug(name: string): string {
  return name
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export function portraitPath(name: string): string {
  return `${PORTRAITS_FOLDER}${personSlug(name)}.svg`;
}
