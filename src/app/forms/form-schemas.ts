/**
 * The request body schema of each form, built from the form table (form-definitions.ts) and
 * its field rules (field-rules.ts): the fields a person fills in, with the language, the
 * honeypot and the page a plain post came from added once for every form. The server's
 * routes validate with these, and their TypeScript type is the body the handlers read, so a
 * field added to the table is checked, typed and stored without another edit. Server only:
 * the browser checks the same rules without a schema library (checks.ts).
 */
import Type, { type TArray, type TLiteral, type TObject, type TOptional, type TSchema, type TString } from 'typebox';
import { LANGUAGES } from '../i18n/language.ts';
import { type TextRule, type ValueRule, valueRuleOf } from './field-rules.ts';
import {
  type FieldRule,
  FORMS,
  type FormDefinition,
  type FormName,
  HONEYPOT,
  PAGE_FIELD,
  PAGE_PATH_PATTERN,
} from './form-definitions.ts';

/** What a field's value is in the body: a ticked box is true, a list of options an array, anything else text. */
type ValueSchema<Field extends FieldRule> = Field['kind'] extends 'consent'
  ? TLiteral<true>
  : Field['kind'] extends 'checkboxes'
    ? TArray<TString>
    : TString;

/** The form's own fields by name, files left out (they come as multipart parts, not in the body). */
type FieldSchemas<Fields extends readonly FieldRule[]> = {
  [Field in Fields[number] as Field['kind'] extends 'file' | 'files'
    ? never
    : Field['name']]: Field['required'] extends true ? ValueSchema<Field> : TOptional<ValueSchema<Field>>;
};

/** What every form sends besides its fields. */
type FormControlSchemas = { language: typeof languageSchema } & {
  [Name in typeof HONEYPOT | typeof PAGE_FIELD]: TOptional<TString>;
};

export type FormBodySchema<Form extends FormDefinition> = TObject<FieldSchemas<Form['fields']> & FormControlSchemas>;
export type FormBodySchemas<Forms extends Readonly<Record<FormName, FormDefinition>>> = {
  readonly [Name in FormName]: FormBodySchema<Forms[Name]>;
};

// Keyword for keyword what the routes have always checked, so each refusal names the same field and code.
const languageSchema = Type.Enum([...LANGUAGES], { type: 'string' });
/** Left empty by people, filled in by bots. */
const honeypotSchema = Type.String({ maxLength: 500 });
/** The page a plain form post came from, to answer with it. */
const pageSchema = Type.String({ maxLength: 300, pattern: PAGE_PATH_PATTERN });

function textSchema(rule: TextRule): TString {
  return Type.String({
    ...(rule.required ? { minLength: 1 } : {}),
    maxLength: rule.maxLength,
    ...(rule.pattern === undefined ? {} : { pattern: rule.pattern }),
    ...(rule.format === undefined ? {} : { format: rule.format }),
  });
}

function valueSchema(rule: Exclude<ValueRule, { type: 'files' }>): TSchema {
  switch (rule.type) {
    case 'text':
      return textSchema(rule);
    case 'list':
      return Type.Array(textSchema(rule.item), { maxItems: rule.maxItems });
    case 'accepted':
      return Type.Literal(true);
  }
}

/** A form's body: its fields, then the language, the honeypot and the page; nothing else is accepted. */
export function formBodySchema<Form extends FormDefinition>(form: Form): FormBodySchema<Form> {
  const properties: Record<string, TSchema> = {};
  for (const field of form.fields) {
    const rule = valueRuleOf(field);
    if (rule.type === 'files') continue;
    properties[field.name] = rule.required ? valueSchema(rule) : Type.Optional(valueSchema(rule));
  }
  properties.language = languageSchema;
  properties[HONEYPOT] = Type.Optional(honeypotSchema);
  properties[PAGE_FIELD] = Type.Optional(pageSchema);
  // The loop cannot carry the table's literal names into the type; FormBodySchema states the same mapping for it.
  return Type.Object(properties, { additionalProperties: false }) as unknown as FormBodySchema<Form>;
}

/** Every form's body schema, by form name. */
export function formBodySchemas<Forms extends Readonly<Record<FormName, FormDefinition>>>(
  forms: Forms,
): FormBodySchemas<Forms> {
  return Object.fromEntries(
    Object.entries(forms).map(([name, form]) => [name, formBodySchema(form)]),
  ) as unknown as FormBodySchemas<Forms>;
}

export const FORM_BODY_SCHEMAS = formBodySchemas(FORMS);
