/**
 * The newsletter unsubscribe page: the address leaves the list only when the person presses
 * the button (a mail scanner opening the link unsubscribes nobody). Once hydrated the button
 * posts JSON; without JavaScript it posts the form and the server answers with this page.
 */
import { useState, type FormEvent } from 'react';
import { useParams, useSearchParams } from 'react-router';
import type { UnsubscribeContent } from '../content/schemas/formular.ts';
import { LinkOutcome } from './link-outcome.tsx';
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

  return (
    <section className="confirmation section">
      <div className="section__inner confirmation__inner" aria-live="polite">
        {status.state === 'done' ? (
          <LinkOutcome outcome={status.outcome} texts={content[status.outcome]} success={status.outcome !== 'invalid'} link={content.link} />
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
