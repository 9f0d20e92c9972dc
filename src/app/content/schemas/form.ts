import Type, { type Static } from 'typebox';
import { Href, strict, Text } from './common.ts';

const Field = Type.Object({ label: Text, placeholder: Type.Optional(Text), hint: Type.Optional(Text) }, strict);
const Choice = Type.Object(
  { label: Text, options: Type.Array(Type.Object({ value: Type.String({ pattern: '^[a-z0-9-]+$' }), label: Text }, strict), { minItems: 1, maxItems: 20 }) },
  strict,
);

/** The technology enquiry form: every label, option and message of it. */
export const FormSchema = Type.Object(
  {
    headline: Text,
    text: Type.Optional(Text),
    fields: Type.Object(
      {
        name: Field,
        email: Field,
        company: Field,
        message: Field,
        products: Choice,
        services: Choice,
        legals: Type.Object({ text: Text, link_text: Text, link_url: Href }, strict),
      },
      strict,
    ),
    required: Text,
    optional: Text,
    submit: Text,
    sending: Text,
    success: Type.Object({ headline: Text, text: Text }, strict),
    failure: Text,
  },
  strict,
);
export type FormContent = Static<typeof FormSchema>;
