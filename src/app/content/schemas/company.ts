/** The company pages: the overview hub and the about-us blocks. */
import Type, { type Static } from 'typebox';
import { Href, IconName, Image, Paragraphs, strict, Text } from './common.ts';

/** The company hub: one card per company page, each leading to it. */
export const OverviewSchema = Type.Object(
  {
    headline: Text,
    text: Type.Optional(Text),
    items: Type.Array(
      Type.Object({ icon: Type.Optional(IconName), title: Text, text: Text, link_text: Text, link_url: Href }, strict),
      { minItems: 1, maxItems: 8 },
    ),
  },
  strict,
);
export type OverviewContent = Static<typeof OverviewSchema>;

/** Key figures: a value and what it counts. */
export const NumbersSchema = Type.Object(
  {
    headline: Text,
    text: Type.Optional(Text),
    items: Type.Array(Type.Object({ value: Text, label: Text }, strict), { minItems: 2, maxItems: 8 }),
  },
  strict,
);
export type NumbersContent = Static<typeof NumbersSchema>;

/** Who we are: a story in paragraphs with an optional illustration. */
export const WhoWeAreSchema = Type.Object(
  { eyebrow: Type.Optional(Text), headline: Text, text: Paragraphs, image: Type.Optional(Image) },
  strict,
);
export type WhoWeAreContent = Static<typeof WhoWeAreSchema>;

const Card = Type.Object(
  {
    icon: Type.Optional(IconName),
    title: Text,
    text: Text,
    link_url: Type.Optional(Href),
    link_text: Type.Optional(Text),
  },
  strict,
);

/** What we do: the disciplines, each a card that may lead to its service page. */
export const WhatWeDoSchema = Type.Object(
  { headline: Text, text: Type.Optional(Text), items: Type.Array(Card, { minItems: 1, maxItems: 8 }) },
  strict,
);
export type WhatWeDoContent = Static<typeof WhatWeDoSchema>;

/** A closer look: how we work, as titled paragraphs. */
export const CloserLookSchema = Type.Object(
  {
    headline: Text,
    text: Type.Optional(Text),
    items: Type.Array(Type.Object({ title: Text, text: Paragraphs }, strict), { minItems: 1, maxItems: 8 }),
  },
  strict,
);
export type CloserLookContent = Static<typeof CloserLookSchema>;

/** What we offer: to clients on about-us, to colleagues on the career page. */
/** What every client gets; image: a drawing of what is offered (the Galaxy dashboard) above the cards. */
export const OffersSchema = Type.Object(
  {
    headline: Text,
    text: Type.Optional(Text),
    image: Type.Optional(Image),
    items: Type.Array(Card, { minItems: 1, maxItems: 12 }),
  },
  strict,
);
export type OffersContent = Static<typeof OffersSchema>;

/** Colleagues recommending the company as a place to work. */
export const RecommendationsSchema = Type.Object(
  {
    headline: Text,
    text: Type.Optional(Text),
    items: Type.Array(Type.Object({ quote: Text, name: Text, role: Text, since: Type.Optional(Text) }, strict), {
      minItems: 1,
      maxItems: 6,
    }),
  },
  strict,
);
export type RecommendationsContent = Static<typeof RecommendationsSchema>;

/** The people who lead the company: each with their portrait, role and what they answer for. */
export const LeadershipSchema = Type.Object(
  {
    headline: Text,
    text: Type.Optional(Text),
    items: Type.Array(Type.Object({ name: Text, role: Text, text: Text }, strict), { minItems: 2, maxItems: 8 }),
  },
  strict,
);
export type LeadershipContent = Static<typeof LeadershipSchema>;
