import Type, { type Static } from 'typebox';
import { strict, Text } from './common.ts';

/**
 * Clients who work with us, as drawn wordmarks: each client's logo is static/images/clients/{logo}.svg,
 * named by the client's name.
 */
export const TrustsSchema = Type.Object(
  {
    headline: Text,
    text: Type.Optional(Text),
    clients: Type.Array(Type.Object({ name: Text, logo: Type.String({ pattern: '^[a-z]+$' }) }, strict), {
      minItems: 3,
    }),
  },
  strict,
);
export type TrustsContent = Static<typeof TrustsSchema>;
