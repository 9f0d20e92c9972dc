/**
 * The glossary (content/glossary.json): for each language the terms settled once – the
 * preferred wording and the variants not to use – and the gendering convention. content:check
 * reports every avoided variant in a text of that language.
 */
import Type, { type Static } from 'typebox';
import { strict, Text } from './common.ts';

/**
 * A variant not to use: matched as a whole word and case-sensitively, or, written as
 * /pattern/flags, as a regular expression with Unicode semantics.
 */
const Variant = Text;

const Term = Type.Object(
  {
    preferred: Text,
    avoid: Type.Array(Variant, { minItems: 1 }),
    /** Why, and where the preferred term does not apply. */
    note: Type.Optional(Text),
    /** Only texts under these keys (e.g. duration), when the variant is right elsewhere. */
    fields: Type.Optional(Type.Array(Type.String({ pattern: '^[a-z_]+$' }), { minItems: 1 })),
  },
  strict,
);
export type GlossaryTerm = Static<typeof Term>;

const LanguageGlossary = Type.Object(
  {
    gendering: Type.Object(
      {
        convention: Text,
        named_people: Type.Optional(Text),
        exceptions: Type.Optional(Type.Array(Text, { minItems: 1 })),
      },
      strict,
    ),
    terms: Type.Array(Term, { minItems: 1 }),
  },
  strict,
);

export const GlossarySchema = Type.Object({ about: Text, de: LanguageGlossary, en: LanguageGlossary }, strict);
export type GlossaryContent = Static<typeof GlossarySchema>;
