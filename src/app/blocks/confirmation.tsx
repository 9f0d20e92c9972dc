/**
 * The newsletter confirmation page: once hydrated it confirms at once by posting the
 * token to /api/newsletter/confirm; without JavaScript a button posts it as a form.
 */
import { useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import type { ConfirmationContent } from '../content/schemas/formular.ts';
import { NEWSLETTER_RESULT_PARAM } from '../paths.ts';
import { LinkOutcome } from './link-outcome.tsx';

export const CONFIRM_ACTION = '/api/newsletter/confirm';
type Outcome = 'confirmed' | 'already_confirmed' | 'expired' | 'invalid';
const OUTCOMES: readonly Outcome[] = ['confirmed', 'already_confirmed', 'expired', 'invalid'];

type State = { state: 'idle' | 'confirming' | 'failed' } | { state: 'done'; outcome: Outcome };

async function confirm(token: string): Promise<State> {
  try {
    const response = await fetch(CONFIRM_ACTION, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify({ emailb64: token }),
    });
    const body = (await response.json().catch(() => ({}))) as { status?: unknown; code?: unknown };
    if (response.ok) return { state: 'done', outcome: body.status === 'already-confirmed' ? 'already_confirmed' : 'confirmed' };
    if (response.status === 400) return { state: 'done', outcome: body.code === 'token_expired' ? 'expired' : 'invalid' };
    return { state: 'failed' };
  } catch {
    return { state: 'failed' };
  }
}

export function Confirmation({ content }: { content: ConfirmationContent }) {
  const { email: token = '' } = useParams();
  const [searchParams] = useSearchParams();
  const fromServer = OUTCOMES.find((outcome) => outcome === searchParams.get(NEWSLETTER_RESULT_PARAM));
  const [status, setStatus] = useState<State>(fromServer ? { state: 'done', outcome: fromServer } : { state: 'idle' });

  useEffect(() => {
    if (status.state !== 'idle') return;
    setStatus({ state: 'confirming' });
    void confirm(token).then(setStatus);
    // Confirms once per page view: the token comes from the path, which this page keeps.
  }, []);

  return (
    <section className="confirmation section">
      <div className="section__inner confirmation__inner" aria-live="polite">
        {status.state === 'done' ? (
          <LinkOutcome outcome={status.outcome} texts={content[status.outcome]} success={status.outcome === 'confirmed' || status.outcome === 'already_confirmed'} link={content.link} />
        ) : (
          <form method="post" action={CONFIRM_ACTION} className="confirmation__form">
            <input type="hidden" name="emailb64" value={token} />
            {status.state === 'confirming' ? <p>{content.confirming}</p> : null}
            {status.state === 'failed' ? (
              <p className="form__failure" role="alert">
                {content.failed}
              </p>
            ) : null}
            <button type="submit" className="button button--primary" disabled={status.state === 'confirming'}>
              {content.button}
            </button>
          </form>
        )}
      </div>
    </section>
  );
}
