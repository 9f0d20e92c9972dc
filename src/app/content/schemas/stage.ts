import Type, { type Static } from 'typebox';
import { Image, Link, strict, Text } from './common.ts';
import { FigureSchema } from './proof.ts';

/**
 * The first block of a page: its one h1, a description, a call to action, on the homepage a second
 * one and its proof row, and an illustration. How it is laid out is the page kind's hero (hero-variants.ts).
 */
export const StageSchema = Type.Object(
  {
    eyebrow: Type.Optional(Text),
    headline: Text,
    description: Type.Optional(Text),
    button: Type.Optional(Link),
    secondary_button: Type.Optional(Link),
    image: Type.Optional(Image),
    /** The homepage's proof under its calls to action: the partner status beside its badge, then company facts. */
    proof: Type.Optional(
      Type.Object({ partner: Text, facts: Type.Array(FigureSchema, { minItems: 1, maxItems: 4 }) }, strict),
    ),
  },
  strict,
);
export type StageContent = Static<typeof StageSchema>;
