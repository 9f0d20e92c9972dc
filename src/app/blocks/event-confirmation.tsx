/**
 * The page an event registration's confirmation mail links to: the registration is confirmed
 * only when the person presses the button (a mail scanner opening the link confirms nothing,
 * and notifies nobody). The outcome is shown on the edition's page, or on the events page when
 * the link did not work. The token names the registration, never the address.
 */
import { useNavigate, useParams } from 'react-router';
import { EVENT_CONFIRM_API } from '../api-paths.ts';
import type { EventConfirmationContent } from '../content/schemas/formular.ts';
import type { Language } from '../i18n/language.ts';
import { EVENTS_PATH, REGISTRATION_PARAM } from '../paths.ts';
import { BlockSection } from './block-section.tsx';
import { postToken } from './post-token.ts';
import { TokenButtonForm } from './token-button-form.tsx';

/** Where the press leads, or undefined when the server could not be reached or failed. */
async function confirm(token: string, language: Language): Promise<string | undefined> {
  const answer = await postToken(EVENT_CONFIRM_API, 'token', token);
  const page = answer?.body.page;
  if (answer?.ok && typeof page === 'string' && page.startsWith('/')) return page;
  if (answer?.status === 400)
    return `${EVENTS_PATH[language]}?${REGISTRATION_PARAM}=${answer.body.code === 'token_expired' ? 'expired' : 'invalid'}`;
  return undefined;
}

export function EventConfirmation({ content, language }: { content: EventConfirmationContent; language: Language }) {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const send = async (value: string) => {
    const page = await confirm(value, language);
    if (page) await navigate(page);
    return page !== undefined;
  };
  return (
    <BlockSection block="confirmation" innerClassName="confirmation__inner" live>
      <TokenButtonForm
        action={EVENT_CONFIRM_API}
        field="token"
        token={token}
        question={content.question}
        working={content.working}
        failed={content.failed}
        button={content.button}
        send={send}
      />
    </BlockSection>
  );
}
