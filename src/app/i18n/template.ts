/**
 * The type of a content text with {name} placeholders, apart from fill() (format.ts): the
 * placeholder list (content/placeholders.ts) types texts with it, and the content types
 * that format.ts reads are made from that list, so sharing format.ts would close a circle.
 */
declare const PLACEHOLDER_NAMES: unique symbol;

/**
 * A content text with {name} placeholders; N names them (content/placeholders.ts lists them
 * per text). Still a string: the brand only lets fill() insist on exactly these names. A
 * function type, so the names are compared both ways, not only as a subset.
 */
export type Template<N extends string> = string & { readonly [PLACEHOLDER_NAMES]?: (name: N) => void };
