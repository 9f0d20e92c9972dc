/**
 * The footer (footer.json): the company's address, the column titles, and each column's links
 * under its title lower-cased, & as 'and', spaces as hyphens (footerKey in footer.tsx).
 */
import Type, { type Static } from 'typebox';
import { EmailAddress, Href, strict, Text } from './common.ts';

const FooterTitleSchema = Type.Object({ link_text: Text }, strict);
export type FooterTitle = Static<typeof FooterTitleSchema>;

const FooterLinkSchema = Type.Object(
  {
    link_url: Href,
    /** No text means an icon link. */
    link_text: Type.Optional(Text),
    /** Accessible name of an icon link. */
    aria_label: Type.Optional(Text),
  },
  strict,
);
export type FooterLink = Static<typeof FooterLinkSchema>;

const FooterAddressSchema = Type.Object({ company: Text, street: Text, city: Text, email: EmailAddress }, strict);
export type FooterAddress = Static<typeof FooterAddressSchema>;

export const FooterSchema = Type.Object(
  {
    title: Type.Array(FooterTitleSchema, { minItems: 1 }),
    address: Type.Optional(FooterAddressSchema),
    /** The certifications named in the footer's row of seals. */
    certifications: Type.Optional(Type.Array(Text, { minItems: 1 })),
  },
  { additionalProperties: Type.Array(FooterLinkSchema, { minItems: 1 }) },
);
/** The columns are keyed by their titles, which the schema type cannot name: they are typed here. */
export type FooterData = Static<typeof FooterSchema> &
  Readonly<Record<string, FooterLink[] | FooterTitle[] | FooterAddress | string[] | undefined>>;
