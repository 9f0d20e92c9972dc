import Type, { type Static } from 'typebox';
import { strict, Text } from './common.ts';

/** A numbered process. */
export const StepsSchema = Type.Object(
  {
    headline: Text,
    text: Type.Optional(Text),
    items: Type.Array(Type.Object({ title: Text, text: Text, duration: Type.Optional(Text) }, strict), { minItems: 2 }),
  },
  strict,
);
export type StepsContent = Static<typeof StepsSchema>;
