/**
 * How an article or case study ends: a call to action matched to the service it is about (its
 * first service), the way to the contact page, and a line leading to the newsletter. Kept in
 * content so editors match each service's words and page without a code change.
 */
import Type, { type Static } from 'typebox';
import { Link, strict, Text } from './common.ts';

const ServiceEnding = Type.Object(
  {
    headline: Text,
    text: Text,
    /** The service's own page. */
    link: Link,
  },
  strict,
);
export type ServiceEnding = Static<typeof ServiceEnding>;

export const InsightEndingsSchema = Type.Object(
  {
    eyebrow: Text,
    /** A case study's headline instead of the service's: the reader has just seen a project. */
    case_study_headline: Text,
    contact: Link,
    /** By the service slugs of an insight's general information. */
    services: Type.Record(Type.String({ pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$' }), ServiceEnding),
    /** For an insight that names no service, or one not listed. */
    fallback: ServiceEnding,
    newsletter: Type.Object({ headline: Text, text: Text, link: Link }, strict),
  },
  strict,
);
export type InsightEndings = Static<typeof InsightEndingsSchema>;
