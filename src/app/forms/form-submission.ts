/**
 * The submit state of a hydrated form: idle, sending or sent; the message at each field; the
 * chosen files; the upload's progress. A send checks the fields first as the server would,
 * then posts, and shows a refusal at its field (or in the snackbar, for a field the person
 * cannot see); a send that fails keeps every value and says so.
 */
import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useEnvironment } from '../environment.tsx';
import type { Language } from '../i18n/language.ts';
import { showSnackbar, useStores } from '../state/stores.tsx';
import { checkForm } from './checks.ts';
import { type FieldRule, type FormDefinition, HONEYPOT, SENT_PARAM, visibleFields } from './form-definitions.ts';
import { formValues, jsonPayload, multipartPayload } from './form-payload.ts';
import type { PageForm } from './page-data.ts';
import { sendJson, sendMultipart } from './send-form.ts';

type Status = 'idle' | 'sending' | 'sent';

export function useFormSubmission(
  form: PageForm,
  definition: FormDefinition,
  language: Language,
  hidden: Readonly<Record<string, string>>,
) {
  const { texts, messages } = form;
  const { uploads } = useEnvironment();
  const { snackbar } = useStores();
  const [searchParams] = useSearchParams();
  const [status, setStatus] = useState<Status>(() => (searchParams.get(SENT_PARAM) === form.name ? 'sent' : 'idle'));
  const [errors, setErrors] = useState<Readonly<Record<string, string>>>(() =>
    form.echo ? { [form.echo.field]: form.echo.message } : {},
  );
  const [files, setFiles] = useState<Readonly<Record<string, File[]>>>({});
  const [progress, setProgress] = useState<number | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const thankYouRef = useRef<HTMLDivElement>(null);
  const visible = new Set(visibleFields(definition).map((rule) => rule.name));
  /** A message for a field the person cannot see (the event, the job, the whole request). */
  const generalError = Object.entries(errors).find(([field]) => !visible.has(field))?.[1];

  function focusField(name: string) {
    const element = formRef.current?.querySelector<HTMLElement>(`[name="${name}"]`);
    element?.focus();
  }

  function chooseFiles(rule: FieldRule, event: ChangeEvent<HTMLInputElement>) {
    const chosen = [...(event.currentTarget.files ?? [])];
    // The list is kept here so a file can be removed again; the input starts empty for the next choice.
    event.currentTarget.value = '';
    setFiles((current) => ({
      ...current,
      [rule.name]: rule.kind === 'file' ? chosen.slice(0, 1) : [...(current[rule.name] ?? []), ...chosen],
    }));
    const problems = checkForm(
      { ...definition, fields: [{ ...rule, required: false }] },
      { [rule.name]: chosen },
      messages,
      uploads,
    );
    setErrors((current) => {
      const { [rule.name]: _old, ...rest } = current;
      return problems[0] ? { ...rest, [rule.name]: problems[0].message } : rest;
    });
  }

  function removeFile(name: string, index: number) {
    setFiles((current) => ({ ...current, [name]: (current[name] ?? []).filter((_, at) => at !== index) }));
    setErrors(({ [name]: _old, ...rest }) => rest);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const element = event.currentTarget;
    const values = formValues(new FormData(element), definition.fields, files);
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
      setProgress(0);
      result = await sendMultipart(
        definition.action,
        multipartPayload({ definition, values, hidden, files, language, trap }),
        setProgress,
      );
      setProgress(null);
    } else {
      result = await sendJson(definition.action, jsonPayload({ definition, values, hidden, language, trap }));
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
    showSnackbar(snackbar, {
      content: (result.refused && result.message) || texts.failure,
      color: 'danger',
      prependIcon: 'error',
    });
  }

  return { status, errors, generalError, files, progress, formRef, thankYouRef, chooseFiles, removeFile, submit };
}
