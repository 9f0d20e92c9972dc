import Type, { type Static } from 'typebox';
import { strict, Text } from './common.ts';

/** Both sides of a marketplace side by side: what buyers get and what publishers get. */
export const PubsellSchema = Type.Object(
  {
    headline: Text,
    text: Type.Optional(Text),
    columns: Type.Array(Type.Object({ title: Text, text: Text, items: Type.Array(Text, { minItems: 1 }) }, strict), {
      minItems: 2,
      maxItems: 3,
    }),
  },
  strict,
);
export type PubsellContent = Static<typeof PubsellSchema>;
