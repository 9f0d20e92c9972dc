/**
 * Builds the mails of a submission: the team's notification with every field (and the
 * files of an application), and the submitter's confirmation in their own language.
 * Everything a visitor typed is escaped in HTML; headers only ever carry validated values.
 */
import { randomUUID } from 'node:crypto';
import { fill } from '#app/i18n/format.ts';
import type { Language } from '#app/i18n/language.ts';
import type { MailTexts, NotificationTexts } from '../forms/form-texts.ts';
import type { OutgoingMail } from '../store/outbox.ts';

export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

/** A message id on the sender's domain, fixed when the mail is queued. */
export function messageIdFor(from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
  return `<${randomUUID()}@${domain}>`;
}

function layout(language: Language, body: string): string {
  return `<!DOCTYPE html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head><body style="margin:0;padding:24px;background:#f2f6f9;font-family:Arial,Helvetica,sans-serif;color:#14212d;line-height:1.6"><div style="max-width:600px;margin:0 auto;background:#ffffff;border-radius:10px;padding:32px">${body}</div></body></html>`;
}

export interface FieldRow {
  label: string;
  value: string;
}

function valueText(value: unknown): string {
  if (Array.isArray(value)) return value.map(String).join(', ');
  if (typeof value === 'boolean') return value ? '✓' : '–';
  return value === undefined || value === null ? '' : String(value);
}

export interface NotificationInput {
  from: string;
  to: string[];
  replyTo: string;
  language: Language;
  texts: NotificationTexts;
  form: string;
  reference: string;
  submittedAt: string;
  fields: Record<string, unknown>;
  attachments?: OutgoingMail['attachments'];
}

export function notificationMail(input: NotificationInput): OutgoingMail {
  const { texts } = input;
  const label = (key: string) => texts.labels[key] ?? key;
  const rows: FieldRow[] = [
    ...Object.entries(input.fields)
      .filter(([, value]) => valueText(value) !== '')
      .map(([key, value]) => ({ label: label(key), value: valueText(value) })),
    { label: label('language'), value: input.language },
    { label: label('submitted_at'), value: input.submittedAt },
    { label: label('reference'), value: input.reference },
  ];
  if (input.attachments?.length)
    rows.push({ label: label('attachments'), value: input.attachments.map((file) => file.filename).join(', ') });
  // Never visitor text in a subject: the reference is ours, an event's title comes from content.
  const subject = fill(texts.subjects[input.form] ?? input.form, {
    reference: input.reference.slice(0, 8),
    event: input.form === 'event' ? valueText(input.fields.event) : '',
  });
  const text = [texts.intro, '', ...rows.map((row) => `${row.label}: ${row.value}`)].join('\n');
  const html = layout(
    input.language,
    `<p>${escapeHtml(texts.intro)}</p><table style="border-collapse:collapse;width:100%">${rows
      .map(
        (row) =>
          `<tr><th style="text-align:left;vertical-align:top;padding:6px 12px 6px 0;white-space:nowrap">${escapeHtml(row.label)}</th><td style="padding:6px 0;white-space:pre-wrap">${escapeHtml(row.value)}</td></tr>`,
      )
      .join('')}</table>`,
  );
  return {
    from: input.from,
    to: input.to,
    replyTo: input.replyTo,
    subject,
    text,
    html,
    attachments: input.attachments,
    messageId: messageIdFor(input.from),
  };
}

export interface PersonalMailInput<N extends string> {
  from: string;
  to: string;
  language: Language;
  texts: MailTexts<N>;
  /** Exactly the placeholders the mail's file takes (content/placeholders.ts). */
  values: Readonly<Record<N, string>>;
  /** The confirmation link of a double opt-in. */
  link?: string;
  /** Where a reply goes, when replying is how a person reaches the team (cancelling an event registration). */
  replyTo?: string;
  /** A mail to a subscriber: the unsubscribe page linked in the mail, and the one-click address for mail programs. */
  unsubscribe?: { page: string; oneClick: string };
}

export function personalMail<N extends string>({
  from,
  to,
  language,
  texts,
  values,
  link,
  replyTo,
  unsubscribe,
}: PersonalMailInput<N>): OutgoingMail {
  const paragraphs = texts.paragraphs.map((paragraph) => fill(paragraph, values));
  const greeting = fill(texts.greeting, values);
  const textParts = [greeting, '', ...paragraphs.flatMap((p) => [p, ''])];
  let htmlLink = '';
  if (link) {
    textParts.push(`${texts.button ?? ''}: ${link}`, '');
    if (texts.link_hint) textParts.push(texts.link_hint, '');
    htmlLink = `<p style="margin:28px 0"><a href="${escapeHtml(link)}" style="display:inline-block;background:#174f78;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 24px;border-radius:999px">${escapeHtml(texts.button ?? link)}</a></p>${texts.link_hint ? `<p style="font-size:14px;color:#51606e">${escapeHtml(texts.link_hint)}</p>` : ''}`;
  }
  textParts.push(texts.closing, texts.signature);
  let htmlFooter = '';
  if (unsubscribe) {
    const words = texts.unsubscribe ?? '';
    textParts.push('', '--', `${words} ${unsubscribe.page}`);
    htmlFooter = `<p style="margin-top:32px;font-size:13px;color:#51606e">${escapeHtml(words)} <a href="${escapeHtml(unsubscribe.page)}" style="color:#174f78">${escapeHtml(unsubscribe.page)}</a></p>`;
  }
  const html = layout(
    language,
    `<p>${escapeHtml(greeting)}</p>${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}${htmlLink}<p>${escapeHtml(texts.closing)}<br>${escapeHtml(texts.signature)}</p>${htmlFooter}`,
  );
  return {
    from,
    to: [to],
    ...(replyTo ? { replyTo } : {}),
    subject: fill(texts.subject, values),
    text: textParts.join('\n'),
    html,
    messageId: messageIdFor(from),
    ...(unsubscribe ? { listUnsubscribe: unsubscribe.oneClick } : {}),
  };
}
