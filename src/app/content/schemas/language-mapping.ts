/**
 * Which path of one language is which of the other (content/language_mapping.json, shared by
 * both languages): per language, its route patterns numbered by idx; entries with the same idx
 * are one page (i18n/translate-path.ts).
 */
import Type, { type Static } from 'typebox';
import { LANGUAGES, type Language } from '../../i18n/language.ts';
import { strict } from './common.ts';

const LanguagePathEntrySchema = Type.Object(
  {
    language: Type.Enum(LANGUAGES),
    idx: Type.Integer({ minimum: 0 }),
    /** A route pattern of the site, such as /services/:slug. */
    path: Type.String({ pattern: '^/' }),
    isActive: Type.Boolean(),
  },
  strict,
);
export type LanguagePathEntry = Static<typeof LanguagePathEntrySchema>;

export const LanguageMappingSchema = Type.Object(
  Object.fromEntries(LANGUAGES.map((language) => [language, Type.Array(LanguagePathEntrySchema)])) as Record<
    Language,
    Type.TArray<typeof LanguagePathEntrySchema>
  >,
  strict,
);
export type LanguageMapping = Static<typeof LanguageMappingSchema>;
