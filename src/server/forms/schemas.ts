/** JSON schemas of the form payloads, shared by the routes and the multipart validation. */
import { HONEYPOT, LIMITS, PAGE_FIELD, PAGE_PATH_PATTERN, SINGLE_LINE_CHARACTERS, VISIBLE_CHARACTER } from '#app/forms/form-definitions.ts';

export { LIMITS };

/**
 * Single-line fields: no control characters (so never a header break), no format characters
 * (bidi overrides, zero-width marks) and no line or paragraph separators.
 */
const SINGLE_LINE = `^${SINGLE_LINE_CHARACTERS}*$`;
/** The same, holding at least one visible character: a letter, digit, punctuation or symbol. */
const REQUIRED_LINE = `^(?=.*${VISIBLE_CHARACTER})${SINGLE_LINE_CHARACTERS}*$`;
/** Multi-line text: line breaks and tabs, but no other control characters. */
const TEXT = `^(?=[\\s\\S]*${VISIBLE_CHARACTER})[^\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f]*$`;


const line = (maxLength: number) => ({ type: 'string', maxLength, pattern: SINGLE_LINE }) as const;
const requiredLine = (maxLength: number) => ({ type: 'string', minLength: 1, maxLength, pattern: REQUIRED_LINE }) as const;

export const fieldSchemas = {
  name: requiredLine(LIMITS.name),
  email: { type: 'string', minLength: 1, maxLength: LIMITS.email, format: 'email' },
  company: line(LIMITS.company),
  message: { type: 'string', minLength: 1, maxLength: LIMITS.message, pattern: TEXT },
  optionalMessage: { type: 'string', maxLength: LIMITS.message, pattern: `^[^\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f]*$` },
  language: { type: 'string', enum: ['de', 'en'] },
  accepted: { type: 'boolean', const: true },
  list: { type: 'array', maxItems: LIMITS.listItems, items: requiredLine(LIMITS.listItem) },
  phone: { type: 'string', maxLength: LIMITS.phone, pattern: '^[0-9+()\\/. -]*$' },
  event: requiredLine(LIMITS.event),
  job: line(LIMITS.job),
  /** Left empty by people, filled in by bots. */
  honeypot: { type: 'string', maxLength: 500 },
  /** The page a plain form post came from, to answer with it. */
  page: { type: 'string', maxLength: 300, pattern: PAGE_PATH_PATTERN },
} as const;

export const HONEYPOT_FIELD = HONEYPOT;

/** The fields a person filled in: without the honeypot and the page a plain post came from. */
export function withoutFormControls<T extends object>(body: T): Omit<T, typeof HONEYPOT_FIELD | typeof PAGE_FIELD> {
  const { [HONEYPOT_FIELD]: _trap, [PAGE_FIELD]: _page, ...fields } = body as T & { website?: unknown; page?: unknown };
  return fields;
}

export const contactBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'email', 'message', 'language', 'legals'],
  properties: {
    name: fieldSchemas.name,
    email: fieldSchemas.email,
    company: fieldSchemas.company,
    message: fieldSchemas.message,
    language: fieldSchemas.language,
    legals: fieldSchemas.accepted,
    [HONEYPOT_FIELD]: fieldSchemas.honeypot,
    [PAGE_FIELD]: fieldSchemas.page,
  },
} as const;

export const technologyBodySchema = {
  ...contactBodySchema,
  properties: { ...contactBodySchema.properties, products: fieldSchemas.list, services: fieldSchemas.list },
} as const;

export const eventBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'email', 'terms', 'event', 'language'],
  properties: {
    name: fieldSchemas.name,
    email: fieldSchemas.email,
    company: fieldSchemas.company,
    terms: fieldSchemas.accepted,
    event: fieldSchemas.event,
    language: fieldSchemas.language,
    [HONEYPOT_FIELD]: fieldSchemas.honeypot,
    [PAGE_FIELD]: fieldSchemas.page,
  },
} as const;

export const newsletterSubscribeSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['email', 'language', 'consent'],
  properties: {
    email: fieldSchemas.email,
    language: fieldSchemas.language,
    consent: fieldSchemas.accepted,
    [HONEYPOT_FIELD]: fieldSchemas.honeypot,
    [PAGE_FIELD]: fieldSchemas.page,
  },
} as const;

export const tokenBodySchema = (field: string) =>
  ({
    type: 'object',
    additionalProperties: false,
    required: [field],
    properties: { [field]: { type: 'string', minLength: 1, maxLength: LIMITS.token } },
  }) as const;

export const applicationFieldsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['language', 'name', 'email'],
  properties: {
    language: fieldSchemas.language,
    name: fieldSchemas.name,
    email: fieldSchemas.email,
    phone: fieldSchemas.phone,
    message: fieldSchemas.optionalMessage,
    locations: fieldSchemas.list,
    job: fieldSchemas.job,
    type: line(LIMITS.job),
    [HONEYPOT_FIELD]: fieldSchemas.honeypot,
    [PAGE_FIELD]: fieldSchemas.page,
  },
} as const;

/** What a successful submission answers to scripts. */
export const acceptedResponseSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['ok'],
  properties: { ok: { type: 'boolean' }, id: { type: 'string' }, status: { type: 'string' } },
} as const;

export const refusalResponseSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['statusCode', 'field', 'code', 'message'],
  properties: {
    statusCode: { type: 'integer' },
    error: { type: 'string' },
    field: { type: 'string' },
    code: { type: 'string' },
    message: { type: 'string' },
  },
} as const;
