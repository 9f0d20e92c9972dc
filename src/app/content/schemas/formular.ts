/** Texts of the forms: labels and options per field, and the page block that places a form. */
import Type, { type Static } from 'typebox';
import { FORM_NAMES } from '../../forms/form-definitions.ts';
import { Href, strict, TemplateText, Text } from './common.ts';

/** Where the thank-you text leads on to: a sentence and the link in it ("Meanwhile, read our insights"). */
export const NextStep = Type.Object({ text: Text, link_text: Text, link_url: Href }, strict);
export type NextStepTexts = Static<typeof NextStep>;

const Option = Type.Object({ value: Type.String({ pattern: '^[a-z0-9-]+$', maxLength: 120 }), label: Text }, strict);

export const FieldTextsSchema = Type.Object(
  {
    label: Text,
    placeholder: Type.Optional(Text),
    hint: Type.Optional(Text),
    /** For a consent box: the words of the label that link to link_url. */
    link_text: Type.Optional(Text),
    link_url: Type.Optional(Href),
    options: Type.Optional(Type.Array(Option, { minItems: 1, maxItems: 20 })),
    /** This field's own words for a refusal, in place of form_messages.json's general ones ("Please enter your name."). */
    errors: Type.Optional(
      Type.Object(
        {
          required: Type.Optional(Text),
          email: Type.Optional(Text),
          must_accept: Type.Optional(Text),
          file_required: Type.Optional(Text),
        },
        strict,
      ),
    ),
  },
  strict,
);
export type FieldTexts = Static<typeof FieldTextsSchema>;

/** Every text of one form; the technology form's form.json and the root {form}_form.json files. */
export const FormTextsSchema = Type.Object(
  {
    headline: Type.Optional(Text),
    text: Type.Optional(Text),
    fields: Type.Record(Type.String({ pattern: '^[a-z]+$' }), FieldTextsSchema),
    required: Text,
    optional: Text,
    submit: Text,
    sending: Text,
    /** Shown in place of the form once it was received. */
    success: Type.Optional(Type.Object({ headline: Text, text: Text, next: Type.Optional(NextStep) }, strict)),
    /** Above a form with more than two refused fields: the heading of the list that links to them. */
    summary: Text,
    /** Shown in a snackbar when the form could not be sent at all. */
    failure: Text,
    /** Upload forms: "{name} ({size})", the button that opens the picker (one file, several), "Remove", the progress label ("{percent}%"). */
    files: Type.Optional(
      Type.Object(
        {
          selected: TemplateText('application_form.json', '/files/selected'),
          choose: Text,
          choose_many: Text,
          remove: Text,
          progress: TemplateText('application_form.json', '/files/progress'),
        },
        strict,
      ),
    ),
    /** A sentence under the form, such as how the data is used. */
    privacy: Type.Optional(Type.Object({ text: Text, link_text: Text, link_url: Href }, strict)),
  },
  strict,
);
export type FormTexts = Static<typeof FormTextsSchema>;

/**
 * Places a form on a page: which one, under which headline. Its field texts come from {form}_form.json;
 * placeholders replace a field's placeholder on this page only (the OMR meeting request asks for a topic and a time).
 */
export const FormularSchema = Type.Object(
  {
    form: Type.Union(FORM_NAMES.map((name) => Type.Literal(name))),
    headline: Text,
    text: Type.Optional(Text),
    placeholders: Type.Optional(Type.Record(Type.String({ pattern: '^[a-z]+$' }), Text)),
  },
  strict,
);
export type FormularContent = Static<typeof FormularSchema>;

/** What a page that acts on a mailed link shows once done: a headline and a sentence. */
const Outcome = Type.Object({ headline: Text, text: Text }, strict);
export type OutcomeTexts = Static<typeof Outcome>;
/** Where such a page leads on from. */
const OnwardLink = Type.Object({ text: Text, link_url: Href }, strict);

/** The newsletter confirmation page's messages per outcome. */
export const ConfirmationSchema = Type.Object(
  {
    question: Text,
    confirming: Text,
    button: Text,
    confirmed: Outcome,
    already_confirmed: Outcome,
    expired: Outcome,
    invalid: Outcome,
    failed: Text,
    link: OnwardLink,
  },
  strict,
);
export type ConfirmationContent = Static<typeof ConfirmationSchema>;

/** The newsletter unsubscribe page: one question, one button, and the outcome. */
export const UnsubscribeSchema = Type.Object(
  {
    question: Text,
    button: Text,
    working: Text,
    unsubscribed: Outcome,
    not_subscribed: Outcome,
    invalid: Outcome,
    failed: Text,
    link: OnwardLink,
  },
  strict,
);
export type UnsubscribeContent = Static<typeof UnsubscribeSchema>;

/** The page an event registration's confirmation mail links to: one question and one button; the outcome shows on the event's page. */
export const EventConfirmationSchema = Type.Object(
  { question: Text, button: Text, working: Text, failed: Text },
  strict,
);
export type EventConfirmationContent = Static<typeof EventConfirmationSchema>;
