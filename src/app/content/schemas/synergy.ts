import Type, { type Static } from 'typebox';
import { strict, Text } from './common.ts';

/** What two products do together that neither does alone. */
export const SynergySchema = Type.Object(
  {
    headline: Text,
    text: Type.Optional(Text),
    items: Type.Array(Type.Object({ from: Text, to: Text, title: Text, text: Text }, strict), { minItems: 1 }),
  },
  strict,
);
export type SynergyContent = Static<typeof SynergySchema>;
