/** Validates fields outside Fastify's body validation (multipart uploads) with the same rules and refusals. */
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { Static, TSchema } from 'typebox';
import { AJV_OPTIONS } from '../http/ajv-options.ts';
import { type FormRefusal, refusalOfValidation } from './refusal.ts';

// ajv-formats is CommonJS; its default export arrives wrapped depending on the loader.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as unknown as (ajv: Ajv) => Ajv;

/** Configured as Fastify is here: no coercion, nothing dropped silently, first error only. */
function createAjv(): Ajv {
  const ajv = new Ajv({ ...AJV_OPTIONS });
  addFormats(ajv);
  return ajv;
}

export type FieldCheck<Schema extends TSchema> =
  | { ok: true; value: Static<Schema> }
  | { ok: false; refusal: FormRefusal };

export function createFieldValidator<Schema extends TSchema>(
  schema: Schema,
): (fields: Record<string, unknown>) => FieldCheck<Schema> {
  const validate = createAjv().compile(schema);
  return (fields) => {
    const value = structuredClone(fields);
    if (validate(value)) return { ok: true, value: value as Static<Schema> };
    return { ok: false, refusal: refusalOfValidation(validate.errors?.[0] as never, 'body') };
  };
}
