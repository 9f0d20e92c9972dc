import Type, { type Static } from 'typebox';
import { Href, strict, Text } from './common.ts';

/** The products of the Google Marketing Platform we work with, each with its page where there is one. */
export const GmpSchema = Type.Object(
  {
    headline: Text,
    text: Type.Optional(Text),
    products: Type.Array(
      Type.Object(
        { name: Text, area: Text, text: Text, link_url: Type.Optional(Href), link_text: Type.Optional(Text) },
        strict,
      ),
      {
        minItems: 1,
      },
    ),
  },
  strict,
);
export type GmpContent = Static<typeof GmpSchema>;
