/**
 * The browser's checks before a form is sent, mirroring the server's schemas (same limits,
 * same patterns, same messages), so a person learns about a mistake at the field at once.
 */
import { fill } from '../i18n/format.ts';
import { LIMITS, type FieldRule, type FormDefinition } from './form-definitions.ts';

export interface UploadLimits {
  cvMaxBytes: number;
  additionalMaxBytes: number;
  additionalMaxCount: number;
}

/** What the browser knows of a chosen file before upload. */
export interface ChosenFile {
  name: string;
  size: number;
}

/** A form's values as typed: text, chosen options, ticked boxes and chosen files. */
export type FormValues = Readonly<Record<string, string | readonly string[] | boolean | readonly ChosenFile[]>>;

export interface FieldProblem {
  field: string;
  message: string;
}

/** The same patterns as the server's schemas. */
const CONTROL = /[\u0000-\u001f\u007f]/;
const TEXT_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^[0-9+()/. -]*$/;
export const ACCEPTED_EXTENSIONS = ['.pdf', '.doc', '.docx', '.odt', '.png', '.jpg', '.jpeg'] as const;
const MB = 1024 * 1024;

const hasAcceptedType = (name: string) => ACCEPTED_EXTENSIONS.some((extension) => name.toLowerCase().endsWith(extension));

function checkText(rule: FieldRule, value: string, messages: Readonly<Record<string, string>>): string | null {
  if (rule.required && value.trim() === '') return messages.required ?? '';
  if (value === '') return null;
  if (rule.maxLength !== undefined && value.length > rule.maxLength) return fill(messages.too_long ?? '', { max: rule.maxLength });
  if (rule.kind === 'textarea' ? TEXT_CONTROL.test(value) : CONTROL.test(value)) return messages.single_line ?? '';
  if (rule.kind === 'email' && !EMAIL.test(value)) return messages.email ?? '';
  if (rule.kind === 'tel' && !PHONE.test(value)) return messages.invalid ?? '';
  return null;
}

function checkFiles(rule: FieldRule, files: readonly ChosenFile[], messages: Readonly<Record<string, string>>, limits: UploadLimits): string | null {
  if (rule.kind === 'file' && rule.required && files.length === 0) return messages.file_required ?? '';
  if (rule.kind === 'files' && files.length > limits.additionalMaxCount) return fill(messages.too_many_files ?? '', { max: limits.additionalMaxCount });
  const maxBytes = rule.kind === 'file' ? limits.cvMaxBytes : limits.additionalMaxBytes;
  for (const file of files) {
    if (!hasAcceptedType(file.name)) return messages.file_type ?? '';
    if (file.size > maxBytes) return fill(messages.file_too_large ?? '', { max: Math.round(maxBytes / MB) });
  }
  return null;
}

/** The first problem of each field, in the order of the form. */
export function checkForm(form: FormDefinition, values: FormValues, messages: Readonly<Record<string, string>>, limits: UploadLimits): FieldProblem[] {
  const problems: FieldProblem[] = [];
  for (const rule of form.fields) {
    const value = values[rule.name];
    let message: string | null = null;
    switch (rule.kind) {
      case 'hidden':
        continue;
      case 'consent':
        if (rule.required && value !== true) message = messages.must_accept ?? '';
        break;
      case 'checkboxes':
      case 'radios': {
        const chosen = Array.isArray(value) ? value : typeof value === 'string' && value !== '' ? [value] : [];
        if (rule.required && chosen.length === 0) message = messages.required ?? '';
        else if (chosen.length > LIMITS.listItems) message = fill(messages.too_many ?? '', { max: LIMITS.listItems });
        break;
      }
      case 'file':
      case 'files':
        message = checkFiles(rule, Array.isArray(value) ? (value as ChosenFile[]) : [], messages, limits);
        break;
      default:
        message = checkText(rule, typeof value === 'string' ? value : '', messages);
    }
    if (message) problems.push({ field: rule.name, message });
  }
  return problems;
}

/** "1.2 MB", "340 KB": the size of a chosen file as people read it. */
export function formatFileSize(bytes: number, language: 'en' | 'de'): string {
  const locale = language === 'de' ? 'de-DE' : 'en-GB';
  // A non-breaking space, as in the content's own figures, so the unit never starts a line.
  if (bytes >= MB) return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(bytes / MB)}\u00a0MB`;
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(Math.max(1, Math.round(bytes / 1024)))}\u00a0KB`;
}
