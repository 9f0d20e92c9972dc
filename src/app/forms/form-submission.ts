/**
 * The submit state of a hydrated form: idle, sending or sent; the message at each field; the
 * chosen files; the upload's progress. A send checks the fields first as the server would,
 * then posts, and shows a refusal at its field (or in the snackbar, for a field the person
 * cannot see); a send that fails keeps every value and says so. Where the person goes next is
 * decided here too: the first wrong field, the error summary when more than two are wrong,
 * or the thank-you panel, scrolled below the fixed navbar.
 */
import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useEnvironment } from '../environment.tsx';
import type { Language } from '../i18n/language.ts';
import { showSnackbar, useStores } from '../state/stores.tsx';
import { checkForm, type FieldMessages } from './checks.ts';
import { echoErrors } from './echo-errors.ts';
import { type FieldRule, type FormDefinition, HONEYPOT, SENT_PARAM, visibleFields } from './form-definitions.ts';
import { formValues, jsonPayload, multipartPayload } from './form-payload.ts';
import { focusField } from './move-focus.ts';
import type { PageForm } from './page-data.ts';
import { sendJson, sendMultipart } from './send-form.ts';

type Status = 'idle' | 'sending' | 'sent';

/** More wrong fields than this get a summary above the form that links to each. */
export const SUMMARY_AFTER = 2;

/** Where focus goes once the page shows the outcome of a press: a field by name, the summary, the thank-you panel. */
type FocusTarget = { field: string } | 'summary' | 'thanks';

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
  const fieldMessages: FieldMessages = Object.fromEntries(
    Object.entries(texts.fields).map(([name, field]) => [name, field.errors]),
  );
  /** A refusal from the server in the field's own words where it has them (the server's are form-wide). */
  const refusalMessage = (field: string, code: string | null | undefined, message: string) =>
    (code ? fieldMessages[field]?.[code] : undefined) ?? message;
  const [status, setStatus] = useState<Status>(() => (searchParams.get(SENT_PARAM) === form.name ? 'sent' : 'idle'));
  const [errors, setErrors] = useState<Readonly<Record<string, string>>>(() =>
    form.echo ? echoErrors(form.echo, definition, messages, uploads, fieldMessages) : {},
  );
  const [files, setFiles] = useState<Readonly<Record<string, File[]>>>({});
  const [progress, setProgress] = useState<number | null>(null);
  // Each press makes a new object, so focus moves again when the same target is asked for twice.
  const [focusTarget, setFocusTarget] = useState<FocusTarget | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const thankYouRef = useRef<HTMLDivElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const visible = new Set(visibleFields(definition).map((rule) => rule.name));
  /** A message for a field the person cannot see (the event, the job, the whole request). */
  const generalError = Object.entries(errors).find(([field]) => !visible.has(field))?.[1];

  // Focus moves once the page shows what it points at: the panel or the summary exist only after this render.
  useEffect(() => {
    if (!focusTarget) return;
    if (focusTarget === 'thanks') {
      const panel = thankYouRef.current;
      // The panel replaces a longer form, so its top may be above the viewport or under the fixed navbar;
      // the root's scroll-padding keeps it below the bar.
      panel?.scrollIntoView({ block: 'start' });
      panel?.focus({ preventScroll: true });
    } else if (focusTarget === 'summary') {
      summaryRef.current?.scrollIntoView({ block: 'start' });
      summaryRef.current?.focus({ preventScroll: true });
    } else {
      focusField(formRef.current, focusTarget.field);
    }
  }, [focusTarget]);

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
      fieldMessages,
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
    const problems = checkForm(definition, values, messages, uploads, fieldMessages);
    if (problems.length > 0) {
      setErrors(Object.fromEntries(problems.map((problem) => [problem.field, problem.message])));
      setFocusTarget(problems.length > SUMMARY_AFTER ? 'summary' : { field: problems[0]!.field });
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
      setFocusTarget('thanks');
      return;
    }
    setStatus('idle');
    if (result.refused && result.field && result.message) {
      const message = refusalMessage(result.field, result.code, result.message);
      setErrors({ [result.field]: message });
      if (visible.has(result.field)) setFocusTarget({ field: result.field });
      else showSnackbar(snackbar, { content: message, color: 'danger', prependIcon: 'error' });
      return;
    }
    showSnackbar(snackbar, {
      content: (result.refused && result.message) || texts.failure,
      color: 'danger',
      prependIcon: 'error',
    });
  }

  return {
    status,
    errors,
    generalError,
    files,
    progress,
    formRef,
    thankYouRef,
    summaryRef,
    chooseFiles,
    removeFile,
    submit,
  };
}
