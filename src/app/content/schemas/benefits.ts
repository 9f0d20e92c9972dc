import Type, { type Static } from 'typebox';
import { IconName, strict, Text } from './common.ts';

export const BenefitsSchema = Type.Object(
  {
    headline: Text,
    text: Type.Optional(Text),
    items: Type.Array(Type.Object({ icon: IconName, title: Text, text: Text }, strict), { minItems: 2 }),
  },
  strict,
);
export type BenefitsContent = Static<typeof BenefitsSchema>;
