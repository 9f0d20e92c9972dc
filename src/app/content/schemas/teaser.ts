import Type, { type Static } from 'typebox';
import { Link, strict, Text } from './common.ts';

/** The insights teaser: a heading over the newest insights, and the way to all of them. */
export const TeaserSchema = Type.Object(
  { headline: Text, text: Type.Optional(Text), link: Link, count: Type.Integer({ minimum: 1, maximum: 6 }) },
  strict,
);
export type TeaserContent = Static<typeof TeaserSchema>;
