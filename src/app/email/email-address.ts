/**
 * The one shape of an email address this site takes from anywhere it does not control (the
 * careers service, the Galaxy platform) and accepts in content links. Deliberately narrower
 * than RFC 5322, whose quoted local parts, comments and '%' routing let an "address" carry URL
 * syntax ('?cc=', '&body=') into a mailto: link or a header into a mail: letters, digits and
 * ._+- in a local part of dot-separated runs, ASCII domain labels of letters, digits and
 * hyphens, and a top-level domain of letters. Shared as a pattern string so the JSON Schemas
 * (Ajv) and the code test the same thing.
 */

/** Letters, digits, '_', '+', '-' in runs joined by single dots: no leading, trailing or double dot. */
const LOCAL_PART = '[A-Za-z0-9_+-]+(?:\\.[A-Za-z0-9_+-]+)*';
/** A DNS label: letters, digits and hyphens, neither first nor last a hyphen, at most 63 long. */
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const TOP_LEVEL_DOMAIN = '[A-Za-z]{2,63}';

/**
 * An address without anchors, to be put inside a longer pattern that ends with it: at most
 * 64 characters before the '@' and 254 in all (RFC 5321's limits).
 */
export const EMAIL_ADDRESS_SOURCE = `(?=[^@]{1,64}@)(?=.{6,254}$)${LOCAL_PART}@(?:${LABEL}\\.)+${TOP_LEVEL_DOMAIN}`;

/** The whole string is one address: for JSON Schema `pattern`. */
export const EMAIL_ADDRESS_PATTERN = `^${EMAIL_ADDRESS_SOURCE}$`;

const EMAIL_ADDRESS = new RegExp(EMAIL_ADDRESS_PATTERN);

export function isPlainEmailAddress(value: unknown): value is string {
  return typeof value === 'string' && EMAIL_ADDRESS.test(value);
}
