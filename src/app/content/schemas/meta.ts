import Type, { type Static } from 'typebox';
import { strict, Text } from './common.ts';

/** The head of a page: title, description and Open Graph fields. */
export const MetaSchema = Type.Object(
  {
    title: Text,
    description: Text,
    canonical: Type.Optional(Text),
    og_title: Type.Optional(Text),
    og_description: Type.Optional(Text),
    og_image: Type.Optional(Type.String({ pattern: '^/images/' })),
    og_type: Type.Optional(Text),
  },
  strict,
);
export type MetaContent = Static<typeof MetaSchema>;
