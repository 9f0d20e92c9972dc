import Type, { type Static } from 'typebox';
import { strict, Text } from './common.ts';

/** Ad formats with what they are good for and their specifications. */
export const AdsSchema = Type.Object(
  {
    headline: Text,
    text: Type.Optional(Text),
    formats: Type.Array(Type.Object({ name: Text, text: Text, specs: Type.Array(Text, { minItems: 1 }) }, strict), {
      minItems: 1,
    }),
  },
  strict,
);
export type AdsContent = Static<typeof AdsSchema>;
