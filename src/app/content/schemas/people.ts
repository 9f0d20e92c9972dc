/**
 * The people the site names (content/people.json), each with the traits of their illustrated
 * portrait: which of the portrait style's drawn variants make up the face, and the tint behind it.
 */
import Type, { type Static } from 'typebox';
import { strict, Text } from './common.ts';

const variant = (count: number) => Type.Integer({ minimum: 1, maximum: count });

export const PortraitSchema = Type.Object(
  {
    hair: variant(63),
    body: variant(25),
    brows: variant(13),
    eyes: variant(5),
    lips: variant(30),
    nose: variant(20),
    glasses: Type.Optional(variant(11)),
    beard: Type.Optional(variant(12)),
    background: Type.Union([Type.Literal('sky'), Type.Literal('sea'), Type.Literal('mist')]),
  },
  strict,
);
export type PortraitTraits = Static<typeof PortraitSchema>;

export const PeopleSchema = Type.Object(
  {
    about: Text,
    people: Type.Array(Type.Object({ name: Text, portrait: PortraitSchema }, strict), { minItems: 1 }),
  },
  strict,
);
export type PeopleContent = Static<typeof PeopleSchema>;
