import Type, { type Static } from 'typebox';
import { Link, strict, Text } from './common.ts';

/** 'More on this topic': insights chosen by folder name, shown as related-article cards. */
export const MoreSchema = Type.Object(
  {
    headline: Text,
    text: Type.Optional(Text),
    articles: Type.Array(Type.String({ pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$' }), { minItems: 1, maxItems: 6 }),
    link: Type.Optional(Link),
  },
  strict,
);
export type MoreContent = Static<typeof MoreSchema>;
