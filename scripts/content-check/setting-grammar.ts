/**
 * German grammar around the period settings: the server fills {{session_lifetime}} and the other
 * periods with accusative noun phrases ("einen Tag", "zwei Tage"), which read as a duration after a
 * verb ("gilt einen Tag") or „für“, but are wrong after a preposition that governs the dative or
 * genitive: „nach einen Tag“, „innerhalb zwei Tage“. The content is only ever read with the filled
 * words, so this is the one place such a sentence can be caught.
 */
import { PERIOD_SETTINGS } from '../../src/server/content/content-settings.ts';

/** Prepositions (and their contractions) that cannot take an accusative duration. */
export const NON_ACCUSATIVE_PREPOSITIONS = [
  'ab',
  'am',
  'aus',
  'außer',
  'außerhalb',
  'bei',
  'beim',
  'binnen',
  'gegenüber',
  'im',
  'in',
  'innerhalb',
  'mit',
  'nach',
  'seit',
  'trotz',
  'vom',
  'von',
  'vor',
  'während',
  'wegen',
  'zu',
  'zum',
  'zur',
] as const;

const PATTERN = new RegExp(
  `(?<![\\p{L}])(${NON_ACCUSATIVE_PREPOSITIONS.join('|')})[\\s\\u00a0]+\\{\\{(${PERIOD_SETTINGS.join('|')})\\}\\}`,
  'giu',
);

/** What is wrong with the period settings of one text in `language`. */
export function settingGrammarProblems(text: string, language: string, pointer: string): string[] {
  if (language !== 'de') return [];
  return [...text.matchAll(PATTERN)].map(
    ([, preposition, setting]) =>
      `${pointer} puts {{${setting}}} after „${preposition}“, but it is filled with an accusative ("einen Tag", "zwei Tage"): write „für {{${setting}}}“ or a verb with the period`,
  );
}
