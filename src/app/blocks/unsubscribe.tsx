/**
 * The newsletter unsubscribe page: the address leaves the list only when the person presses
 * the button (a mail scanner opening the link unsubscribes nobody). Once hydrated the button
 * posts JSON; without JavaScript it posts the form and the server answers with this page.
 */
import { useState, type FormEvent } from 'react';
import { useParams, useSearchParams } from 'react-router';
import type { UnsubscribeContent } from '../content/schemas/formular.ts';
import { SmartLink } from '../layout/smart-link.tsx';
import { Icon } from '../layout/icon.tsx';
import { NEWSLETTER_RESULT_PARAM } from '../paths.ts';

export const UNSUBSCRIBE_ACTION = '/api/newsletter/unsubscribe';
type Outcome = 'unsubscribed' | 'not_subscribed' | 'invalid';
const OUTCOMES: readonly Outcome[] = ['unsubscribed', 'not_subscribed', 'invalid'];

type State = { state: 'idle' | 'working' | 'failed' } | { state: 'done'; outcome: Outcome };

async function unsubscribe(token: string): Promise<State> {
  try {
    const response = await fetch(UNSUBSCRIBE_ACTION, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    const body = (await response.json().catch(() => ({}))) as { status?: unknown };
    if (response.ok) return { state: 'done', outcome: body.status === 'not-subscribed' ? 'not_subscribed' : 'unsubscribed' };
    if (response.status === 400) return { state: 'done', outcome: 'invalid' };
    return { state: 'failed' };
  } catch {
    return { state: 'failed' };
  }
}

export function Unsubscribe({ content }: { content: UnsubscribeContent }) {
  const { token = '' } = useParams();
  const [searchParams] = useSearchParams();
  const fromServer = OUTCOMES.find((outcome) => outcome === searchParams.get(NEWSLETTER_RESULT_PARAM));
  const [status, setStatus] = useState<State>(fromServer ? { state: 'done', outcome: fromServer } : { state: 'idle' });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status.state === 'working') return;
    setStatus({ state: 'working' });
    void unsubscribe(token).then(setStatus);
  };

  const result = status.state === 'done' ? content[status.outcome] : null;
  return (
    <section className="confirmation section">
      <div className="section__inner confirmation__inner" aria-live="polite">
        {result && status.state === 'done' ? (
          <div className={`confirmation__result confirmation__result--${status.outcome}`} role="status">
            <Icon name={status.outcome === 'invalid' ? 'warning' : 'check'} size={40} />
            <h2 className="section__headline">{result.headline}</h2>
            <p>{result.text}</p>
            <SmartLink to={content.link.link_url} className="text-link">
              {content.link.text}
            </SmartLink>
          </div>
        ) : (
          <form method="post" action={UNSUBSCRIBE_ACTION} className="confirmation__form" onSubmit={submit}>
            <input type="hidden" name="token" value={token} />
            <p>{status.state === 'working' ? content.working : content.question}</p>
            {status.state === 'failed' ? (
              <p className="form__failure" role="alert">
                {content.failed}
              </p>
            ) : null}
            <button type="submit" className="button button--primary" disabled={status.state === 'working'}>
              {content.button}
            </button>
          </form>
        )}
      </div>
    </section>
  );
}
