/**
 * The one way text is cut into words for search, for articles and queries alike: at every
 * run of Unicode spaces, line breaks and punctuation, as MiniSearch's default tokenizer
 * did. Articles are scanned character by character, handing out word boundaries instead
 * of strings, because the index reads millions of words at start and needs no copy of
 * most of them.
 */

/** The characters that separate words (MiniSearch's SPACE_OR_PUNCTUATION, one character at a time). */
const SEPARATOR = /^[\n\r\p{Z}\p{P}]$/u;

const UNKNOWN = 0;
const WORD = 1;
const BREAK = 2;
/** What each UTF-16 unit is, learnt on first sight: the regular expression runs once per distinct character. */
const kinds = new Uint8Array(0x10000);

function isBreak(text: string, at: number): boolean {
  const unit = text.charCodeAt(at);
  if (unit >= 0xd800 && unit <= 0xdbff) {
    // A character outside the basic plane: a few of them are punctuation too.
    const point = text.codePointAt(at)!;
    if (point > 0xffff) return SEPARATOR.test(String.fromCodePoint(point));
  }
  let kind = kinds[unit]!;
  if (kind === UNKNOWN) {
    kind = SEPARATOR.test(String.fromCharCode(unit)) ? BREAK : WORD;
    kinds[unit] = kind;
  }
  return kind === BREAK;
}

/** Calls visit with the start and end of every word of text, in order. */
export function forEachWord(text: string, visit: (start: number, end: number) => void): void {
  let start = -1;
  for (let at = 0; at < text.length; at += 1) {
    if (isBreak(text, at)) {
      if (start >= 0) visit(start, at);
      start = -1;
      // The second half of a pair is part of the separator just read.
      if (text.codePointAt(at)! > 0xffff) at += 1;
    } else if (start < 0) {
      start = at;
    }
  }
  if (start >= 0) visit(start, text.length);
}

/** The words of text as strings. */
export function wordsOf(text: string): string[] {
  const words: string[] = [];
  forEachWord(text, (start, end) => words.push(text.slice(start, end)));
  return words;
}
