/**
 * What each field of the form table accepts, worked out from its kind, `required` and
 * `maxLength` in one place: the server's body schemas (form-schemas.ts) are written from these
 * rules and the browser's checks (checks.ts) test a value against the same ones, so the two
 * cannot disagree about a field. Plain data, no schema library: this runs in the browser.
 */
import { type FieldRule, LIMITS, SINGLE_LINE_CHARACTERS, VISIBLE_CHARACTER } from './form-definitions.ts';

/** Single-line text: no control characters (so never a header break), no format characters, no line or paragraph separators. */
export const SINGLE_LINE_PATTERN = `^${SINGLE_LINE_CHARACTERS}*$`;
/** The same, holding at least one visible character: a letter, digit, punctuation or symbol. */
export const REQUIRED_LINE_PATTERN = `^(?=.*${VISIBLE_CHARACTER})${SINGLE_LINE_CHARACTERS}*$`;
const TEXT_CHARACTERS = '[^\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f]';
/** Multi-line text: line breaks and tabs, but no other control characters. */
export const TEXT_PATTERN = `^${TEXT_CHARACTERS}*$`;
/** The same, holding at least one visible character. */
export const REQUIRED_TEXT_PATTERN = `^(?=[\\s\\S]*${VISIBLE_CHARACTER})${TEXT_CHARACTERS}*$`;
export const PHONE_PATTERN = '^[0-9+()\\/. -]*$';

const TEXT_PATTERNS: ReadonlySet<string> = new Set([
  SINGLE_LINE_PATTERN,
  REQUIRED_LINE_PATTERN,
  TEXT_PATTERN,
  REQUIRED_TEXT_PATTERN,
]);
/** The message of a value a pattern refuses: text with stray control characters, or (any other pattern) a wrong value. */
export const patternMessageOf = (pattern: string): 'single_line' | 'invalid' =>
  TEXT_PATTERNS.has(pattern) ? 'single_line' : 'invalid';

/** A text value: `format` names a JSON Schema format (the server's validator knows it; the browser tests EMAIL_ADDRESS). */
export interface TextRule {
  type: 'text';
  required: boolean;
  maxLength: number;
  pattern?: string;
  format?: 'email';
}

/** Ticked options of a list, each a short line. */
export interface ListRule {
  type: 'list';
  required: boolean;
  maxItems: number;
  item: TextRule;
}

/** A box that must be ticked to send the form. */
export interface AcceptedRule {
  type: 'accepted';
  required: boolean;
}

/** Chosen files: sent as multipart parts and checked as they stream in, never part of a body schema. */
export interface FileRule {
  type: 'files';
  required: boolean;
  multiple: boolean;
}

export type ValueRule = TextRule | ListRule | AcceptedRule | FileRule;

const line = (required: boolean, maxLength: number): TextRule => ({
  type: 'text',
  required,
  maxLength,
  pattern: required ? REQUIRED_LINE_PATTERN : SINGLE_LINE_PATTERN,
});

function maxLengthOf(field: FieldRule): number {
  if (field.maxLength === undefined)
    throw new Error(`form field ${field.name} (${field.kind}) needs a maxLength in the form table`);
  return field.maxLength;
}

/** The rule a field's value is held to, on both sides. */
export function valueRuleOf(field: FieldRule): ValueRule {
  switch (field.kind) {
    case 'text':
    case 'hidden':
    case 'radios':
      return line(field.required, maxLengthOf(field));
    case 'email':
      return { type: 'text', required: field.required, maxLength: maxLengthOf(field), format: 'email' };
    case 'tel':
      return { type: 'text', required: field.required, maxLength: maxLengthOf(field), pattern: PHONE_PATTERN };
    case 'textarea':
      return {
        type: 'text',
        required: field.required,
        maxLength: maxLengthOf(field),
        pattern: field.required ? REQUIRED_TEXT_PATTERN : TEXT_PATTERN,
      };
    case 'checkboxes':
      return { type: 'list', required: field.required, maxItems: LIMITS.listItems, item: line(true, LIMITS.listItem) };
    case 'consent':
      return { type: 'accepted', required: field.required };
    case 'file':
    case 'files':
      return { type: 'files', required: field.required, multiple: field.kind === 'files' };
  }
}

/**
 * An e-mail address as the server's `email` format accepts it (ajv-formats, full mode); a
 * test holds this copy to the validator's own, so the browser refuses exactly what the server does.
 */
export const EMAIL_ADDRESS =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;
