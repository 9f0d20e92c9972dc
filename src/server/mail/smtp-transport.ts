/** Sends mail over SMTP with nodemailer; the message id stays the one the outbox gave it. */
import nodemailer from 'nodemailer';
import type { OutgoingMail } from '../store/outbox.ts';
import type { MailTransport } from './outbox-worker.ts';

export function createSmtpTransport(smtpUrl: string): MailTransport & { close(): void } {
  const transporter = nodemailer.createTransport(smtpUrl);
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
        ...(mail.listUnsubscribe ? { list: { unsubscribe: mail.listUnsubscribe }, headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } } : {}),
        attachments: mail.attachments?.map((file) => ({ filename: file.filename, path: file.path, contentType: file.contentType })),
        disableFileAccess: false,
        disableUrlAccess: true,
      });
    },
    close() {
      transporter.close();
    },
  };
}
