import Type, { type Static } from 'typebox';
import { Href, strict, Text } from './common.ts';

/** Links to the neighbouring services and technologies. */
export const CrossLinkageSchema = Type.Object(
  {
    headline: Text,
    items: Type.Array(Type.Object({ title: Text, text: Text, link_url: Href, link_text: Text }, strict), {
      minItems: 1,
      maxItems: 6,
    }),
  },
  strict,
);
export type CrossLinkageContent = Static<typeof CrossLinkageSchema>;
