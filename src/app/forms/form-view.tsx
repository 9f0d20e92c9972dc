/**
 * Every form of the site, from its definition and its texts. Without JavaScript it is a
 * plain HTML form: the server answers with the thank-you text, or with this page again,
 * the message at the field and the typed values kept. Once hydrated it checks the fields
 * as the server would, sends them itself (uploads with progress), shows a refusal at its
 * field and the thank-you text in place; a send that fails keeps every value and says so.
 * The fields are drawn by form-field.tsx, the sending is form-submission.ts.
 */
import { type ReactNode, useId } from 'react';
import { useLocation } from 'react-router';
import { fill } from '../i18n/format.ts';
import type { Language } from '../i18n/language.ts';
import { Icon } from '../layout/icon.tsx';
import { ErrorSummary, type SummaryItem } from './error-summary.tsx';
import { FORMS, type FormDefinition, HONEYPOT, PAGE_FIELD } from './form-definitions.ts';
import { type FieldIds, FormField, LinkedLabel } from './form-field.tsx';
import { SUMMARY_AFTER, useFormSubmission } from './form-submission.ts';
import { focusField } from './move-focus.ts';
import type { PageForm } from './page-data.ts';

export interface FormViewProps {
  form: PageForm;
  language: Language;
  /** Values the page fixes, such as the event edition or the job. */
  hidden?: Readonly<Record<string, string>>;
  /** What stands beside the form from the first screen on (the contact page's desk); it stays once the form was sent. */
  aside?: ReactNode;
  /** The section's id, where a link on the page leads to the form (an event's "Register now"). */
  sectionId?: string | undefined;
}

/** The form's section: on its own, or beside what the page places next to it. */
function FormSection({
  aside,
  id,
  labelledBy,
  children,
}: {
  aside: ReactNode;
  id: string | undefined;
  labelledBy?: string;
  children: ReactNode;
}) {
  return (
    <section id={id} className="form-block section" aria-labelledby={labelledBy}>
      {aside ? (
        <div className="section__inner form-block__inner form-block__inner--with-aside">
          <div className="form-block__main">{children}</div>
          <aside className="form-block__aside">{aside}</aside>
        </div>
      ) : (
        <div className="section__inner form-block__inner">{children}</div>
      )}
    </section>
  );
}

const NO_FILES: readonly File[] = [];

export function FormView({ form, language, hidden = {}, aside, sectionId }: FormViewProps) {
  const id = useId();
  const definition: FormDefinition = FORMS[form.name];
  const { texts } = form;
  const { pathname } = useLocation();
  const {
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
  } = useFormSubmission(form, definition, language, hidden);
  const echo = form.echo?.values ?? {};
  const ids: FieldIds = {
    field: (name) => `${id}-${name}`,
    error: (name) => `${id}-${name}-error`,
    hint: (name) => `${id}-${name}-hint`,
  };

  const headingId = `${id}-headline`;
  if (status === 'sent') {
    const { next } = form.thankYou;
    return (
      <FormSection aside={aside} id={sectionId}>
        <div ref={thankYouRef} className="form__success" role="status" tabIndex={-1} aria-labelledby={`${id}-thanks`}>
          <Icon name="check" size={40} className="form__success-icon" />
          <h2 id={`${id}-thanks`} className="section__headline">
            {form.thankYou.headline}
          </h2>
          <p>{form.thankYou.text}</p>
          {next ? (
            <p className="form__next">
              <LinkedLabel texts={{ label: next.text, link_text: next.link_text, link_url: next.link_url }} />
            </p>
          ) : null}
        </div>
      </FormSection>
    );
  }

  // The summary lists the wrong fields the person can see, in the order of the form.
  const summary: SummaryItem[] = definition.fields.flatMap((rule) => {
    const message = errors[rule.name];
    const label = texts.fields[rule.name];
    if (!message || !label || rule.kind === 'hidden') return [];
    // A field's own message names it already; a general one ("at most 120 characters") gets the label before it.
    const own = Object.values(label.errors ?? {}).includes(message) || rule.kind === 'consent';
    return [{ field: rule.name, target: ids.field(rule.name), text: own ? message : `${label.label}: ${message}` }];
  });

  const sending = status === 'sending';
  return (
    <FormSection aside={aside} id={sectionId} labelledBy={form.headline ? headingId : undefined}>
      {form.headline ? (
        <h2 id={headingId} className="section__headline">
          {form.headline}
        </h2>
      ) : null}
      {form.text ? <p className="section__lead">{form.text}</p> : null}
      {summary.length > SUMMARY_AFTER ? (
        <ErrorSummary
          heading={texts.summary}
          headingId={`${id}-summary`}
          items={summary}
          summaryRef={summaryRef}
          onFollow={(field) => focusField(formRef.current, field)}
        />
      ) : null}
      <form
        ref={formRef}
        className="form"
        method="post"
        action={definition.action}
        encType={definition.multipart ? 'multipart/form-data' : undefined}
        onSubmit={submit}
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
          <div className="form__grid">
            {definition.fields.map((rule) => (
              <FormField
                key={rule.name}
                rule={rule}
                texts={texts}
                language={language}
                ids={ids}
                error={errors[rule.name]}
                echoed={echo[rule.name]}
                chosen={files[rule.name] ?? NO_FILES}
                sending={sending}
                onChooseFiles={chooseFiles}
                onRemoveFile={removeFile}
              />
            ))}
          </div>
          {generalError ? (
            <p className="form__failure" role="alert">
              {generalError}
            </p>
          ) : null}
          {texts.privacy ? (
            <p className="form__privacy">
              <LinkedLabel
                texts={{
                  label: texts.privacy.text,
                  link_text: texts.privacy.link_text,
                  link_url: texts.privacy.link_url,
                }}
              />
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
    </FormSection>
  );
}
