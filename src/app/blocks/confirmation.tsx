/**
 * The newsletter confirmation page: the subscription is confirmed only when the person
 * presses the button (a mail scanner opening the link confirms nothing). The token names the
 * pending sign-up, never the address.
 */
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { NEWSLETTER_CONFIRM_API } from '../api-paths.ts';
import type { ConfirmationContent } from '../content/schemas/formular.ts';
import { NEWSLETTER_RESULT_PARAM } from '../paths.ts';
import { BlockSection } from './block-section.tsx';
import { LinkOutcome } from './link-outcome.tsx';
import { postToken } from './post-token.ts';
import { TokenButtonForm } from './token-button-form.tsx';

type Outcome = 'confirmed' | 'already_confirmed' | 'expired' | 'invalid';
const OUTCOMES: readonly Outcome[] = ['confirmed', 'already_confirmed', 'expired', 'invalid'];

/** The outcome of a press, or undefined when the server could not be reached or failed. */
async function confirm(token: string): Promise<Outcome | undefined> {
  const answer = await postToken(NEWSLETTER_CONFIRM_API, 'emailb64', token);
  if (answer?.ok) return answer.body.status === 'already-confirmed' ? 'already_confirmed' : 'confirmed';
  if (answer?.status === 400) return answer.body.code === 'token_expired' ? 'expired' : 'invalid';
  return undefined;
}

export function Confirmation({ content }: { content: ConfirmationContent }) {
  const { email: token = '' } = useParams();
  const [searchParams] = useSearchParams();
  const [outcome, setOutcome] = useState(OUTCOMES.find((value) => value === searchParams.get(NEWSLETTER_RESULT_PARAM)));
  const send = async (value: string) => {
    const result = await confirm(value);
    if (result) setOutcome(result);
    return result !== undefined;
  };
  return (
    <BlockSection block="confirmation" innerClassName="confirmation__inner" live>
      {outcome ? (
        <LinkOutcome
          outcome={outcome}
          texts={content[outcome]}
          success={outcome === 'confirmed' || outcome === 'already_confirmed'}
          link={content.link}
        />
      ) : (
        <TokenButtonForm
          action={NEWSLETTER_CONFIRM_API}
          field="emailb64"
          token={token}
          question={content.question}
          working={content.confirming}
          failed={content.failed}
          button={content.button}
          send={send}
        />
      )}
    </BlockSection>
  );
}
