/** The texts of the layout and the error pages (ui.json): navigation labels, footer, error messages, dates and numbers. */
import Type, { type Static } from 'typebox';
import { LANGUAGES } from '../../i18n/language.ts';
import { strict, TemplateText, Text } from './common.ts';

export const UiSchema = Type.Object(
  {
    skip_to_content: Text,
    nav_label: Text,
    menu_open: Text,
    menu_close: Text,
    home_label: Text,
    language_label: Text,
    /** Each language's name in this language's menu. */
    language_names: Type.Object(
      Object.fromEntries(LANGUAGES.map((language) => [language, Text])) as Record<
        (typeof LANGUAGES)[number],
        typeof Text
      >,
      strict,
    ),
    error_headline: TemplateText('ui.json', '/error_headline'),
    error_not_found: Text,
    error_unknown: Text,
    error_back_home: Text,
    error_unknown_middleware: Text,
    snackbar_close: Text,
    cookies: Text,
    copyright: TemplateText('ui.json', '/copyright'),
    footer_label: Text,
    /** The accessible name of the site's seal beside a certification's name. */
    certified: Text,
    loading: Text,
    submenu_toggle: TemplateText('ui.json', '/submenu_toggle'),
    scroll_down: Text,
    /** How a date is written, with {day}, {month} (its name) and {year}. */
    date_format: TemplateText('ui.json', '/date_format'),
    /** The names of the months, January first. */
    months: Type.Array(Text, { minItems: 12, maxItems: 12 }),
    /** Between each three digits of a large number: 60,000 or 60.000 (a space would be one too). */
    thousands_separator: Type.String({ minLength: 1, maxLength: 1 }),
    /** The navigation's button that opens the Galaxy login. */
    login_label: Text,
    /** The snackbar when the connection drops, and when it is back. */
    offline_notice: Text,
    online_notice: Text,
  },
  strict,
);
export type UiTexts = Static<typeof UiSchema>;
