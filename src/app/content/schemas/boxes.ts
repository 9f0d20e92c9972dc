import Type, { type Static } from 'typebox';
import { IconName, strict, Text } from './common.ts';

/** Key facts as boxes: a figure or an icon, a title and a sentence. */
export const BoxesSchema = Type.Object(
  {
    headline: Type.Optional(Text),
    items: Type.Array(
      Type.Object({ value: Type.Optional(Text), icon: Type.Optional(IconName), title: Text, text: Text }, strict),
      { minItems: 1 },
    ),
  },
  strict,
);
export type BoxesContent = Static<typeof BoxesSchema>;
