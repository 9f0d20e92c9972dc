import Type, { type Static } from 'typebox';
import { Image, Link, strict, Text } from './common.ts';

/**
 * The first block of a page: its one h1, a description, a call to action, on the homepage a second
 * one, and an illustration. How it is laid out is the page kind's hero (hero-variants.ts).
 */
export const StageSchema = Type.Object(
  {
    eyebrow: Type.Optional(Text),
    headline: Text,
    description: Type.Optional(Text),
    button: Type.Optional(Link),
    secondary_button: Type.Optional(Link),
    image: Type.Optional(Image),
  },
  strict,
);
export type StageContent = Static<typeof StageSchema>;
