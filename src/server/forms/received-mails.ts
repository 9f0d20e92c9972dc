/** The two mails of a received submission: the team's notification and the sender's confirmation. */

import type { FormName } from '#app/forms/form-definitions.ts';
import type { Language } from '#app/i18n/language.ts';
import { notificationMail, personalMail } from '../mail/compose.ts';
import type { FormServices } from '../plugins/forms.ts';
import type { OutgoingMail } from '../store/outbox.ts';
import type { ThankYouName } from './form-texts.ts';
import type { QueuedMail } from './submissions.ts';

export interface ReceivedMailsInput {
  forms: FormServices;
  form: FormName;
  language: Language;
  recipients: string[];
  sender: { email: string; name: string };
  reference: string;
  submittedAt: string;
  fields: Record<string, unknown>;
  thankYou: ThankYouName;
  attachments?: OutgoingMail['attachments'];
}

export function receivedMails({
  forms,
  form,
  language,
  recipients,
  sender,
  reference,
  submittedAt,
  fields,
  thankYou,
  attachments,
}: ReceivedMailsInput): QueuedMail[] {
  const { texts, config } = forms;
  return [
    {
      purpose: 'notification',
      mail: notificationMail({
        from: config.mail.from,
        to: recipients,
        replyTo: sender.email,
        language,
        texts: texts.notification(language),
        form,
        reference,
        submittedAt,
        fields,
        attachments,
      }),
    },
    {
      purpose: 'confirmation',
      mail: personalMail({
        from: config.mail.from,
        to: sender.email,
        language,
        texts: texts.thankYou(thankYou, language).mail,
        values: { name: sender.name },
      }),
    },
  ];
}
