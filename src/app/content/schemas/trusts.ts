import Type, { type Static } from 'typebox';
import { strict, Text } from './common.ts';

/** Clients who work with us, as name and sector in text. */
export const TrustsSchema = Type.Object(
  {
    headline: Text,
    text: Type.Optional(Text),
    clients: Type.Array(Type.Object({ name: Text, sector: Text }, strict), { minItems: 3 }),
  },
  strict,
);
export type TrustsContent = Static<typeof TrustsSchema>;
