import Type, { type Static } from 'typebox';
import { Href, strict, Text } from './common.ts';
import type { PlaceholderText } from '../placeholders.ts';

const Section = Type.Object(
  {
    headline: Text,
    paragraphs: Type.Optional(Type.Array(Text, { minItems: 1 })),
    list: Type.Optional(Type.Array(Text, { minItems: 1 })),
    /** Label and value pairs, such as the register entry of an imprint. */
    facts: Type.Optional(Type.Array(Type.Object({ label: Text, value: Text, link_url: Type.Optional(Href) }, strict), { minItems: 1 })),
  },
  strict,
);

/** A legal text (imprint, privacy policy): titled sections of paragraphs, lists and facts. */
export const LegalSchema = Type.Object(
  {
    /** Shown above the text, e.g. that the company's details are example data. */
    notice: Type.Optional(Text),
    updated: Type.Optional(Text),
    sections: Type.Array(Section, { minItems: 1 }),
  },
  strict,
);
export type LegalContent = Static<typeof LegalSchema>;

const PeriodUnit = Type.Object({ one: Text, other: Type.Unsafe<PlaceholderText<'periods.json', '/*/other'>>(Type.String({ pattern: '\\{count\\}', minLength: 1, maxLength: 80 })) }, strict);

/** Words for periods the server fills into content ({{retention_contact}} → "two years"). */
export const PeriodsSchema = Type.Object(
  {
    hour: PeriodUnit,
    day: PeriodUnit,
    month: PeriodUnit,
    year: PeriodUnit,
    /** Counts written as words, from two up; larger counts are written as digits. */
    numbers: Type.Array(Text, { minItems: 1, maxItems: 20 }),
  },
  strict,
);
export type PeriodsContent = Static<typeof PeriodsSchema>;
