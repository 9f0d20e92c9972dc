import Type, { type Static } from 'typebox';
import { Link, strict, Text } from './common.ts';

/** The first block of a page: its one h1, a description and an optional button. */
export const StageSchema = Type.Object(
  { headline: Text, description: Type.Optional(Text), button: Type.Optional(Link) },
  strict,
);
export type StageContent = Static<typeof StageSchema>;
