import Type, { type Static } from 'typebox';
import { Link, strict, Text } from './common.ts';

/** A measured outcome: the figure as it is set ("−19 %") and what it counts. */
export const FigureSchema = Type.Object({ value: Text, label: Text }, strict);
export type FigureContent = Static<typeof FigureSchema>;

/**
 * The homepage's outcomes: a strip of client results in figures, then one case study with its
 * results, linking to its page. The figures are the case studies' own, as their pages state them.
 */
export const ProofSchema = Type.Object(
  {
    headline: Text,
    figures: Type.Array(FigureSchema, { minItems: 3, maxItems: 4 }),
    featured: Type.Object(
      {
        eyebrow: Text,
        headline: Text,
        text: Text,
        results: Type.Array(FigureSchema, { minItems: 3, maxItems: 4 }),
        link: Link,
      },
      strict,
    ),
  },
  strict,
);
export type ProofContent = Static<typeof ProofSchema>;
