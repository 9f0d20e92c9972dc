/** What a page with a form loads besides its blocks: the form's texts, the refusal messages and the thank-you text. */
import type { FormTexts, NextStepTexts } from '../content/schemas/formular.ts';
import type { ContentSource, PageContent } from '../content/types.ts';
import type { Language } from '../i18n/language.ts';
import { FORMS, type FormName } from './form-definitions.ts';

/** What a refused plain form post sends back into its page: the typed values and the message at the field. */
export interface FormEcho {
  values: Readonly<Record<string, string | readonly string[] | boolean>>;
  field: string;
  message: string;
  /** The refusal's code, so the field's own words can replace the general message. */
  code?: string;
}

/** What replaces the form once it was received: the promise restated, and where to go on from there. */
export interface ThankYou {
  headline: string;
  text: string;
  next?: NextStepTexts;
}

export interface PageForm {
  name: FormName;
  headline?: string;
  text?: string;
  texts: FormTexts;
  /** The server's refusal messages by code, which the browser's checks show too. */
  messages: Readonly<Record<string, string>>;
  thankYou: ThankYou;
  echo?: FormEcho;
}

/** The form's texts with this page's placeholders; a placeholder for a field the form does not have is left out. */
function withPlaceholders(texts: FormTexts, placeholders: Readonly<Record<string, string>>): FormTexts {
  const fields = Object.fromEntries(
    Object.entries(texts.fields).map(([name, field]) => [
      name,
      Object.hasOwn(placeholders, name) ? { ...field, placeholder: placeholders[name] } : field,
    ]),
  );
  return { ...texts, fields };
}

/** The form a page shows: a formular block naming it, or the technology form's own texts. */
export async function loadPageForm(
  content: PageContent,
  language: Language,
  source: ContentSource,
  echo: FormEcho | undefined,
): Promise<PageForm | undefined> {
  const formular = content.formular;
  const inline = content.form;
  const name: FormName | undefined = formular?.form ?? (inline ? 'contact-technology' : undefined);
  if (!name) return undefined;
  const definition = FORMS[name];
  const [texts, messages, thankYou] = await Promise.all([
    definition.textsFile ? source.file<FormTexts>(language, definition.textsFile) : Promise.resolve(inline ?? null),
    source.file<Record<string, string>>(language, 'form_messages.json'),
    source.file<ThankYou>(language, `${definition.thankYou}.json`),
  ]);
  if (!texts || !messages || !thankYou) return undefined;
  return {
    name,
    headline: formular?.headline ?? texts.headline,
    text: formular?.text ?? texts.text,
    texts: formular?.placeholders ? withPlaceholders(texts, formular.placeholders) : texts,
    messages,
    thankYou: texts.success ?? {
      headline: thankYou.headline,
      text: thankYou.text,
      ...(thankYou.next ? { next: thankYou.next } : {}),
    },
    ...(echo ? { echo } : {}),
  };
}
