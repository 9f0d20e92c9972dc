/**
 * The technology enquiry form. It posts to /api/contact/technology as a plain form
 * (the server answers with a redirect to ?sent=…) and, once hydrated, sends JSON itself
 * so errors appear at the field they concern.
 */
import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import type { FormContent } from '../content/schemas/form.ts';
import type { Language } from '../i18n/language.ts';
import { Icon } from '../layout/icon.tsx';
import { SmartLink } from '../layout/smart-link.tsx';
import { enquiryFrom, SENT_PARAM, sendEnquiry, TECHNOLOGY_FORM_ACTION, TECHNOLOGY_FORM_NAME } from './technology-form.ts';

type Status = { state: 'idle' | 'sending' | 'sent' } | { state: 'failed'; field: string | null; message: string | null };

const TEXT_FIELDS = ['name', 'email', 'company'] as const;
const REQUIRED = new Set(['name', 'email', 'message']);

/** The consent sentence with its link on the words that name the privacy policy, or the link after it. */
function LegalsText({ legals }: { legals: FormContent['fields']['legals'] }) {
  const link = <SmartLink to={legals.link_url}>{legals.link_text}</SmartLink>;
  const at = legals.text.indexOf(legals.link_text);
  if (at < 0) {
    return (
      <span>
        {legals.text} {link}
      </span>
    );
  }
  return (
    <span>
      {legals.text.slice(0, at)}
      {link}
      {legals.text.slice(at + legals.link_text.length)}
    </span>
  );
}

export function Form({ content, language }: { content: FormContent; language: Language }) {
  const id = useId();
  const [searchParams] = useSearchParams();
  const [status, setStatus] = useState<Status>(() => ({ state: searchParams.get(SENT_PARAM) === TECHNOLOGY_FORM_NAME ? 'sent' : 'idle' }));
  const { fields } = content;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setStatus({ state: 'sending' });
    const result = await sendEnquiry(enquiryFrom(new FormData(event.currentTarget), language));
    setStatus(result.ok ? { state: 'sent' } : { state: 'failed', field: result.field, message: result.message });
  }

  const errorOf = (field: string) => (status.state === 'failed' && status.field === field ? status.message : null);
  const described = (field: string) => (errorOf(field) ? `${id}-${field}-error` : undefined);
  const marker = (field: string) => (
    <span className={REQUIRED.has(field) ? 'form__required' : 'form__optional'}>{REQUIRED.has(field) ? ` (${content.required})` : ` (${content.optional})`}</span>
  );
  const fieldError = (field: string) =>
    errorOf(field) ? (
      <p id={`${id}-${field}-error`} className="form__error" role="alert">
        {errorOf(field)}
      </p>
    ) : null;

  if (status.state === 'sent') {
    return (
      <section className="form-block section">
        <div className="section__inner form-block__inner">
          <div className="form__success" role="status">
            <Icon name="check" size={40} className="form__success-icon" />
            <h2 className="section__headline">{content.success.headline}</h2>
            <p>{content.success.text}</p>
          </div>
        </div>
      </section>
    );
  }

  const generalError = status.state === 'failed' && (!status.field || !status.message || !(status.field in fields)) ? (status.message ?? content.failure) : null;

  return (
    <section className="form-block section" aria-labelledby={`${id}-headline`}>
      <div className="section__inner form-block__inner">
        <h2 id={`${id}-headline`} className="section__headline">
          {content.headline}
        </h2>
        {content.text ? <p className="section__lead">{content.text}</p> : null}
        <form className="form" method="post" action={TECHNOLOGY_FORM_ACTION} onSubmit={onSubmit}>
          <input type="hidden" name="language" value={language} />
          <div className="form__trap" aria-hidden="true">
            <label>
              website
              <input type="text" name="website" tabIndex={-1} autoComplete="off" />
            </label>
          </div>
          <div className="form__row">
            {TEXT_FIELDS.map((field) => (
              <div key={field} className="form__field">
                <label htmlFor={`${id}-${field}`} className="form__label">
                  {fields[field].label}
                  {marker(field)}
                </label>
                <input
                  id={`${id}-${field}`}
                  className="form__input"
                  name={field}
                  type={field === 'email' ? 'email' : 'text'}
                  autoComplete={field === 'name' ? 'name' : field === 'email' ? 'email' : 'organization'}
                  required={REQUIRED.has(field)}
                  maxLength={field === 'email' ? 254 : field === 'name' ? 120 : 200}
                  placeholder={fields[field].placeholder}
                  aria-invalid={errorOf(field) ? true : undefined}
                  aria-describedby={described(field)}
                />
                {fieldError(field)}
              </div>
            ))}
          </div>
          {(['products', 'services'] as const).map((group) => (
            <fieldset key={group} className="form__choices" aria-describedby={described(group)}>
              <legend className="form__label">
                {fields[group].label}
                {marker(group)}
              </legend>
              <div className="form__options">
                {fields[group].options.map((option) => (
                  <label key={option.value} className="form__option">
                    <input type="checkbox" name={group} value={option.value} />
                    <span>{option.label}</span>
                  </label>
                ))}
              </div>
              {fieldError(group)}
            </fieldset>
          ))}
          <div className="form__field">
            <label htmlFor={`${id}-message`} className="form__label">
              {fields.message.label}
              {marker('message')}
            </label>
            <textarea
              id={`${id}-message`}
              className="form__input form__textarea"
              name="message"
              rows={6}
              required
              maxLength={5000}
              placeholder={fields.message.placeholder}
              aria-invalid={errorOf('message') ? true : undefined}
              aria-describedby={described('message')}
            />
            {fieldError('message')}
          </div>
          <div className="form__field">
            <label className="form__option form__legals">
              <input type="checkbox" name="legals" required aria-invalid={errorOf('legals') ? true : undefined} aria-describedby={described('legals')} />
              <LegalsText legals={fields.legals} />
            </label>
            {fieldError('legals')}
          </div>
          {generalError ? (
            <p className="form__failure" role="alert">
              {generalError}
            </p>
          ) : null}
          <button type="submit" className="button button--primary form__submit" disabled={status.state === 'sending'}>
            {status.state === 'sending' ? content.sending : content.submit}
          </button>
        </form>
      </div>
    </section>
  );
}
