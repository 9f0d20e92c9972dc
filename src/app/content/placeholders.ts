/**
 * The {name} placeholders the code fills in, per content text. This is the one list:
 * content:check refuses a token a text has that is not listed for it (and a listed one the
 * text lacks), and the types of these texts are made from it (PlaceholderText), so fill()
 * does not compile when the code fills other names than the ones listed.
 *
 * The mails' texts are typed from it too (MailTexts and personalMail in the server), so a mail
 * that fills other names than its file lists does not compile either.
 *
 * Keys are files below content/{language}/; "homepage/** /x.json" is the block file x.json in
 * any page folder. Pointers are JSON pointers; "*" stands for one key or index. A name ending
 * in "?" is filled in but a text may leave it out (a greeting without the name).
 * Texts not listed take no {name} placeholder at all. {{name}} settings are another matter:
 * the server fills them into every text (content-settings.ts).
 */
import type { Template } from '../i18n/template.ts';

export const PLACEHOLDERS = {
  'ui.json': {
    '/copyright': ['year'],
    '/submenu_toggle': ['item'],
    '/error_headline': ['status'],
    '/date_format': ['day', 'month', 'year'],
  },
  'insights_labels.json': {
    '/results': ['sum'],
    '/results_for': ['sum', 'search'],
    '/result_for': ['search'],
    '/more': ['count'],
    '/filters_active': ['count'],
    '/remove_filter': ['name'],
    '/author_articles': ['name'],
    '/reading_time': ['minutes'],
    '/duration': ['duration'],
    '/location': ['location'],
  },
  'career_labels.json': {
    '/show_jobs': ['count'],
    '/filtered': ['count', 'total'],
    '/salary': ['min', 'max'],
    '/posted': ['date'],
    '/start_date': ['date'],
    '/hours_value': ['hours'],
    '/contract_permanent': ['probation'],
    '/contract_fixed_term': ['months', 'probation'],
    '/travel_share': ['percent'],
    '/holiday_full_time': ['days'],
    '/holiday_part_time': ['days'],
    '/deadline_date': ['date'],
  },
  'login.json': {
    '/signed_in_as': ['email'],
  },
  'periods.json': {
    '/*/other': ['count'],
  },
  'form_messages.json': {
    '/too_long': ['max'],
    '/too_many': ['max'],
    '/file_too_large': ['max'],
    '/too_many_files': ['max'],
  },
  'application_form.json': {
    '/files/selected': ['name', 'size'],
    '/files/progress': ['percent'],
  },
  'homepage/**/form.json': {
    '/files/selected': ['name', 'size'],
    '/files/progress': ['percent'],
  },
  'homepage/**/quoteSlider.json': {
    '/labels/slide': ['current', 'total'],
  },
  'mail_notification.json': {
    '/subjects/*': ['reference', 'event?'],
  },
  'contact_thank_you.json': {
    '/mail/subject': ['name?'],
    '/mail/greeting': ['name?'],
    '/mail/paragraphs/*': ['name?'],
  },
  'application_thank_you.json': {
    '/mail/subject': ['name?'],
    '/mail/greeting': ['name?'],
    '/mail/paragraphs/*': ['name?'],
  },
  'event_double_opt_in.json': {
    '/mail/subject': ['name?', 'event?'],
    '/mail/greeting': ['name?', 'event?'],
    '/mail/paragraphs/*': ['name?', 'event?'],
  },
  'event_thank_you.json': {
    '/mail/subject': ['name?', 'event?'],
    '/mail/greeting': ['name?', 'event?'],
    '/mail/paragraphs/*': ['name?', 'event?'],
  },
} as const satisfies Readonly<Record<string, Readonly<Record<string, readonly string[]>>>>;

type Registry = typeof PLACEHOLDERS;
export type PlaceholderFile = keyof Registry;
type Bare<Name> = Name extends `${infer Required}?` ? Required : Name;

/** Every name the code fills into one listed text, optional ones included. */
export type PlaceholderNames<
  F extends PlaceholderFile,
  P extends keyof Registry[F],
> = Registry[F][P] extends readonly (infer Name)[] ? Bare<Name> & string : never;

/** A listed text as the code reads it: fill() takes exactly the names listed for it. */
export type PlaceholderText<F extends PlaceholderFile, P extends keyof Registry[F]> = Template<PlaceholderNames<F, P>>;

/** What a pointer pattern of the list says about a text. */
export interface ExpectedPlaceholders {
  /** Names the text must contain. */
  required: string[];
  /** Names the text may contain. */
  allowed: string[];
}

const fileMatches = (pattern: string, file: string) =>
  pattern.startsWith('homepage/**/')
    ? file.startsWith('homepage/') && file.endsWith(`/${pattern.slice('homepage/**/'.length)}`)
    : pattern === file;

const pointerMatches = (pattern: string, pointer: string) => {
  const expected = pattern.split('/');
  const actual = pointer.split('/');
  return (
    expected.length === actual.length &&
    expected.every((segment, index) => segment === '*' || segment === actual[index])
  );
};

/** The placeholders of one text, `file` relative to its language folder; none listed, none allowed. */
export function expectedPlaceholders(file: string, pointer: string): ExpectedPlaceholders {
  const required: string[] = [];
  const allowed: string[] = [];
  for (const [filePattern, texts] of Object.entries(PLACEHOLDERS)) {
    if (!fileMatches(filePattern, file)) continue;
    for (const [pointerPattern, names] of Object.entries(texts as Readonly<Record<string, readonly string[]>>)) {
      if (!pointerMatches(pointerPattern, pointer)) continue;
      for (const name of names) {
        const bare = name.replace(/\?$/, '');
        allowed.push(bare);
        if (bare === name) required.push(bare);
      }
    }
  }
  return { required, allowed };
}
