/**
 * The messages a refused plain post (no JavaScript) shows: the server names the first field it
 * refused; the same checks the browser runs (checks.ts) find the other wrong fields in what was
 * sent back, so the page lists them all at once, with the summary when there are more than two,
 * instead of one more refusal per post. Files are not sent back, so they are not checked again.
 */
import { checkForm, type FieldMessages, type FormValues, type UploadLimits } from './checks.ts';
import type { FormDefinition } from './form-definitions.ts';
import type { FormEcho } from './page-data.ts';

export function echoErrors(
  echo: FormEcho,
  definition: FormDefinition,
  messages: Readonly<Record<string, string>>,
  limits: UploadLimits,
  fieldMessages: FieldMessages,
): Record<string, string> {
  const fields = definition.fields.filter((rule) => rule.kind !== 'file' && rule.kind !== 'files');
  // A ticked box arrives as "on", as a browser posts it.
  const values: FormValues = Object.fromEntries(
    Object.entries(echo.values).map(([name, value]) => {
      const consent = fields.some((rule) => rule.name === name && rule.kind === 'consent');
      return [name, consent ? value === true || value === 'on' : value];
    }),
  );
  const errors: Record<string, string> = Object.fromEntries(
    checkForm({ ...definition, fields }, values, messages, limits, fieldMessages).map((problem) => [
      problem.field,
      problem.message,
    ]),
  );
  // The server's refusal in the field's own words where it has them; else what the checks found there (a box left
  // unticked is missing from the post, which the server calls "required" and the checks "must accept"), else its message.
  errors[echo.field] =
    (echo.code ? fieldMessages[echo.field]?.[echo.code] : undefined) ?? errors[echo.field] ?? echo.message;
  return errors;
}
