/**
 * The application form on a job page offers what that job offers: its own offices (an option
 * whose label is an office's city in the page's language), "remote" only when the job is open to
 * people elsewhere in the country, and the employment types that fit its employment_type. An
 * unsolicited application (no job) keeps every option.
 */

import type { EMPLOYMENT_TYPES, Position } from '../content/schemas/career.ts';
import type { FormTexts } from '../content/schemas/formular.ts';

const REMOTE = 'remote';
/** The form's type options a schema.org employment type allows. */
const TYPE_OPTIONS: Readonly<Record<(typeof EMPLOYMENT_TYPES)[number], readonly string[]>> = {
  FULL_TIME: ['full-time', 'part-time'],
  PART_TIME: ['part-time', 'working-student'],
  INTERN: ['internship'],
  CONTRACTOR: ['full-time', 'part-time'],
  TEMPORARY: ['full-time', 'part-time', 'working-student'],
  OTHER: ['full-time', 'part-time', 'working-student', 'internship'],
};

export function applicationTextsFor(texts: FormTexts, position: Position): FormTexts {
  const { offices, remote_country: remote, employment_type: type } = position.generic;
  const cities = new Set(offices.map((office) => office.city));
  const keep = (name: string, allowed: (value: string, label: string) => boolean) => {
    const field = texts.fields[name];
    if (!field?.options) return field;
    const options = field.options.filter((option) => allowed(option.value, option.label));
    // A job whose offices match no option keeps them all rather than offering none.
    return { ...field, options: options.length > 0 ? options : field.options };
  };
  const locations = keep('locations', (value, label) => cities.has(label) || (value === REMOTE && Boolean(remote)));
  const types = keep('type', (value) =>
    (TYPE_OPTIONS[type as (typeof EMPLOYMENT_TYPES)[number]] ?? []).includes(value),
  );
  return {
    ...texts,
    fields: { ...texts.fields, ...(locations ? { locations } : {}), ...(types ? { type: types } : {}) },
  };
}
