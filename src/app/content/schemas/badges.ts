import Type, { type Static } from 'typebox';
import { strict, Text } from './common.ts';

/** Certifications and partner statuses, each named beside the site's badge. */
export const BadgesSchema = Type.Object(
  {
    headline: Text,
    text: Type.Optional(Text),
    items: Type.Array(Type.Object({ name: Text, text: Text }, strict), { minItems: 1 }),
  },
  strict,
);
export type BadgesContent = Static<typeof BadgesSchema>;
