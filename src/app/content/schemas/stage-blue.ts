import Type, { type Static } from 'typebox';
import { Image, Link, strict, Text } from './common.ts';

/** The product stage of technology pages: eyebrow, h1, description, button and an illustration. */
export const StageBlueSchema = Type.Object(
  {
    eyebrow: Type.Optional(Text),
    headline: Text,
    description: Text,
    button: Type.Optional(Link),
    image: Type.Optional(Image),
  },
  strict,
);
export type StageBlueContent = Static<typeof StageBlueSchema>;
