/** Validates fields outside Fastify's body validation (multipart uploads) with the same rules and refusals. */
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { refusalOfValidation, type FormRefusal } from './refusal.ts';

// ajv-formats is CommonJS; its default export arrives wrapped depending on the loader.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as unknown as (ajv: Ajv) => Ajv;

/** Configured as Fastify is here: no coercion, nothing dropped silently, first error only. */
function createAjv(): Ajv {
  const ajv = new Ajv({ coerceTypes: false, removeAdditional: false, useDefaults: false, allErrors: false });
  addFormats(ajv);
  return ajv;
}

export function createFieldValidator<T>(schema: object): (fields: Record<string, unknown>) => { ok: true; value: T } | { ok: false; refusal: FormRefusal } {
  const validate = createAjv().compile(schema);
  return (fields) => {
    const value = structuredClone(fields);
    if (validate(value)) return { ok: true, value: value as T };
    return { ok: false, refusal: refusalOfValidation(validate.errors?.[0] as never, 'body') };
  };
}
