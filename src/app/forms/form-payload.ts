/**
 * What a hydrated form sends, worked out from its definition and what was typed: the values
 * as the checks read them, and the request body, as multipart for a form with files and as
 * JSON otherwise. Pure, so each rule about what is left out can be tested without a browser.
 */
import type { Language } from '../i18n/language.ts';
import type { FormValues } from './checks.ts';
import { type FieldRule, type FormDefinition, HONEYPOT } from './form-definitions.ts';

/** The files chosen for each file field. */
export type ChosenFiles = Readonly<Record<string, readonly File[]>>;

/** What the form element holds, as the checks and the JSON body want it: lists, ticked boxes, chosen files, text. */
export function formValues(data: FormData, fields: readonly FieldRule[], files: ChosenFiles): FormValues {
  const values: Record<string, FormValues[string]> = {};
  for (const rule of fields) {
    if (rule.kind === 'checkboxes') values[rule.name] = data.getAll(rule.name).map(String);
    else if (rule.kind === 'consent') values[rule.name] = data.get(rule.name) === 'on';
    else if (rule.kind === 'file' || rule.kind === 'files') values[rule.name] = files[rule.name] ?? [];
    else values[rule.name] = String(data.get(rule.name) ?? '');
  }
  return values;
}

export interface PayloadInput {
  definition: FormDefinition;
  values: FormValues;
  /** Values the page fixes, such as the event edition or the job. */
  hidden: Readonly<Record<string, string>>;
  files: ChosenFiles;
  language: Language;
  /** The honeypot's value; sent only when a bot filled it in. */
  trap: string;
}

/** A form with files: each file and each chosen option a part of its own; empty text is left out. */
export function multipartPayload({ definition, values, hidden, files, language, trap }: PayloadInput): FormData {
  const body = new FormData();
  body.set('language', language);
  for (const rule of definition.fields) {
    const value = rule.kind === 'hidden' ? (hidden[rule.name] ?? '') : values[rule.name];
    if (rule.kind === 'file' || rule.kind === 'files')
      for (const file of files[rule.name] ?? []) body.append(rule.name, file, file.name);
    else if (Array.isArray(value)) for (const item of value as string[]) body.append(rule.name, item);
    // Empty fields are left out of the request.
    else if (typeof value === 'string' && value.trim() !== '') body.set(rule.name, value);
  }
  if (trap) body.set(HONEYPOT, trap);
  return body;
}

/** A form without files: an optional field left empty is not sent; a consent box always is, ticked or not. */
export function jsonPayload({
  definition,
  values,
  hidden,
  language,
  trap,
}: Omit<PayloadInput, 'files'>): Record<string, unknown> {
  const payload: Record<string, unknown> = { language };
  for (const rule of definition.fields) {
    const value = rule.kind === 'hidden' ? hidden[rule.name] : values[rule.name];
    if (value !== undefined && !(rule.kind !== 'consent' && !rule.required && value === '')) payload[rule.name] = value;
  }
  if (trap) payload[HONEYPOT] = trap;
  return payload;
}
