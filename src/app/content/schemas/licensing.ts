import Type, { type Static } from 'typebox';
import { strict, Text } from './common.ts';

/** Licence options compared side by side. */
export const LicensingSchema = Type.Object(
  {
    headline: Text,
    text: Type.Optional(Text),
    plans: Type.Array(
      Type.Object(
        { name: Text, text: Text, features: Type.Array(Text, { minItems: 1 }), highlight: Type.Optional(Text) },
        strict,
      ),
      { minItems: 2, maxItems: 3 },
    ),
    note: Type.Optional(Text),
  },
  strict,
);
export type LicensingContent = Static<typeof LicensingSchema>;
