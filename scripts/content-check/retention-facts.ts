/**
 * One story per fact for retention: each form states once how long what it sends is kept, with
 * the {{retention_…}} placeholder of its own period (FORMS[…].retention), which the server fills
 * from the same setting the retention job deletes by and the privacy policy states. A period
 * written out in a sentence about deleting or keeping would not follow a change of the setting.
 */
import { FORMS } from '../../src/app/forms/form-definitions.ts';
import type { FactFile, FactProblem } from './fact-file.ts';

const RETENTION_PLACEHOLDER = /\{\{(retention_[a-z_]+)\}\}/g;
/** A sentence about deleting or keeping data that names a period in words or digits. */
const WRITTEN_PERIOD: Readonly<Record<string, { keeping: RegExp; period: RegExp }>> = {
  de: {
    keeping: /lösch|aufbewahr|speicher/i,
    period:
      /\b(?:\d+|ein(?:e[nm]?)?|zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn|zwölf)\s+(?:Tag|Woche|Monat|Jahr)\w*/i,
  },
  en: {
    keeping: /delet|keep|kept|stor|retain/i,
    period: /\b(?:\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten|twelve)\s+(?:day|week|month|year)s?\b/i,
  },
};

function* strings(value: unknown, pointer = ''): Generator<{ pointer: string; text: string }> {
  if (typeof value === 'string') yield { pointer, text: value };
  else if (Array.isArray(value))
    for (const [index, item] of value.entries()) yield* strings(item, `${pointer}/${index}`);
  else if (value && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) yield* strings(item, `${pointer}/${key}`);
}

/** The content files holding a form's texts, relative to the language folder, with the period each must state. */
function formTextFiles(files: readonly FactFile[], language: string): Map<FactFile, Set<string | null>> {
  const expected = new Map<FactFile, Set<string | null>>();
  for (const form of Object.values(FORMS)) {
    // The technology form keeps its texts in its page's form.json.
    const ofForm = files.filter((file) =>
      form.textsFile
        ? file.path === `${language}/${form.textsFile}`
        : file.path.startsWith(`${language}/homepage/`) && file.path.endsWith('/form.json'),
    );
    for (const file of ofForm) expected.set(file, (expected.get(file) ?? new Set()).add(form.retention));
  }
  return expected;
}

export function retentionProblems(files: readonly FactFile[], language: string): FactProblem[] {
  const problems: FactProblem[] = [];
  const written = WRITTEN_PERIOD[language];
  for (const [file, periods] of formTextFiles(files, language)) {
    const report = (problem: string) => problems.push({ file: file.path, problem });
    if (periods.size > 1) {
      report(
        `holds the texts of forms kept for different periods (${[...periods].map((period) => period ?? 'none').join(', ')}); give each its own texts`,
      );
      continue;
    }
    const [period] = [...periods];
    const stated: { pointer: string; name: string }[] = [];
    for (const { pointer, text } of strings(file.value)) {
      for (const [, name] of text.matchAll(RETENTION_PLACEHOLDER)) stated.push({ pointer, name: name! });
      if (!written) continue;
      for (const sentence of text.split(/(?<=[.!?])\s+/)) {
        const named = written.period.exec(sentence);
        if (named && written.keeping.test(sentence))
          report(
            `${pointer} states the period "${named[0]}" in words; write {{${period ?? 'retention_…'}}} so it follows the setting`,
          );
      }
    }
    if (period === null) {
      for (const { pointer, name } of stated)
        report(`${pointer} names {{${name}}}, but this form's data is kept for no set period`);
    } else if (stated.length === 0) {
      report(`states no retention period; say once how long the data is kept, with {{${period}}}`);
    } else {
      for (const { pointer, name } of stated)
        if (name !== period) report(`${pointer} names {{${name}}}, but this form's data is kept for {{${period}}}`);
      if (stated.length > 1)
        report(
          `states the retention period ${stated.length} times (${stated.map((entry) => entry.pointer).join(', ')}); once is one story`,
        );
    }
  }
  return problems;
}
