import Type, { type Static } from 'typebox';
import { Link, strict, Text } from './common.ts';

export const CaseStudySchema = Type.Object(
  {
    headline: Text,
    client: Text,
    sector: Text,
    challenge: Text,
    solution: Text,
    results: Type.Array(Type.Object({ value: Text, label: Text }, strict), { minItems: 1, maxItems: 4 }),
    labels: Type.Object({ challenge: Text, solution: Text, results: Text }, strict),
    link: Type.Optional(Link),
  },
  strict,
);
export type CaseStudyContent = Static<typeof CaseStudySchema>;
