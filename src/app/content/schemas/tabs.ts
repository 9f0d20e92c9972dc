import Type, { type Static } from 'typebox';
import { Paragraphs, strict, Text } from './common.ts';

export const TabsSchema = Type.Object(
  {
    headline: Text,
    text: Type.Optional(Text),
    items: Type.Array(
      Type.Object(
        { label: Text, title: Text, text: Paragraphs, list: Type.Optional(Type.Array(Text, { minItems: 1 })) },
        strict,
      ),
      {
        minItems: 2,
        maxItems: 6,
      },
    ),
  },
  strict,
);
export type TabsContent = Static<typeof TabsSchema>;
