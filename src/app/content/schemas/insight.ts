import Type, { type Static } from 'typebox';
import { Href, strict, Text } from './common.ts';

const Paragraph = Type.Object(
  {
    headline: Type.Optional(Text),
    text: Text,
    has_image: Type.Optional(Type.Union([Type.Literal('TRUE'), Type.Literal('FALSE')])),
    image: Type.Optional(Type.String({ pattern: '^/images/insights/' })),
    image_alt: Type.Optional(Text),
    /** What the figure shows, under it for every reader (the alt text describes it for those who cannot see it). */
    image_caption: Type.Optional(Text),
  },
  strict,
);
export type InsightParagraph = Static<typeof Paragraph>;
/** An insight's paragraphs: a list, or a single paragraph object. */
export const InsightContentSchema = Type.Object(
  { paragraphs: Type.Union([Paragraph, Type.Array(Paragraph, { minItems: 1 })]) },
  strict,
);
export type InsightContent = Static<typeof InsightContentSchema>;

const Author = Type.Object({ name: Text, role: Type.Optional(Text) }, strict);
export type Author = Static<typeof Author>;
export const AuthorSchema = Type.Object({ authors: Type.Array(Author, { minItems: 1 }) }, strict);

const Slugs = Type.Array(Type.String({ pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$' }));
export const GeneralInformationSchema = Type.Object(
  {
    type: Type.Union(
      ['article', 'case-study', 'event', 'fact-sheet', 'video', 'whitepaper'].map((type) => Type.Literal(type)),
    ),
    datetime: Type.String({ format: 'date-time' }),
    event_date: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}' })),
    reading_time: Type.Optional(Type.Integer({ minimum: 1 })),
    duration: Type.Optional(Text),
    location: Type.Optional(Text),
    /** An event's page on this site: the insight reports on it, the page links back. */
    event_page: Type.Optional(Href),
    audience: Slugs,
    services: Slugs,
    technology: Slugs,
    topics: Slugs,
    tags: Type.Array(Text),
  },
  strict,
);
export type GeneralInformation = Static<typeof GeneralInformationSchema>;
