import Type, { type Static } from 'typebox';
import { Image, Paragraphs, strict, Text } from './common.ts';

/** Rows of text and illustration, alternating sides on wide screens. */
export const DetailsSchema = Type.Object(
  {
    headline: Type.Optional(Text),
    items: Type.Array(
      Type.Object(
        {
          title: Text,
          text: Paragraphs,
          list: Type.Optional(Type.Array(Text, { minItems: 1 })),
          image: Type.Optional(Image),
        },
        strict,
      ),
      { minItems: 1 },
    ),
  },
  strict,
);
export type DetailsContent = Static<typeof DetailsSchema>;
