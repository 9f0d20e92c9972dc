/**
 * Every form of the site: where it posts and its fields with the rules the server
 * enforces. The server's schemas and the browser's checks are both built from this
 * table, so a field is checked the same way on both sides.
 */
import {
  APPLICATION_API,
  CONTACT_API,
  CONTACT_OMR_API,
  CONTACT_TECHNOLOGY_API,
  EVENTS_API,
  NEWSLETTER_SUBSCRIBE_API,
} from '../api-paths.ts';

export const FORM_NAMES = [
  'contact',
  'contact-technology',
  'contact-omr',
  'event',
  'application',
  'newsletter',
] as const;
export type FormName = (typeof FORM_NAMES)[number];

/** Longest accepted values, in characters (lists: entries). */
export const LIMITS = {
  name: 120,
  email: 254,
  company: 200,
  message: 5000,
  phone: 40,
  event: 120,
  job: 200,
  listItem: 120,
  listItems: 20,
  token: 2000,
} as const;

export type FieldKind =
  | 'text'
  | 'email'
  | 'tel'
  | 'textarea'
  | 'checkboxes'
  | 'radios'
  | 'consent'
  | 'file'
  | 'files'
  | 'hidden';

export interface FieldRule {
  name: string;
  kind: FieldKind;
  required: boolean;
  maxLength?: number;
  /** Input autocomplete token. */
  autoComplete?: string;
}

export interface FormDefinition {
  name: FormName;
  action: string;
  /** Sent as multipart because it carries files. */
  multipart: boolean;
  fields: readonly FieldRule[];
  /** The content file with the form's labels; the technology form keeps its texts in its page's form.json. */
  textsFile: 'contact_form.json' | 'event_form.json' | 'application_form.json' | 'newsletter_form.json' | null;
  /** The content file whose headline and text replace the form once it was received. */
  thankYou: 'contact_thank_you' | 'application_thank_you' | 'event_double_opt_in' | 'newsletter_double_opt_in';
  /**
   * The configured period (a {{setting}} of content-settings.ts) after which the retention job deletes what
   * the form sent; its texts state it once, with this placeholder (content:check). The newsletter keeps an
   * address until it is unsubscribed, which is no period.
   */
  retention: 'retention_contact' | 'retention_event' | 'retention_application' | null;
}

// Each field and form keeps its literal names and kinds (as const): the server's body types are read from them.
const name = {
  name: 'name',
  kind: 'text',
  required: true,
  maxLength: LIMITS.name,
  autoComplete: 'name',
} as const satisfies FieldRule;
const email = {
  name: 'email',
  kind: 'email',
  required: true,
  maxLength: LIMITS.email,
  autoComplete: 'email',
} as const satisfies FieldRule;
const company = {
  name: 'company',
  kind: 'text',
  required: false,
  maxLength: LIMITS.company,
  autoComplete: 'organization',
} as const satisfies FieldRule;
const message = {
  name: 'message',
  kind: 'textarea',
  required: true,
  maxLength: LIMITS.message,
} as const satisfies FieldRule;
const legals = { name: 'legals', kind: 'consent', required: true } as const satisfies FieldRule;

const contactFields = [name, email, company, message, legals] as const;

export const FORMS = {
  contact: {
    name: 'contact',
    action: CONTACT_API,
    multipart: false,
    fields: contactFields,
    textsFile: 'contact_form.json',
    thankYou: 'contact_thank_you',
    retention: 'retention_contact',
  },
  'contact-omr': {
    name: 'contact-omr',
    action: CONTACT_OMR_API,
    multipart: false,
    fields: contactFields,
    textsFile: 'contact_form.json',
    thankYou: 'contact_thank_you',
    retention: 'retention_contact',
  },
  'contact-technology': {
    name: 'contact-technology',
    action: CONTACT_TECHNOLOGY_API,
    multipart: false,
    fields: [
      name,
      email,
      company,
      { name: 'products', kind: 'checkboxes', required: false },
      { name: 'services', kind: 'checkboxes', required: false },
      message,
      legals,
    ],
    textsFile: null,
    thankYou: 'contact_thank_you',
    retention: 'retention_contact',
  },
  event: {
    name: 'event',
    action: EVENTS_API,
    multipart: false,
    fields: [
      name,
      email,
      company,
      { name: 'terms', kind: 'consent', required: true },
      { name: 'event', kind: 'hidden', required: true, maxLength: LIMITS.event },
    ],
    textsFile: 'event_form.json',
    thankYou: 'event_double_opt_in',
    retention: 'retention_event',
  },
  application: {
    name: 'application',
    action: APPLICATION_API,
    multipart: true,
    fields: [
      name,
      email,
      { name: 'phone', kind: 'tel', required: false, maxLength: LIMITS.phone, autoComplete: 'tel' },
      { name: 'locations', kind: 'checkboxes', required: false },
      { name: 'type', kind: 'radios', required: false, maxLength: LIMITS.job },
      { name: 'message', kind: 'textarea', required: false, maxLength: LIMITS.message },
      { name: 'cv', kind: 'file', required: true },
      { name: 'additionals', kind: 'files', required: false },
      { name: 'job', kind: 'hidden', required: false, maxLength: LIMITS.job },
    ],
    textsFile: 'application_form.json',
    thankYou: 'application_thank_you',
    retention: 'retention_application',
  },
  newsletter: {
    name: 'newsletter',
    action: NEWSLETTER_SUBSCRIBE_API,
    multipart: false,
    fields: [email, { name: 'consent', kind: 'consent', required: true }],
    textsFile: 'newsletter_form.json',
    thankYou: 'newsletter_double_opt_in',
    retention: null,
  },
} as const satisfies Readonly<Record<FormName, FormDefinition>>;

/** Fields a person fills in and content labels: everything but hidden fields. */
export const visibleFields = (form: FormDefinition): FieldRule[] =>
  form.fields.filter((field) => field.kind !== 'hidden');

export const isFormName = (value: unknown): value is FormName =>
  typeof value === 'string' && (FORM_NAMES as readonly string[]).includes(value);

/**
 * The characters a single-line field may hold, as a Unicode pattern (ajv and the browser
 * read it with the u flag): none of control (Cc), format (Cf: bidi overrides, zero-width
 * marks), line or paragraph separators.
 */
export const SINGLE_LINE_CHARACTERS = '[^\\p{Cc}\\p{Cf}\\p{Zl}\\p{Zp}]';
/** A character a person can see. */
export const VISIBLE_CHARACTER = '[\\p{L}\\p{N}\\p{P}\\p{S}]';

/** Left empty by people, filled in by bots. */
export const HONEYPOT = 'website';

/** The hidden field a plain form post carries so the server can answer with the page the form was on. */
export const PAGE_FIELD = 'page';
/** A path of this site as the page field may name it: plain lower-case segments, nothing else. */
export const PAGE_PATH_PATTERN = '^(/[a-z0-9]+(-[a-z0-9]+)*)*/?$';
// Its own module: the page head reads it on every page, the form definitions only where a form is.
export { SENT_PARAM } from './sent-param.ts';
