/**
 * One field of a form as its kind asks for it: a text input or text area, a list of options,
 * a consent box, or a file input with the chosen files. Each carries its label, whether it is
 * required, its hint and its message, tied together for screen readers.
 */
import type { ChangeEvent, ReactNode } from 'react';
import type { FieldTexts, FormTexts } from '../content/schemas/formular.ts';
import type { Language } from '../i18n/language.ts';
import { SmartLink } from '../layout/smart-link.tsx';
import { FileField } from './file-field.tsx';
import type { FieldRule } from './form-definitions.ts';

/** A consent label with its link on the words that name the policy. */
export function LinkedLabel({ texts }: { texts: FieldTexts }) {
  if (!texts.link_text || !texts.link_url) return <span>{texts.label}</span>;
  const link = <SmartLink to={texts.link_url}>{texts.link_text}</SmartLink>;
  const at = texts.label.indexOf(texts.link_text);
  if (at < 0) {
    return (
      <span>
        {texts.label} {link}
      </span>
    );
  }
  return (
    <span>
      {texts.label.slice(0, at)}
      {link}
      {texts.label.slice(at + texts.link_text.length)}
    </span>
  );
}

const echoedText = (value: unknown): string => (typeof value === 'string' ? value : '');
const echoedList = (value: unknown): readonly string[] =>
  Array.isArray(value) ? (value as string[]) : typeof value === 'string' ? [value] : [];

/** The ids of one form's elements, unique on the page. */
export interface FieldIds {
  field(name: string): string;
  error(name: string): string;
  hint(name: string): string;
}

export interface FormFieldProps {
  rule: FieldRule;
  texts: FormTexts;
  language: Language;
  ids: FieldIds;
  /** The message at this field, if any. */
  error: string | undefined;
  /** What a refused plain post had in this field. */
  echoed: unknown;
  /** Files chosen so far (file fields). */
  chosen: readonly File[];
  sending: boolean;
  onChooseFiles(rule: FieldRule, event: ChangeEvent<HTMLInputElement>): void;
  onRemoveFile(name: string, index: number): void;
}

export function FormField({
  rule,
  texts,
  language,
  ids,
  error,
  echoed,
  chosen,
  sending,
  onChooseFiles,
  onRemoveFile,
}: FormFieldProps): ReactNode {
  const label = texts.fields[rule.name];
  if (!label) return null;
  const invalid = error ? true : undefined;
  const describedBy =
    [label.hint ? ids.hint(rule.name) : null, error ? ids.error(rule.name) : null].filter(Boolean).join(' ') ||
    undefined;
  const marker = (
    <span className={rule.required ? 'form__required' : 'form__optional'}>
      {' ('}
      {rule.required ? texts.required : texts.optional})
    </span>
  );
  const hint = label.hint ? (
    <p id={ids.hint(rule.name)} className="form__hint">
      {label.hint}
    </p>
  ) : null;
  const message = error ? (
    <p id={ids.error(rule.name)} className="form__error">
      {error}
    </p>
  ) : null;

  switch (rule.kind) {
    case 'hidden':
      return null;
    case 'text':
    case 'email':
    case 'tel':
    case 'textarea': {
      const control = {
        id: ids.field(rule.name),
        name: rule.name,
        required: rule.required,
        maxLength: rule.maxLength,
        placeholder: label.placeholder,
        defaultValue: echoedText(echoed),
        disabled: sending,
        'aria-invalid': invalid,
        'aria-describedby': describedBy,
      };
      return (
        <div className={`form__field${rule.kind === 'textarea' ? ' form__field--wide' : ''}`}>
          <label htmlFor={ids.field(rule.name)} className="form__label">
            {label.label}
            {marker}
          </label>
          {rule.kind === 'textarea' ? (
            <textarea {...control} className="form__input form__textarea" rows={6} />
          ) : (
            <input {...control} className="form__input" type={rule.kind} autoComplete={rule.autoComplete} />
          )}
          {hint}
          {message}
        </div>
      );
    }
    case 'checkboxes':
    case 'radios':
      return (
        <fieldset id={ids.field(rule.name)} className="form__choices form__field--wide" aria-describedby={describedBy}>
          <legend className="form__label">
            {label.label}
            {marker}
          </legend>
          <div className="form__options">
            {(label.options ?? []).map((option) => (
              <label key={option.value} className="form__option">
                <input
                  type={rule.kind === 'radios' ? 'radio' : 'checkbox'}
                  name={rule.name}
                  value={option.value}
                  defaultChecked={echoedList(echoed).includes(option.value)}
                  disabled={sending}
                />
                <span>{option.label}</span>
              </label>
            ))}
          </div>
          {hint}
          {message}
        </fieldset>
      );
    case 'consent':
      return (
        <div className="form__field form__field--wide">
          <label className="form__option form__legals">
            <input
              id={ids.field(rule.name)}
              type="checkbox"
              name={rule.name}
              required={rule.required}
              defaultChecked={echoed === true || echoed === 'on'}
              disabled={sending}
              aria-invalid={invalid}
              aria-describedby={describedBy}
            />
            <LinkedLabel texts={label} />
          </label>
          {message}
        </div>
      );
    case 'file':
    case 'files':
      return (
        <FileField
          rule={rule}
          id={ids.field(rule.name)}
          label={label}
          texts={texts}
          language={language}
          marker={marker}
          hint={hint}
          message={message}
          invalid={invalid}
          describedBy={describedBy}
          chosen={chosen}
          sending={sending}
          onChooseFiles={onChooseFiles}
          onRemoveFile={onRemoveFile}
        />
      );
  }
}
