import Type, { type Static } from 'typebox';
import { Href, IconName, strict, Text } from './common.ts';

/** A card per service, linking to its page. */
export const ServicesSchema = Type.Object(
  {
    headline: Text,
    text: Type.Optional(Text),
    items: Type.Array(
      Type.Object({ icon: Type.Optional(IconName), title: Text, text: Text, link_url: Href, link_text: Text }, strict),
      { minItems: 1 },
    ),
  },
  strict,
);
export type ServicesContent = Static<typeof ServicesSchema>;
