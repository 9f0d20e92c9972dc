/**
 * Open positions. The careers service answers { activePositions: Position[] }; with no
 * service configured the same answer is read from content/{language}/careers/positions.json.
 */
import Type, { type Static } from 'typebox';
import { EmailAddress, IconName, Link, Paragraphs, strict, TemplateText, Text } from './common.ts';

const Slug = Type.String({ pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$', maxLength: 120 });
const IsoDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });

/** schema.org JobPosting employment types. */
export const EMPLOYMENT_TYPES = ['FULL_TIME', 'PART_TIME', 'CONTRACTOR', 'TEMPORARY', 'INTERN', 'OTHER'] as const;

export const OfficeSchema = Type.Object(
  {
    city: Text,
    street: Text,
    postal_code: Type.String({ pattern: '^\\d{5}$' }),
    region: Text,
    country: Type.String({ pattern: '^[A-Z]{2}$' }),
  },
  strict,
);

/**
 * What an applicant checks before applying, as facts rather than prose, so that content:check
 * can compare them with the ad's text and between the two languages: start, weekly hours,
 * contract, travel share, holiday and the application deadline.
 */
export const JobTermsSchema = Type.Object(
  {
    /** "asap" or the first working day. */
    start: Type.Union([Type.Literal('asap'), IsoDate]),
    weekly_hours: Type.Integer({ minimum: 1, maximum: 48 }),
    contract: Type.Union([Type.Literal('permanent'), Type.Literal('fixed_term')]),
    /** The length of a fixed-term contract; only with contract "fixed_term". */
    contract_months: Type.Optional(Type.Integer({ minimum: 1, maximum: 24 })),
    probation_months: Type.Integer({ minimum: 0, maximum: 6 }),
    /** Share of working time spent travelling to clients or events; 0 for none. */
    travel_percent: Type.Integer({ minimum: 0, maximum: 100 }),
    /** Holiday days a year on a five-day week; part-time jobs get them pro rata. */
    holiday_days: Type.Integer({ minimum: 20, maximum: 40 }),
    /** The last day to apply (then also the posting's valid_through), or "open_until_filled". */
    applications_until: Type.Union([Type.Literal('open_until_filled'), IsoDate]),
  },
  strict,
);
export type JobTerms = Static<typeof JobTermsSchema>;

/** The sections of a job page, each a block of the page made from the position. */
export const JobDescriptionSchema = Type.Object({ headline: Text, text: Paragraphs }, strict);
export const JobRequirementsSchema = Type.Object(
  { headline: Text, items: Type.Array(Text, { minItems: 1, maxItems: 15 }) },
  strict,
);
export const JobOffersSchema = Type.Object(
  {
    headline: Text,
    items: Type.Array(Type.Object({ icon: Type.Optional(IconName), title: Text, text: Text }, strict), {
      minItems: 1,
      maxItems: 12,
    }),
  },
  strict,
);
/** Without an address (the careers service sent one that is not plain, see careers-service.ts) the person is named and the mail button left out. */
export const CoffeeChatSchema = Type.Object(
  { headline: Text, text: Text, name: Text, role: Text, email: Type.Optional(EmailAddress) },
  strict,
);

export const PositionSchema = Type.Object(
  {
    generic: Type.Object(
      {
        /** The job's stable key: its slug in /company/career/{folder}. */
        folder: Slug,
        title: Text,
        department: Text,
        teaser: Text,
        /** Offices the job can be done from. */
        offices: Type.Array(OfficeSchema, { minItems: 1, maxItems: 6 }),
        /** Hybrid work: also open to people living elsewhere in this country. */
        remote_country: Type.Optional(Type.String({ pattern: '^[A-Z]{2}$' })),
        employment_type: Type.Union(EMPLOYMENT_TYPES.map((type) => Type.Literal(type))),
        /** How the job is described to people: "Full-time, hybrid". */
        schedule: Text,
        date_posted: IsoDate,
        valid_through: Type.Optional(IsoDate),
        salary: Type.Optional(
          Type.Object(
            { min: Type.Integer({ minimum: 1 }), max: Type.Integer({ minimum: 1 }), currency: Type.Literal('EUR') },
            strict,
          ),
        ),
        /** Optional for a careers service that does not send them yet; content:check requires them in the shipped positions. */
        terms: Type.Optional(JobTermsSchema),
      },
      strict,
    ),
    description: JobDescriptionSchema,
    requirements: JobRequirementsSchema,
    offers: JobOffersSchema,
    coffee_chat: CoffeeChatSchema,
    /** Folders of related jobs. */
    related: Type.Optional(Type.Array(Slug, { maxItems: 6 })),
  },
  strict,
);
export type Position = Static<typeof PositionSchema>;

/** The most open positions a list may have, from the careers service or for the browser: far beyond any real list. */
export const MAX_OPEN_POSITIONS = 200;

export const CareersAnswerSchema = Type.Object(
  { activePositions: Type.Array(PositionSchema, { maxItems: MAX_OPEN_POSITIONS }) },
  strict,
);
export type CareersAnswer = Static<typeof CareersAnswerSchema>;

/** The labels of the career pages, content/{language}/career_labels.json. */
export const CareerLabelsSchema = Type.Object(
  {
    /**
     * The filters over a long list (more than JOB_FILTER_THRESHOLD positions, job-filters.ts): their name, each
     * group's "all" choice, "{count} of {total}" while one is chosen, the words when both together match none, and
     * the way back to every position ("{count}" is filled in).
     */
    filter_headline: Text,
    all_departments: Text,
    all_locations: Text,
    filtered: TemplateText('career_labels.json', '/filtered'),
    no_match: Text,
    show_jobs: TemplateText('career_labels.json', '/show_jobs'),
    no_positions: Text,
    department: Text,
    location: Text,
    schedule: Text,
    salary_label: Text,
    /** The range: "{min}" and "{max}" are filled in. */
    salary: TemplateText('career_labels.json', '/salary'),
    remote: Text,
    view_job: Text,
    apply_headline: Text,
    /** The job hero's button to the application form. */
    apply_now: Text,
    apply_text: Text,
    related_headline: Text,
    back_to_overview: Text,
    posted: TemplateText('career_labels.json', '/posted'),
    /** The job's terms (generic.terms) on its page: a headline, then one label and value each. */
    terms_headline: Text,
    start: Text,
    start_asap: Text,
    /** "{date}" is filled in. */
    start_date: TemplateText('career_labels.json', '/start_date'),
    hours: Text,
    /** "{hours}" is filled in. */
    hours_value: TemplateText('career_labels.json', '/hours_value'),
    contract: Text,
    /** "{probation}" (months) is filled in. */
    contract_permanent: TemplateText('career_labels.json', '/contract_permanent'),
    /** "{months}" and "{probation}" are filled in. */
    contract_fixed_term: TemplateText('career_labels.json', '/contract_fixed_term'),
    travel: Text,
    travel_none: Text,
    /** "{percent}" is filled in. */
    travel_share: TemplateText('career_labels.json', '/travel_share'),
    holiday: Text,
    /** "{days}" is filled in; the second for part-time jobs. */
    holiday_full_time: TemplateText('career_labels.json', '/holiday_full_time'),
    holiday_part_time: TemplateText('career_labels.json', '/holiday_part_time'),
    deadline: Text,
    /** "{date}" is filled in. */
    deadline_date: TemplateText('career_labels.json', '/deadline_date'),
    deadline_open: Text,
    process: Text,
    process_value: Text,
    /** Closes every job description. */
    inclusion: Text,
  },
  strict,
);
export type CareerLabels = Static<typeof CareerLabelsSchema>;

/**
 * The card that closes the list of positions: someone to talk to before applying, named with their
 * portrait (content/people.json), and a button that says whom it reaches ("Talk to Miriam").
 */
export const JobsTalkSchema = Type.Object({ headline: Text, text: Text, name: Text, role: Text, button: Link }, strict);
export type JobsTalk = Static<typeof JobsTalkSchema>;

/** The list of open positions on the career page: its headline; the positions come from the careers source. */
export const JobsSchema = Type.Object(
  { headline: Text, text: Type.Optional(Text), talk: Type.Optional(JobsTalkSchema) },
  strict,
);
export type JobsContent = Static<typeof JobsSchema>;

/** A job page's related positions. */
export const RelatedJobsSchema = Type.Array(PositionSchema, { minItems: 1, maxItems: 6 });
