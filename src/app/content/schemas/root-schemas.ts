/** The schema of each content file outside the page folders: content:check validates them with it. */
import type { TSchema } from 'typebox';
import { CareerLabelsSchema, CareersAnswerSchema } from './career.ts';
import { ConsentTextsSchema } from './consent.ts';
import { EventLabelsSchema } from './events.ts';
import { FooterSchema } from './footer.ts';
import { FormTextsSchema } from './formular.ts';
import { GlossarySchema } from './glossary.ts';
import { InsightEndingsSchema } from './insight-endings.ts';
import { InsightsLabelsSchema } from './insights-labels.ts';
import { LanguageMappingSchema } from './language-mapping.ts';
import { PeriodsSchema } from './legal.ts';
import { LoginTextsSchema } from './login.ts';
import { NavigationSchema } from './navigation.ts';
import { NotFoundSchema } from './not-found.ts';
import { PeopleSchema } from './people.ts';
import { UiSchema } from './ui.ts';

/** By their path below content/{language}/. */
export const ROOT_SCHEMAS: Readonly<Record<string, TSchema>> = {
  'navigation.json': NavigationSchema,
  'footer.json': FooterSchema,
  'ui.json': UiSchema,
  'not_found.json': NotFoundSchema,
  'career_labels.json': CareerLabelsSchema,
  'event_labels.json': EventLabelsSchema,
  'insights_labels.json': InsightsLabelsSchema,
  'careers/positions.json': CareersAnswerSchema,
  'contact_form.json': FormTextsSchema,
  'event_form.json': FormTextsSchema,
  'application_form.json': FormTextsSchema,
  'newsletter_form.json': FormTextsSchema,
  'login.json': LoginTextsSchema,
  'consent.json': ConsentTextsSchema,
  'periods.json': PeriodsSchema,
  'insight_endings.json': InsightEndingsSchema,
};

/** The files at the top of the content folder, shared by both languages, by their name. */
export const SHARED_SCHEMAS: Readonly<Record<string, TSchema>> = {
  'glossary.json': GlossarySchema,
  'language_mapping.json': LanguageMappingSchema,
  'people.json': PeopleSchema,
};
