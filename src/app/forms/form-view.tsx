/**
 * Every form of the site, from its definition and its texts. Without JavaScript it is a
 * plain HTML form: the server answers with the thank-you text, or with this page again,
 * the message at the field and the typed values kept. Once hydrated it checks the fields
 * as the server would, sends them itself (uploads with progress), shows a refusal at its
 * field and the thank-you text in place; a send that fails keeps every value and says so.
 */
import { useId, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useEnvironment } from '../environment.tsx';
import type { FieldTexts } from '../content/schemas/formular.ts';
import { fill } from '../i18n/format.ts';
import type { Language } from '../i18n/language.ts';
import { Icon } from '../layout/icon.tsx';
import { SmartLink } from '../layout/smart-link.tsx';
import { showSnackbar, useStores } from '../state/stores.tsx';
import { ACCEPTED_EXTENSIONS, checkForm, formatFileSize, type ChosenFile, type FormValues } from './checks.ts';
import { FORMS, HONEYPOT, PAGE_FIELD, SENT_PARAM, type FieldRule, type FormDefinition } from './form-definitions.ts';
import type { PageForm } from './page-data.ts';
import { sendJson, sendMultipart } from './send-form.ts';

type Status = 'idle' | 'sending' | 'sent';

/** A consent label with its link on the words that name the policy. */
function LinkedLabel({ texts }: { texts: FieldTexts }) {
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

/** The values of the form element as the checks and the JSON body want them. */
function valuesOf(element: HTMLFormElement, fields: readonly FieldRule[], files: Readonly<Record<string, File[]>>): FormValues {
  const data = new FormData(element);
  const values: Record<string, FormValues[string]> = {};
  for (const rule of fields) {
    if (rule.kind === 'checkboxes') values[rule.name] = data.getAll(rule.name).map(String);
    else if (rule.kind === 'consent') values[rule.name] = data.get(rule.name) === 'on';
    else if (rule.kind === 'file' || rule.kind === 'files') values[rule.name] = files[rule.name] ?? [];
    else values[rule.name] = String(data.get(rule.name) ?? '');
  }
  return values;
}

const echoed = (value: unknown): string => (typeof value === 'string' ? value : '');
const echoedList = (value: unknown): readonly string[] => (Array.isArray(value) ? (value as string[]) : typeof value === 'string' ? [value] : []);

export interface FormViewProps {
  form: PageForm;
  language: Language;
  /** Values the page fixes, such as the event edition or the job. */
  hidden?: Readonly<Record<string, string>>;
}

export function FormView({ form, language, hidden = {} }: FormViewProps) {
  const id = useId();
  const definition: FormDefinition = FORMS[form.name];
  const { texts, messages } = form;
  const { uploads } = useEnvironment();
  const { snackbar } = useStores();
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const [status, setStatus] = useState<Status>(() => (searchParams.get(SENT_PARAM) === form.name ? 'sent' : 'idle'));
  const [errors, setErrors] = useState<Readonly<Record<string, string>>>(() => (form.echo ? { [form.echo.field]: form.echo.message } : {}));
  const [files, setFiles] = useState<Readonly<Record<string, File[]>>>({});
  const [progress, setProgress] = useState<number | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const thankYouRef = useRef<HTMLDivElement>(null);
  const echo = form.echo?.values ?? {};
  const visible = new Set(definition.fields.filter((rule) => rule.kind !== 'hidden').map((rule) => rule.name));
  const generalError = Object.entries(errors).find(([field]) => !visible.has(field))?.[1];

  const fieldId = (name: string) => `${id}-${name}`;
  const errorId = (name: string) => `${id}-${name}-error`;
  const hintId = (name: string) => `${id}-${name}-hint`;
  const describedBy = (name: string) => [texts.fields[name]?.hint ? hintId(name) : null, errors[name] ? errorId(name) : null].filter(Boolean).join(' ') || undefined;
  const marker = (rule: FieldRule) => <span className={rule.required ? 'form__required' : 'form__optional'}> ({rule.required ? texts.required : texts.optional})</span>;
  const hint = (name: string) => (texts.fields[name]?.hint ? <p id={hintId(name)} className="form__hint">{texts.fields[name]?.hint}</p> : null);
  const error = (name: string) =>
    errors[name] ? (
      <p id={errorId(name)} className="form__error">
        {errors[name]}
      </p>
    ) : null;

  function focusField(name: string) {
    const element = formRef.current?.querySelector<HTMLElement>(`[name="${name}"]`);
    element?.focus();
  }

  function chooseFiles(rule: FieldRule, event: ChangeEvent<HTMLInputElement>) {
    const chosen = [...(event.currentTarget.files ?? [])];
    // The list is kept here so a file can be removed again; the input starts empty for the next choice.
    event.currentTarget.value = '';
    setFiles((current) => ({ ...current, [rule.name]: rule.kind === 'file' ? chosen.slice(0, 1) : [...(current[rule.name] ?? []), ...chosen] }));
    const problems = checkForm({ ...definition, fields: [{ ...rule, required: false }] }, { [rule.name]: chosen }, messages, uploads);
    setErrors((current) => {
      const { [rule.name]: _old, ...rest } = current;
      return problems[0] ? { ...rest, [rule.name]: problems[0].message } : rest;
    });
  }

  function removeFile(name: string, index: number) {
    setFiles((current) => ({ ...current, [name]: (current[name] ?? []).filter((_, at) => at !== index) }));
    setErrors(({ [name]: _old, ...rest }) => rest);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const element = event.currentTarget;
    const values = valuesOf(element, definition.fields, files);
    const problems = checkForm(definition, values, messages, uploads);
    if (problems.length > 0) {
      setErrors(Object.fromEntries(problems.map((problem) => [problem.field, problem.message])));
      focusField(problems[0]!.field);
      return;
    }
    const trap = String(new FormData(element).get(HONEYPOT) ?? '');
    setErrors({});
    setStatus('sending');
    let result;
    if (definition.multipart) {
      const body = new FormData();
      body.set('language', language);
      for (const rule of definition.fields) {
        const value = rule.kind === 'hidden' ? (hidden[rule.name] ?? '') : values[rule.name];
        if (rule.kind === 'file' || rule.kind === 'files') for (const file of files[rule.name] ?? []) body.append(rule.name, file, file.name);
        else if (Array.isArray(value)) for (const item of value as string[]) body.append(rule.name, item);
        // Empty fields are left out of the request.
        else if (typeof value === 'string' && value.trim() !== '') body.set(rule.name, value);
      }
      if (trap) body.set(HONEYPOT, trap);
      setProgress(0);
      result = await sendMultipart(definition.action, body, setProgress);
      setProgress(null);
    } else {
      const payload: Record<string, unknown> = { language };
      for (const rule of definition.fields) {
        const value = rule.kind === 'hidden' ? hidden[rule.name] : values[rule.name];
        if (value !== undefined && !(rule.kind !== 'consent' && !rule.required && value === '')) payload[rule.name] = value;
      }
      if (trap) payload[HONEYPOT] = trap;
      result = await sendJson(definition.action, payload);
    }
    if (result.ok) {
      setStatus('sent');
      // The thank-you text replaces the form; moving focus there tells screen readers.
      queueMicrotask(() => thankYouRef.current?.focus());
      return;
    }
    setStatus('idle');
    if (result.refused && result.field && result.message) {
      setErrors({ [result.field]: result.message });
      if (visible.has(result.field)) focusField(result.field);
      else showSnackbar(snackbar, { content: result.message, color: 'danger', prependIcon: 'error' });
      return;
    }
    showSnackbar(snackbar, { content: (result.refused && result.message) || texts.failure, color: 'danger', prependIcon: 'error' });
  }

  const headingId = `${id}-headline`;
  if (status === 'sent') {
    return (
      <section className="form-block section">
        <div className="section__inner form-block__inner">
          <div ref={thankYouRef} className="form__success" role="status" tabIndex={-1}>
            <Icon name="check" size={40} className="form__success-icon" />
            <h2 className="section__headline">{form.thankYou.headline}</h2>
            <p>{form.thankYou.text}</p>
          </div>
        </div>
      </section>
    );
  }

  const sending = status === 'sending';
  const field = (rule: FieldRule): ReactNode => {
    const label = texts.fields[rule.name];
    if (!label) return null;
    const invalid = errors[rule.name] ? true : undefined;
    switch (rule.kind) {
      case 'hidden':
        return null;
      case 'text':
      case 'email':
      case 'tel':
      case 'textarea': {
        const control = {
          id: fieldId(rule.name),
          name: rule.name,
          required: rule.required,
          maxLength: rule.maxLength,
          placeholder: label.placeholder,
          defaultValue: echoed(echo[rule.name]),
          disabled: sending,
          'aria-invalid': invalid,
          'aria-describedby': describedBy(rule.name),
        };
        return (
          <div key={rule.name} className={`form__field${rule.kind === 'textarea' ? ' form__field--wide' : ''}`}>
            <label htmlFor={fieldId(rule.name)} className="form__label">
              {label.label}
              {marker(rule)}
            </label>
            {rule.kind === 'textarea' ? (
              <textarea {...control} className="form__input form__textarea" rows={6} />
            ) : (
              <input {...control} className="form__input" type={rule.kind} autoComplete={rule.autoComplete} />
            )}
            {hint(rule.name)}
            {error(rule.name)}
          </div>
        );
      }
      case 'checkboxes':
      case 'radios':
        return (
          <fieldset key={rule.name} className="form__choices form__field--wide" aria-describedby={describedBy(rule.name)}>
            <legend className="form__label">
              {label.label}
              {marker(rule)}
            </legend>
            <div className="form__options">
              {(label.options ?? []).map((option) => (
                <label key={option.value} className="form__option">
                  <input
                    type={rule.kind === 'radios' ? 'radio' : 'checkbox'}
                    name={rule.name}
                    value={option.value}
                    defaultChecked={echoedList(echo[rule.name]).includes(option.value)}
                    disabled={sending}
                  />
                  <span>{option.label}</span>
                </label>
              ))}
            </div>
            {hint(rule.name)}
            {error(rule.name)}
          </fieldset>
        );
      case 'consent':
        return (
          <div key={rule.name} className="form__field form__field--wide">
            <label className="form__option form__legals">
              <input
                type="checkbox"
                name={rule.name}
                required={rule.required}
                defaultChecked={echo[rule.name] === true || echo[rule.name] === 'on'}
                disabled={sending}
                aria-invalid={invalid}
                aria-describedby={describedBy(rule.name)}
              />
              <LinkedLabel texts={label} />
            </label>
            {error(rule.name)}
          </div>
        );
      case 'file':
      case 'files': {
        const chosen = files[rule.name] ?? [];
        return (
          <div key={rule.name} className="form__field form__field--wide">
            <label htmlFor={fieldId(rule.name)} className="form__label">
              {label.label}
              {marker(rule)}
            </label>
            <input
              id={fieldId(rule.name)}
              className="form__file"
              name={rule.name}
              type="file"
              multiple={rule.kind === 'files'}
              accept={ACCEPTED_EXTENSIONS.join(',')}
              required={rule.required}
              onChange={(event) => chooseFiles(rule, event)}
              disabled={sending}
              aria-invalid={invalid}
              aria-describedby={describedBy(rule.name)}
            />
            {hint(rule.name)}
            {chosen.length > 0 ? (
              <ul className="form__files">
                {chosen.map((file, index) => (
                  <li key={`${file.name}-${index}`} className="form__file-entry">
                    <span>{texts.files ? fill(texts.files.selected, { name: file.name, size: formatFileSize(file.size, language) }) : file.name}</span>
                    {texts.files ? (
                      <button type="button" className="text-button" onClick={() => removeFile(rule.name, index)} disabled={sending} aria-label={`${texts.files.remove}: ${file.name}`}>
                        {texts.files.remove}
                      </button>
                    ) : null}
                  </li>
                ))}
              </ul>
            ) : null}
            {error(rule.name)}
          </div>
        );
      }
    }
  };

  return (
    <section className="form-block section" aria-labelledby={form.headline ? headingId : undefined}>
      <div className="section__inner form-block__inner">
        {form.headline ? (
          <h2 id={headingId} className="section__headline">
            {form.headline}
          </h2>
        ) : null}
        {form.text ? <p className="section__lead">{form.text}</p> : null}
    <form
      ref={formRef}
      className="form"
      method="post"
      action={definition.action}
      encType={definition.multipart ? 'multipart/form-data' : undefined}
      onSubmit={onSubmit}
      // The server checks every post and answers with this page and its messages; the browser's own bubbles would say less.
      noValidate
    >
      <input type="hidden" name="language" value={language} />
      <input type="hidden" name={PAGE_FIELD} value={pathname} />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="form__trap" aria-hidden="true">
        <label>
          {HONEYPOT}
          <input type="text" name={HONEYPOT} tabIndex={-1} autoComplete="off" />
        </label>
      </div>
      {/* Not a fieldset: the whole form is no group of its own, and an unnamed group is noise to a screen reader. */}
      <div className={`form__body${sending ? ' form__body--sending' : ''}`}>
        <div className="form__grid">{definition.fields.map(field)}</div>
        {generalError ? (
          <p className="form__failure" role="alert">
            {generalError}
          </p>
        ) : null}
        {texts.privacy ? (
          <p className="form__privacy">
            <LinkedLabel texts={{ label: texts.privacy.text, link_text: texts.privacy.link_text, link_url: texts.privacy.link_url }} />
          </p>
        ) : null}
        {progress !== null && texts.files ? (
          <div className="form__progress">
            <progress max={100} value={progress} aria-label={fill(texts.files.progress, { percent: progress })} />
            <span aria-hidden="true">{fill(texts.files.progress, { percent: progress })}</span>
          </div>
        ) : null}
        <button type="submit" className="button button--primary form__submit" disabled={sending}>
          {sending ? texts.sending : texts.submit}
        </button>
      </div>
    </form>
      </div>
    </section>
  );
}
