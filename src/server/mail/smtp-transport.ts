/** Sends mail over SMTP with nodemailer; the message id stays the one the outbox gave it. */
import nodemailer from 'nodemailer';
import type { OutgoingMail } from '../store/outbox.ts';
import { type AttachmentStore, isKeptOnDisk } from '../uploads/attachment-store.ts';
import type { MailTransport } from './outbox-worker.ts';

/** A mail being sent that has not finished after this long fails (and is retried), well within its lease. */
const SOCKET_TIMEOUT_MS = 60_000;

export function createSmtpTransport(
  smtpUrl: string,
  attachments: Pick<AttachmentStore, 'open'>,
): MailTransport & { close(): void } {
  const url = new URL(smtpUrl);
  // nodemailer reads options from the query; an operator's own setting wins.
  if (!url.searchParams.has('socketTimeout')) url.searchParams.set('socketTimeout', String(SOCKET_TIMEOUT_MS));
  const transporter = nodemailer.createTransport(url.toString());
  return {
    async send(mail: OutgoingMail) {
      await transporter.sendMail({
        from: mail.from,
        to: mail.to,
        replyTo: mail.replyTo,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: mail.messageId,
        // One-click unsubscribe (RFC 8058): the mail program posts to the address itself.
        ...(mail.listUnsubscribe
          ? {
              list: { unsubscribe: mail.listUnsubscribe },
              headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
            }
          : {}),
        // Files on disk are read by path; files kept in the database or a bucket are streamed from there.
        attachments: mail.attachments?.map((file) =>
          isKeptOnDisk(file.path)
            ? { filename: file.filename, path: file.path, contentType: file.contentType }
            : { filename: file.filename, content: attachments.open(file.path), contentType: file.contentType },
        ),
        disableFileAccess: false,
        disableUrlAccess: true,
      });
    },
    close() {
      transporter.close();
    },
  };
}
