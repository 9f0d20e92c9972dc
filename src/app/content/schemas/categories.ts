import Type, { type Static } from 'typebox';
import { Href, strict, Text } from './common.ts';

/** Technology grouped by what it is for; partner names are plain text. */
export const CategoriesSchema = Type.Object(
  {
    headline: Text,
    text: Type.Optional(Text),
    items: Type.Array(
      Type.Object(
        {
          title: Text,
          text: Text,
          entries: Type.Array(
            Type.Object(
              { name: Text, text: Type.Optional(Text), link_url: Type.Optional(Href), link_text: Type.Optional(Text) },
              strict,
            ),
            {
              minItems: 1,
            },
          ),
        },
        strict,
      ),
      { minItems: 1 },
    ),
  },
  strict,
);
export type CategoriesContent = Static<typeof CategoriesSchema>;
