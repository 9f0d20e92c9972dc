import Type, { type Static } from 'typebox';
import type { PlaceholderText } from '../placeholders.ts';
import { SERVICE_CONDITIONS } from '../service-conditions.ts';
import { Href, strict, Text } from './common.ts';

const Condition = Type.Union(SERVICE_CONDITIONS.map((condition) => Type.Literal(condition)));
/** Shown only when the deployment runs (or, with no_, does not run) the service: see configured-services.ts. */
export const When = Type.Optional(Condition);
/** A paragraph or list item, or one shown only under a condition. */
export const LegalText = Type.Union([Text, Type.Object({ text: Text, when: Condition }, strict)]);
export type LegalTextContent = Static<typeof LegalText>;

const Section = Type.Object(
  {
    headline: Text,
    when: When,
    paragraphs: Type.Optional(Type.Array(LegalText, { minItems: 1 })),
    list: Type.Optional(Type.Array(LegalText, { minItems: 1 })),
    /** Label and value pairs, such as the register entry of an imprint. */
    facts: Type.Optional(
      Type.Array(Type.Object({ label: Text, value: Text, link_url: Type.Optional(Href) }, strict), { minItems: 1 }),
    ),
  },
  strict,
);

/** A legal text (imprint, privacy policy): titled sections of paragraphs, lists and facts. */
export const LegalSchema = Type.Object(
  {
    /** Shown above the text, e.g. that the company's details are example data. */
    notice: Type.Optional(Text),
    /** Number the sections shown (1., 2., …): with sections that depend on the configuration, no number is fixed. */
    numbered: Type.Optional(Type.Boolean()),
    updated: Type.Optional(Text),
    sections: Type.Array(Section, { minItems: 1 }),
  },
  strict,
);
export type LegalContent = Static<typeof LegalSchema>;

const PeriodUnit = Type.Object(
  {
    one: Text,
    other: Type.Unsafe<PlaceholderText<'periods.json', '/*/other'>>(
      Type.String({ pattern: '\\{count\\}', minLength: 1, maxLength: 80 }),
    ),
  },
  strict,
);

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
