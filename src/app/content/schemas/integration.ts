import Type, { type Static } from 'typebox';
import { strict, Text } from './common.ts';

/** How one product connects to the others: a hub with a spoke per connection. */
export const IntegrationSchema = Type.Object(
  {
    headline: Text,
    text: Text,
    hub: Text,
    items: Type.Array(Type.Object({ name: Text, text: Text }, strict), { minItems: 2, maxItems: 8 }),
  },
  strict,
);
export type IntegrationContent = Static<typeof IntegrationSchema>;
