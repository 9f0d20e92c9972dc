/**
 * The glossary check: every text of a language is searched for the variants its glossary
 * says not to use. A plain variant matches as a whole word (no letter or digit right before
 * or after it) and case-sensitively; a variant written as /pattern/flags is a regular
 * expression with Unicode semantics. An entry with `fields` applies only to texts under
 * those keys, so a word that is wrong as a step's duration can stay right in a sentence.
 */
import type { GlossaryContent, GlossaryTerm } from '../../src/app/content/schemas/glossary.ts';

export interface CompiledTerm {
  preferred: string;
  fields: ReadonlySet<string> | null;
  /** literal: the text a plain variant's pattern cannot match without; a regular expression has none. */
  variants: readonly { variant: string; pattern: RegExp; literal?: string }[];
}

/** A glossary compiled per language; problems with a variant (a regular expression that does not compile) are returned. */
export interface CompiledGlossary {
  terms: ReadonlyMap<string, readonly CompiledTerm[]>;
  problems: string[];
}

const REGEX_VARIANT = /^\/(.+)\/([a-z]*)$/s;
const WORD_CHARACTER = /[\p{L}\p{N}]/u;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** The pattern of one variant, global so that every occurrence is found. */
export function variantPattern(variant: string): RegExp {
  const regex = REGEX_VARIANT.exec(variant);
  if (regex) {
    const flags = new Set([...regex[2]!, 'g', 'u']);
    return new RegExp(regex[1]!, [...flags].join(''));
  }
  const before = WORD_CHARACTER.test(variant.at(0) ?? '') ? '(?<![\\p{L}\\p{N}])' : '';
  const after = WORD_CHARACTER.test(variant.at(-1) ?? '') ? '(?![\\p{L}\\p{N}])' : '';
  return new RegExp(`${before}${escapeRegExp(variant)}${after}`, 'gu');
}

export function compileGlossary(glossary: GlossaryContent): CompiledGlossary {
  const problems: string[] = [];
  const terms = new Map<string, CompiledTerm[]>();
  for (const language of ['de', 'en'] as const) {
    const compiled = glossary[language].terms.map((term: GlossaryTerm, index) => {
      const variants: { variant: string; pattern: RegExp; literal?: string }[] = [];
      for (const variant of term.avoid) {
        try {
          variants.push({
            variant,
            pattern: variantPattern(variant),
            ...(REGEX_VARIANT.test(variant) ? {} : { literal: variant }),
          });
        } catch (error) {
          problems.push(
            `/${language}/terms/${index}/avoid: ${variant} is no regular expression: ${(error as Error).message}`,
          );
        }
      }
      return { preferred: term.preferred, fields: term.fields ? new Set(term.fields) : null, variants };
    });
    terms.set(language, compiled);
  }
  return { terms, problems };
}

/** A JSON pointer as the field path a writer reads: /paragraphs/4/text → paragraphs[4].text */
export function fieldPath(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .reduce(
      (path, segment) => (/^\d+$/.test(segment) ? `${path}[${segment}]` : path ? `${path}.${segment}` : segment),
      '',
    );
}

const anyLiterals = new WeakMap<readonly CompiledTerm[], RegExp | null>();

/** One pattern for every plain variant of a glossary: a text it does not match needs no plain variant looked for. */
function anyLiteral(terms: readonly CompiledTerm[]): RegExp | null {
  let pattern = anyLiterals.get(terms);
  if (pattern === undefined) {
    const literals = terms.flatMap((term) =>
      term.variants.flatMap(({ literal }) => (literal === undefined ? [] : [escapeRegExp(literal)])),
    );
    pattern = literals.length > 0 ? new RegExp(literals.join('|'), 'u') : null;
    anyLiterals.set(terms, pattern);
  }
  return pattern;
}

/** What the glossary says about one text: one problem per avoided variant found. */
export function glossaryProblems(terms: readonly CompiledTerm[], text: string, key: string, pointer: string): string[] {
  const problems = new Set<string>();
  // Most texts contain no variant at all: one search for any of them spares a search for each (thousands of insights have millions of words).
  const mayHaveLiteral = anyLiteral(terms)?.test(text) ?? false;
  for (const term of terms) {
    if (term.fields && !term.fields.has(key)) continue;
    for (const { pattern, literal } of term.variants) {
      if (literal !== undefined && (!mayHaveLiteral || !text.includes(literal))) continue;
      for (const match of text.matchAll(pattern)) {
        if (match[0] === '') continue;
        problems.add(`${fieldPath(pointer)} uses "${match[0]}" – write "${term.preferred}"`);
      }
    }
  }
  return [...problems];
}
