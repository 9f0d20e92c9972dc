/**
 * A file field: once the page is live, a button-like label at least 44 px high opens the
 * picker and each chosen file shows as a chip with its size and a remove button; the native
 * input stays in the page, visually hidden, so Tab reaches it and Enter or Space opens the
 * picker, and the label draws its focus ring. Without JavaScript the native input shows
 * itself (styled; pages.css hides it only under the hydration mark), since no chip could list a choice.
 */
import type { ChangeEvent, ReactNode } from 'react';
import type { FieldTexts, FormTexts } from '../content/schemas/formular.ts';
import { fill } from '../i18n/format.ts';
import type { Language } from '../i18n/language.ts';
import { Icon } from '../layout/icon.tsx';
import { ACCEPTED_EXTENSIONS, formatFileSize } from './checks.ts';
import type { FieldRule } from './form-definitions.ts';

export interface FileFieldProps {
  rule: FieldRule;
  id: string;
  label: FieldTexts;
  texts: FormTexts;
  language: Language;
  marker: ReactNode;
  hint: ReactNode;
  message: ReactNode;
  invalid: true | undefined;
  describedBy: string | undefined;
  chosen: readonly File[];
  sending: boolean;
  onChooseFiles(rule: FieldRule, event: ChangeEvent<HTMLInputElement>): void;
  onRemoveFile(name: string, index: number): void;
}

export function FileField({
  rule,
  id,
  label,
  texts,
  language,
  marker,
  hint,
  message,
  invalid,
  describedBy,
  chosen,
  sending,
  onChooseFiles,
  onRemoveFile,
}: FileFieldProps) {
  const files = texts.files;
  return (
    <div className="form__field form__field--wide">
      <label htmlFor={id} className="form__label">
        {label.label}
        {marker}
      </label>
      {hint}
      <div className={`form__upload${invalid ? ' form__upload--invalid' : ''}`}>
        <input
          id={id}
          className="form__file"
          name={rule.name}
          type="file"
          multiple={rule.kind === 'files'}
          accept={ACCEPTED_EXTENSIONS.join(',')}
          required={rule.required}
          onChange={(event) => onChooseFiles(rule, event)}
          disabled={sending}
          aria-invalid={invalid}
          aria-describedby={describedBy}
        />
        {files ? (
          // A second label of the input, hidden from the accessibility tree: the input is already named by the field's label.
          <label htmlFor={id} className="form__upload-button" aria-hidden="true">
            <Icon name={invalid ? 'error' : 'upload'} size={20} />
            {rule.kind === 'files' ? files.choose_many : files.choose}
          </label>
        ) : null}
      </div>
      {chosen.length > 0 ? (
        <ul className="form__files">
          {chosen.map((file, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: an entry holds no state of its own, and two chosen files may share a name, so the position is part of the key
            <li key={`${file.name}-${index}`} className="form__chip">
              <Icon name="file" size={20} className="form__chip-icon" />
              <span className="form__chip-name">
                {files
                  ? fill(files.selected, { name: file.name, size: formatFileSize(file.size, language) })
                  : file.name}
              </span>
              {files ? (
                <button
                  type="button"
                  className="form__chip-remove"
                  onClick={() => onRemoveFile(rule.name, index)}
                  disabled={sending}
                  aria-label={`${files.remove}: ${file.name}`}
                >
                  <Icon name="close" size={18} />
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {message}
    </div>
  );
}
