/**
 * The main navigation (navigation.json): the top-level entries, and for each entry with a
 * submenu the submenu's links under the entry's link_text lower-cased (navbar.tsx looks them up so).
 */
import Type, { type Static } from 'typebox';
import { Href, IconName, strict, Text } from './common.ts';

const NavigationItemSchema = Type.Object(
  {
    link_text: Text,
    link_url: Href,
    type: Type.Enum(['Text', 'Button']),
    /** 'FALSE' means shown on large screens. */
    hidden_lg: Type.Enum(['TRUE', 'FALSE']),
    /** A Button's label in the phone's bar, beside the burger, where the full label has no room. */
    short_text: Type.Optional(Text),
  },
  strict,
);
export type NavigationItem = Static<typeof NavigationItemSchema>;

const NavigationChildSchema = Type.Object(
  {
    link_text: Text,
    link_url: Href,
    description: Type.Optional(Text),
    /** The icon beside it, the one its page's card shows. */
    icon: Type.Optional(IconName),
  },
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
