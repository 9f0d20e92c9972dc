import Type, { type Static } from 'typebox';
import { strict, Text } from './common.ts';

/** The stages a customer or a campaign passes through, in order. */
export const JourneySchema = Type.Object(
  {
    headline: Text,
    text: Type.Optional(Text),
    stages: Type.Array(
      Type.Object({ title: Text, text: Text, touchpoints: Type.Optional(Type.Array(Text, { minItems: 1 })) }, strict),
      { minItems: 2 },
    ),
  },
  strict,
);
export type JourneyContent = Static<typeof JourneySchema>;
