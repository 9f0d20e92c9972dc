/**
 * The texts of the consent settings, content/{language}/consent.json: the list of the site's
 * cookies (shown by the footer's Cookies button when no consent tool runs) and the site's own
 * consent banner with its per-purpose settings.
 */
import Type, { type Static } from 'typebox';
import { strict, Text } from './common.ts';
import { LegalText, When } from './legal.ts';

const StoredItemSchema = Type.Object({ name: Text, purpose: Text, duration: Text, when: When }, strict);
const PurposeTextsSchema = Type.Object({ title: Text, text: Text }, strict);

export const ConsentTextsSchema = Type.Object(
  {
    title: Text,
    intro: Text,
    necessary_title: Text,
    necessary_text: Text,
    cookies: Type.Array(StoredItemSchema, { minItems: 1 }),
    name_label: Text,
    purpose_label: Text,
    duration_label: Text,
    close: Text,
    /** The banner's first layer. */
    banner_title: Text,
    /** Sentences of the first layer, those about a purpose only where it is asked (see configured-services.ts). */
    banner_text: Type.Array(LegalText, { minItems: 1 }),
    accept_all: Text,
    reject_all: Text,
    show_settings: Text,
    /** The second layer: one switch per purpose. */
    settings_title: Text,
    settings_intro: Text,
    always_on: Text,
    /** Opens the table of what necessary storage keeps. */
    stored_items: Text,
    save: Text,
    purposes: Type.Object(
      { statistics: PurposeTextsSchema, marketing: PurposeTextsSchema, maps: PurposeTextsSchema },
      strict,
    ),
    /** Where the banner keeps the visitor's choice (local storage, not a cookie), listed with the cookies. */
    choice_storage: StoredItemSchema,
  },
  strict,
);
export type ConsentTexts = Static<typeof ConsentTextsSchema>;
