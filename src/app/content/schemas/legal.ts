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

/**
 * What a list item says the browser keeps, in a form a test can compare with the browser's own
 * record (test/e2e/privacy-proof.test.ts): the prose names it for the reader, this for the proof.
 */
const StoredEntry = Type.Object(
  {
    kind: Type.Union([Type.Literal('cookie'), Type.Literal('local_storage'), Type.Literal('session_storage')]),
    /** The key as the browser lists it; a part in angle brackets stands for what varies (`_ga_<id>`). */
    name: Type.String({ pattern: '^[\\w:.-]+(<\\w+>)?$' }),
    /** A cookie's lifetime in whole days; none for storage, a session cookie or one set by a setting. */
    days: Type.Optional(Type.Integer({ minimum: 1 })),
    /** A cookie's lifetime when it is shorter than a day. */
    seconds: Type.Optional(Type.Integer({ minimum: 1, maximum: 86_399 })),
  },
  strict,
);
export type StoredEntryContent = Static<typeof StoredEntry>;

/** A host name the browser contacts, or `*.` and the domain under which it contacts several. */
const Host = Type.String({ pattern: '^(\\*\\.)?[a-z0-9-]+(\\.[a-z0-9-]+)+$' });

/** A list item, which may also say what it stores in the browser and which hosts it contacts. */
export const LegalListItem = Type.Union([
  Text,
  Type.Object(
    {
      text: Text,
      when: When,
      stores: Type.Optional(Type.Array(StoredEntry, { minItems: 1 })),
      hosts: Type.Optional(Type.Array(Host, { minItems: 1 })),
    },
    strict,
  ),
]);
export type LegalListItemContent = Static<typeof LegalListItem>;

const Section = Type.Object(
  {
    headline: Text,
    when: When,
    paragraphs: Type.Optional(Type.Array(LegalText, { minItems: 1 })),
    list: Type.Optional(Type.Array(LegalListItem, { minItems: 1 })),
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
