/**
 * The newsletter unsubscribe page: the address leaves the list only when the person presses
 * the button (a mail scanner opening the link unsubscribes nobody).
 */
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { NEWSLETTER_UNSUBSCRIBE_API } from '../api-paths.ts';
import type { UnsubscribeContent } from '../content/schemas/formular.ts';
import { NEWSLETTER_RESULT_PARAM } from '../paths.ts';
import { BlockSection } from './block-section.tsx';
import { LinkOutcome } from './link-outcome.tsx';
import { postToken } from './post-token.ts';
import { TokenButtonForm } from './token-button-form.tsx';

type Outcome = 'unsubscribed' | 'not_subscribed' | 'invalid';
const OUTCOMES: readonly Outcome[] = ['unsubscribed', 'not_subscribed', 'invalid'];

/** The outcome of a press, or undefined when the server could not be reached or failed. */
async function unsubscribe(token: string): Promise<Outcome | undefined> {
  const answer = await postToken(NEWSLETTER_UNSUBSCRIBE_API, 'token', token);
  if (answer?.ok) return answer.body.status === 'not-subscribed' ? 'not_subscribed' : 'unsubscribed';
  if (answer?.status === 400) return 'invalid';
  return undefined;
}

export function Unsubscribe({ content }: { content: UnsubscribeContent }) {
  const { token = '' } = useParams();
  const [searchParams] = useSearchParams();
  const [outcome, setOutcome] = useState(OUTCOMES.find((value) => value === searchParams.get(NEWSLETTER_RESULT_PARAM)));
  const send = async (value: string) => {
    const result = await unsubscribe(value);
    if (result) setOutcome(result);
    return result !== undefined;
  };
  return (
    <BlockSection block="confirmation" innerClassName="confirmation__inner" live>
      {outcome ? (
        <LinkOutcome outcome={outcome} texts={content[outcome]} success={outcome !== 'invalid'} link={content.link} />
      ) : (
        <TokenButtonForm
          action={NEWSLETTER_UNSUBSCRIBE_API}
          field="token"
          token={token}
          question={content.question}
          working={content.working}
          failed={content.failed}
          button={content.button}
          send={send}
        />
      )}
    </BlockSection>
  );
}
