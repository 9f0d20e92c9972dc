/**
 * The main navigation (navigation.json): the top-level entries, and for each entry with a
 * submenu the submenu's links under the entry's link_text lower-cased (navbar.tsx looks them up so).
 */
import Type, { type Static } from 'typebox';
import { Href, strict, Text } from './common.ts';

const NavigationItemSchema = Type.Object(
  {
    link_text: Text,
    link_url: Href,
    type: Type.Enum(['Text', 'Button']),
    /** 'FALSE' means shown on large screens. */
    hidden_lg: Type.Enum(['TRUE', 'FALSE']),
  },
  strict,
);
export type NavigationItem = Static<typeof NavigationItemSchema>;

const NavigationChildSchema = Type.Object(
  { link_text: Text, link_url: Href, description: Type.Optional(Text) },
  strict,
);
export type NavigationChild = Static<typeof NavigationChildSchema>;

export const NavigationSchema = Type.Object(
  { top_level: Type.Array(NavigationItemSchema, { minItems: 1 }) },
  { additionalProperties: Type.Array(NavigationChildSchema, { minItems: 1 }) },
);
/** The submenus are keyed by their parent's text, which the schema type cannot name: they are typed here. */
export type NavigationData = Static<typeof NavigationSchema> &
  Readonly<Record<string, NavigationChild[] | NavigationItem[]>>;
