/**
 * The one button of a page opened from a mailed link (confirm a subscription or a
 * registration, unsubscribe). Opening the page changes nothing, since mail scanners and
 * link previews open links by themselves; the person's press sends the token. Once
 * hydrated the press is sent as JSON by `send`; without JavaScript the form is posted and
 * the server answers with the page and the outcome.
 */
import { type FormEvent, type ReactNode, useState } from 'react';

export type SendState = 'idle' | 'working' | 'failed';

export interface TokenButtonFormProps {
  action: string;
  /** The body field the token travels in. */
  field: string;
  token: string;
  /** What the button does, asked before it is pressed. */
  question: string;
  working: string;
  failed: string;
  button: string;
  /** Sends the token; answers false when the server could not be reached (the form then says so and can be pressed again). */
  send(token: string): Promise<boolean>;
}

export function TokenButtonForm({
  action,
  field,
  token,
  question,
  working,
  failed,
  button,
  send,
}: TokenButtonFormProps): ReactNode {
  const [state, setState] = useState<SendState>('idle');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (state === 'working') return;
    setState('working');
    void send(token).then((reached) => setState(reached ? 'idle' : 'failed'));
  };
  return (
    <form method="post" action={action} className="confirmation__form" onSubmit={submit}>
      <input type="hidden" name={field} value={token} />
      <p>{state === 'working' ? working : question}</p>
      {state === 'failed' ? (
        <p className="form__failure" role="alert">
          {failed}
        </p>
      ) : null}
      <button type="submit" className="button button--primary" disabled={state === 'working'}>
        {button}
      </button>
    </form>
  );
}
