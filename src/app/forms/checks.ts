/**
 * The browser's checks before a form is sent, from the same field rules the server's schemas
 * are built from (field-rules.ts: same limits, same patterns, same messages), so a person
 * learns about a mistake at the field at once.
 */
import { fill } from '../i18n/format.ts';
import { EMAIL_ADDRESS, type FileRule, patternMessageOf, type TextRule, valueRuleOf } from './field-rules.ts';
import type { FormDefinition } from './form-definitions.ts';

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

/** A field's own words for a refusal by its code, where its texts have them (FieldTexts.errors). */
export type FieldMessages = Readonly<Record<string, Readonly<Record<string, string | undefined>> | undefined>>;

export const ACCEPTED_EXTENSIONS = ['.pdf', '.doc', '.docx', '.odt', '.png', '.jpg', '.jpeg'] as const;
const MB = 1024 * 1024;

const hasAcceptedType = (name: string) =>
  ACCEPTED_EXTENSIONS.some((extension) => name.toLowerCase().endsWith(extension));

/** Patterns are compiled once per page, as the server's validator reads them: with the u flag. */
const compiled = new Map<string, RegExp>();
function matches(pattern: string, value: string): boolean {
  let expression = compiled.get(pattern);
  if (!expression) {
    expression = new RegExp(pattern, 'u');
    compiled.set(pattern, expression);
  }
  return expression.test(value);
}

/** A message by its code: the field's own where it has one, else the form-wide one. */
type Say = (code: string) => string;

function checkText(rule: TextRule, value: string, say: Say): string | null {
  if (rule.required && value.trim() === '') return say('required');
  if (value === '') return null;
  // Counted in code points, as the server's maxLength counts.
  if ([...value].length > rule.maxLength) return fill(say('too_long'), { max: rule.maxLength });
  if (rule.pattern !== undefined && !matches(rule.pattern, value)) return say(patternMessageOf(rule.pattern));
  if (rule.format === 'email' && !EMAIL_ADDRESS.test(value)) return say('email');
  return null;
}

function checkFiles(rule: FileRule, files: readonly ChosenFile[], say: Say, limits: UploadLimits): string | null {
  if (!rule.multiple && rule.required && files.length === 0) return say('file_required');
  if (rule.multiple && files.length > limits.additionalMaxCount)
    return fill(say('too_many_files'), { max: limits.additionalMaxCount });
  const maxBytes = rule.multiple ? limits.additionalMaxBytes : limits.cvMaxBytes;
  for (const file of files) {
    if (!hasAcceptedType(file.name)) return say('file_type');
    if (file.size > maxBytes) return fill(say('file_too_large'), { max: Math.round(maxBytes / MB) });
  }
  return null;
}

/**
 * The words for a refusal of one field: its own ("Please enter your name.") where its texts have them,
 * else the form-wide message of the code. The server's refusals are shown through this too, by their code.
 */
export function messageFor(
  field: string,
  code: string,
  messages: Readonly<Record<string, string>>,
  fieldMessages: FieldMessages,
): string {
  return fieldMessages[field]?.[code] ?? messages[code] ?? '';
}

/** The first problem of each field, in the order of the form. */
export function checkForm(
  form: FormDefinition,
  values: FormValues,
  messages: Readonly<Record<string, string>>,
  limits: UploadLimits,
  fieldMessages: FieldMessages = {},
): FieldProblem[] {
  const problems: FieldProblem[] = [];
  for (const field of form.fields) {
    // What the page fixes (the event, the job) is the page's, not the person's to correct.
    if (field.kind === 'hidden') continue;
    const rule = valueRuleOf(field);
    const value = values[field.name];
    const say: Say = (code) => messageFor(field.name, code, messages, fieldMessages);
    let message: string | null = null;
    switch (rule.type) {
      case 'accepted':
        if (rule.required && value !== true) message = say('must_accept');
        break;
      case 'list': {
        const chosen = Array.isArray(value) ? value : typeof value === 'string' && value !== '' ? [value] : [];
        if (rule.required && chosen.length === 0) message = say('required');
        else if (chosen.length > rule.maxItems) message = fill(say('too_many'), { max: rule.maxItems });
        break;
      }
      case 'files':
        message = checkFiles(rule, Array.isArray(value) ? (value as ChosenFile[]) : [], say, limits);
        break;
      case 'text':
        message = checkText(rule, typeof value === 'string' ? value : '', say);
    }
    if (message) problems.push({ field: field.name, message });
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
