import Type, { type Static } from 'typebox';
import { strict, Text } from './common.ts';

/** Levers we pull, each with the figure it typically moves. */
export const OptimizationSchema = Type.Object(
  {
    headline: Text,
    text: Type.Optional(Text),
    items: Type.Array(
      Type.Object({ title: Text, text: Text, value: Type.Optional(Text), value_label: Type.Optional(Text) }, strict),
      { minItems: 1 },
    ),
  },
  strict,
);
export type OptimizationContent = Static<typeof OptimizationSchema>;
