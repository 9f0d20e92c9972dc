import Type, { type Static } from 'typebox';
import { strict, Text } from './common.ts';

/** A worked example of a marketing mix model: each channel's share of the outcome, drawn as bars. */
export const MarketingIntelligenceSchema = Type.Object(
  {
    headline: Text,
    text: Text,
    chart: Type.Object(
      {
        title: Text,
        caption: Text,
        items: Type.Array(Type.Object({ label: Text, share: Type.Number({ minimum: 0, maximum: 100 }) }, strict), {
          minItems: 2,
          maxItems: 8,
        }),
      },
      strict,
    ),
    layers: Type.Array(Type.Object({ title: Text, text: Text }, strict), { minItems: 1 }),
  },
  strict,
);
export type MarketingIntelligenceContent = Static<typeof MarketingIntelligenceSchema>;
