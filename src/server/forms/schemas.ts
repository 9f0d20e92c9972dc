/**
 * The schemas the form routes share besides their bodies (those are built from the form
 * table, #app/forms/form-schemas.ts): a mailed link's token, and the two answers.
 */
import { HONEYPOT, LIMITS, PAGE_FIELD } from '#app/forms/form-definitions.ts';

export const HONEYPOT_FIELD = HONEYPOT;

/** The fields a person filled in: without the honeypot and the page a plain post came from. */
export function withoutFormControls<T extends object>(body: T): Omit<T, typeof HONEYPOT_FIELD | typeof PAGE_FIELD> {
  const { [HONEYPOT_FIELD]: _trap, [PAGE_FIELD]: _page, ...fields } = body as T & { website?: unknown; page?: unknown };
  return fields;
}

export const tokenBodySchema = <Field extends string>(field: Field) =>
  ({
    type: 'object',
    additionalProperties: false,
    required: [field],
    properties: { [field]: { type: 'string', minLength: 1, maxLength: LIMITS.token } } as {
      [Name in Field]: { type: 'string'; minLength: 1; maxLength: number };
    },
  }) as const;

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
