declare const PLACEHOLDER_NAMES: unique symbol;

/**
 * A content text with {name} placeholders; N names them (content/placeholders.ts lists them
 * per text). Still a string: the brand only lets fill() (format.ts) insist on exactly these names. A
 * function type, so the names are compared both ways, not only as a subset. A module of its own,
 * importing nothing: the content types are made from it, and format.ts reads those types.
 */
export type Template<N extends string> = string & { readonly [PLACEHOLDER_NAMES]?: (name: N) => void };
