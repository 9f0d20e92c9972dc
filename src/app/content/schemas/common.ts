/**
 * Building blocks of the content schemas. Each schema is JSON Schema at run time
 * (content:check validates the files with it) and a TypeScript type at compile time
 * (the block components read their content as it), so the two cannot drift apart.
 */
import Type from 'typebox';
import { EMAIL_ADDRESS_PATTERN, EMAIL_ADDRESS_SOURCE } from '../../email/email-address.ts';
import type { PLACEHOLDERS, PlaceholderFile, PlaceholderText } from '../placeholders.ts';

/** Visible text: never empty, never only spaces. */
export const Text = Type.String({ minLength: 1, pattern: '\\S' });
/**
 * Visible text with the {name} placeholders content/placeholders.ts lists for it: the type says
 * which names fill() takes; content:check reads the same list.
 */
export const TemplateText = <F extends PlaceholderFile, P extends keyof (typeof PLACEHOLDERS)[F]>(
  _file: F,
  _pointer: P,
) => Type.Unsafe<PlaceholderText<F, P>>(Text);
/** One paragraph or several. */
export const Paragraphs = Type.Union([Text, Type.Array(Text, { minItems: 1 })]);
/**
 * A path of this site (/services/analytics), an absolute https URL, or mailto: and one plain
 * address with nothing after it: a '?cc=' or '&body=' would put recipients or text into the
 * visitor's mail that nobody reviewing the page sees.
 */
export const Href = Type.String({ pattern: `^(/(?!/)|https://|mailto:${EMAIL_ADDRESS_SOURCE}$)` });
/** One plain email address (see email-address.ts). */
export const EmailAddress = Type.String({ pattern: EMAIL_ADDRESS_PATTERN });

export const Link = Type.Object({ text: Text, link_url: Href }, { additionalProperties: false });

/** An image served from static/images, with its intrinsic size so nothing shifts while it loads. */
export const Image = Type.Object(
  {
    src: Type.String({ pattern: '^/images/[a-z0-9/_.-]+\\.(svg|jpg|png|webp)$' }),
    alt: Text,
    width: Type.Integer({ minimum: 1 }),
    height: Type.Integer({ minimum: 1 }),
  },
  { additionalProperties: false },
);

/** Names of the icons drawn in layout/icon.tsx that content may use. */
export const CONTENT_ICONS = [
  'chart',
  'shield',
  'layers',
  'bolt',
  'cloud',
  'target',
  'users',
  'clock',
  'lock',
  'compass',
  'euro',
  'spark',
  'screen',
  'flow',
] as const;
export const IconName = Type.Union(CONTENT_ICONS.map((name) => Type.Literal(name)));

export const strict = { additionalProperties: false } as const;
