import Type, { type Static } from 'typebox';
import { Href, strict, Text } from './common.ts';

const Section = Type.Object(
  {
    headline: Text,
    paragraphs: Type.Optional(Type.Array(Text, { minItems: 1 })),
    list: Type.Optional(Type.Array(Text, { minItems: 1 })),
    /** Label and value pairs, such as the register entry of an imprint. */
    facts: Type.Optional(Type.Array(Type.Object({ label: Text, value: Text, link_url: Type.Optional(Href) }, strict), { minItems: 1 })),
  },
  strict,
);

/** A legal text (imprint, privacy policy): titled sections of paragraphs, lists and facts. */
export const LegalSchema = Type.Object(
  {
    /** Shown above the text, e.g. that the company's details are example data. */
    notice: Type.Optional(Text),
    updated: Type.Optional(Text),
    sections: Type.Array(Section, { minItems: 1 }),
  },
  strict,
);
export type LegalContent = Static<typeof LegalSchema>;
