/**
 * Where a named person's portrait lies among the site images: one drawing per person, named
 * after them, so content names a person once and every block that shows them finds the same face
 * (scripts/portraits.mjs draws them from content/people.json; content:check ties the two).
 */
import { slugOf } from '../i18n/slug.ts';

export const PORTRAITS_FOLDER = '/images/people/';

/** A person's name as their portrait's file name. */
export const personSlug = slugOf;

export function portraitPath(name: string): string {
  return `${PORTRAITS_FOLDER}${personSlug(name)}.svg`;
}
