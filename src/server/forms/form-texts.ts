/** The texts forms and their mails need, read from the content store in the submitter's language. */

import type { PLACEHOLDERS, PlaceholderFile, PlaceholderNames, PlaceholderText } from '#app/content/placeholders.ts';
import type { Language } from '#app/i18n/language.ts';
import type { Template } from '#app/i18n/template.ts';
import type { ContentStore } from '../content/content-store.ts';

type PlaceholderKey<F extends keyof typeof PLACEHOLDERS> = keyof (typeof PLACEHOLDERS)[F] extends `/${infer Key}`
  ? Key
  : never;

export type MessageCode =
  | 'required'
  | 'not_found'
  | 'unknown_field'
  | 'email'
  | 'too_long'
  | 'too_many'
  | 'single_line'
  | 'must_accept'
  | 'invalid'
  | 'invalid_language'
  | 'malformed'
  | 'request_timeout'
  | 'body_too_large'
  | 'unsupported_type'
  | 'file_too_large'
  | 'file_type'
  | 'too_many_files'
  | 'file_required'
  | 'upload_broken'
  | 'body_too_slow'
  | 'length_required'
  | 'upload_quota'
  | 'token_invalid'
  | 'token_expired'
  | 'unsubscribe_invalid'
  | 'rate_limited'
  | 'requests_in_progress'
  | 'forbidden_origin'
  | 'path_outside'
  | 'server_error'
  | 'busy'
  | 'unauthenticated'
  | 'sign_in_again'
  | 'session_not_ended'
  | 'unauthorized'
  | 'no_account'
  | 'login_unavailable'
  | 'directory_unavailable'
  | 'storage_unavailable';

/** Messages by code; those that state a limit have the placeholders content/placeholders.ts lists. */
export type FormMessages = Record<MessageCode, string> & {
  [Code in MessageCode & PlaceholderKey<'form_messages.json'>]: PlaceholderText<'form_messages.json', `/${Code}`>;
};

/** A mail's texts; N names the {name} placeholders content/placeholders.ts lists for its file. */
export interface MailTexts<N extends string = never> {
  subject: Template<N>;
  greeting: Template<N>;
  paragraphs: Template<N>[];
  closing: string;
  signature: string;
  button?: string;
  link_hint?: string;
  /** Mails to a subscriber: the words before the unsubscribe link. */
  unsubscribe?: string;
}

export interface ThankYouTexts<N extends string = never> {
  headline: string;
  text: string;
  mail: MailTexts<N>;
}

export type ThankYouName =
  | 'contact_thank_you'
  | 'application_thank_you'
  | 'event_double_opt_in'
  | 'event_thank_you'
  | 'newsletter_double_opt_in'
  | 'newsletter_thank_you';

export interface NotificationTexts {
  subjects: Record<string, PlaceholderText<'mail_notification.json', '/subjects/*'>>;
  intro: string;
  labels: Record<string, string>;
}

/** The placeholders a thank-you file's mail takes, from content/placeholders.ts; a file not listed there takes none. */
export type MailPlaceholders<Name extends ThankYouName> = `${Name}.json` extends infer File extends PlaceholderFile
  ? '/mail/greeting' extends keyof (typeof PLACEHOLDERS)[File]
    ? PlaceholderNames<File, '/mail/greeting'>
    : never
  : never;

export interface FormTexts {
  messages(language: Language): FormMessages;
  thankYou<Name extends ThankYouName>(name: Name, language: Language): ThankYouTexts<MailPlaceholders<Name>>;
  notification(language: Language): NotificationTexts;
}

export function createFormTexts(store: ContentStore): FormTexts {
  function read<T>(language: Language, file: string): T {
    const value = store.get(`${language}/${file}`)?.value;
    if (!value) throw new Error(`content/${language}/${file} is missing`);
    return value as T;
  }
  return {
    messages: (language) => read<FormMessages>(language, 'form_messages.json'),
    thankYou: <Name extends ThankYouName>(name: Name, language: Language) =>
      read<ThankYouTexts<MailPlaceholders<Name>>>(language, `${name}.json`),
    notification: (language) => read<NotificationTexts>(language, 'mail_notification.json'),
  };
}

/** The files createFormTexts reads; the server refuses to start without them. */
export const FORM_TEXT_FILES = [
  'form_messages.json',
  'mail_notification.json',
  'contact_thank_you.json',
  'application_thank_you.json',
  'event_double_opt_in.json',
  'event_thank_you.json',
  'newsletter_double_opt_in.json',
  'newsletter_thank_you.json',
] as const;
