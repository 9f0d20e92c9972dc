/**
 * The house typography, as rules that both report (content:check) and fix (npm run content:typography):
 * - a non-breaking space (U+00A0) between a number and its unit or sign (9 %, 2.000 €, 10 MB,
 *   15 Minuten) and after § and the German legal abbreviations (§ 5, Art. 6 Abs. 1 lit. f), so
 *   that a line never breaks inside them;
 * - a negative value starts with the minus sign (U+2212), not a dash;
 * - English: curly apostrophes (clients’, don’t), double curly quotes for a quoted phrase
 *   (“Remind customers…”), and no space before an ellipsis.
 * A rule reads prose only: addresses (links, images, files) and placeholders are left alone.
 */

export interface TypographyRule {
  /** What the rule asks for, as a writer reads it. */
  name: string;
  pattern: RegExp;
  replacement: string;
}

const NBSP = '\u00a0';
const DE_UNITS = [
  '%',
  '€',
  'MB',
  'KB',
  'GB',
  'Wochen',
  'Woche',
  'Tagen',
  'Tage',
  'Tag',
  'Stunden',
  'Stunde',
  'Minuten',
  'Minute',
  'Sekunden',
  'Monaten',
  'Monate',
  'Monat',
  'Jahren',
  'Jahre',
  'Jahr',
  'Uhr',
];
const EN_UNITS = [
  'MB',
  'KB',
  'GB',
  'weeks',
  'week',
  'days',
  'day',
  'hours',
  'hour',
  'minutes',
  'minute',
  'seconds',
  'months',
  'month',
  'years',
  'year',
];
const unitRule = (units: readonly string[]): TypographyRule => ({
  name: 'a non-breaking space between a number and its unit',
  // After a number or a placeholder that becomes one ({max} MB), not periods.json's {count}, which is spelled out ("zwei Jahre").
  // A unit word ends at a word boundary.
  pattern: new RegExp(`(?<=\\d|\\{(?!count\\})\\w+\\}) (?=(?:${units.join('|')})(?![\\p{L}\\p{N}]))`, 'gu'),
  replacement: NBSP,
});

const MINUS: TypographyRule = {
  name: 'a minus sign (−) before a negative value',
  pattern: /^[–-](?=\d)/gu,
  replacement: '\u2212',
};

const RULES: Readonly<Record<string, readonly TypographyRule[]>> = {
  de: [
    unitRule(DE_UNITS),
    { name: 'a non-breaking space after § and §§', pattern: /(?<=§) (?=\d)/gu, replacement: NBSP },
    {
      name: 'a non-breaking space inside a legal reference (Art. 6 Abs. 1 lit. f)',
      pattern: /(?<=(?<![\p{L}])(?:Art|Abs|Nr|lit|S)\.) (?=\d|[a-z](?![\p{L}]))/gu,
      replacement: NBSP,
    },
    MINUS,
  ],
  en: [
    unitRule(EN_UNITS),
    MINUS,
    // Quotes before apostrophes: the closing quote of 'last 30 days' is no plural's apostrophe.
    {
      name: 'double curly quotes (“…”) around a quoted phrase',
      pattern: /(?<=^|[\s(])'([^'\n]*\p{L}[^'\n]*)'(?=[\s.,;:!?)]|$)/gu,
      replacement: '“$1”',
    },
    { name: 'a curly apostrophe (’) inside a word', pattern: /(?<=[\p{L}\p{N}])'(?=\p{L})/gu, replacement: '’' },
    { name: 'a curly apostrophe (’) after a plural s', pattern: /(?<=\p{L}s)'(?=[\s.,;:!?)]|$)/gu, replacement: '’' },
    { name: 'no space before an ellipsis', pattern: /(?<=[\p{L}\p{N}”’)]) …/gu, replacement: '…' },
  ],
};

export function typographyRules(language: string): readonly TypographyRule[] {
  return RULES[language] ?? [];
}

/** Strings that are addresses or code, not prose. */
export const isProse = (text: string) => !/^(\/|https?:|mailto:)/.test(text);

/** The text with every rule of its language applied. */
export function fixTypography(text: string, language: string): string {
  return typographyRules(language).reduce((fixed, rule) => fixed.replace(rule.pattern, rule.replacement), text);
}

/** One problem per rule a text breaks, naming its field and what it found. */
export function typographyProblems(text: string, language: string, field: string): string[] {
  const problems: string[] = [];
  for (const rule of typographyRules(language)) {
    rule.pattern.lastIndex = 0;
    const match = rule.pattern.exec(text);
    rule.pattern.lastIndex = 0;
    if (!match) continue;
    const at = match.index;
    const excerpt = text.slice(Math.max(0, at - 12), at + Math.max(match[0].length, 1) + 12).replace(/\s+/g, ' ');
    problems.push(`${field} needs ${rule.name}: "…${excerpt}…"`);
  }
  return problems;
}
