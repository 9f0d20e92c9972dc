/** A job's terms (generic.terms) as the label and value pairs its page shows, in the page's language. */
import type { CareerLabels, JobTerms } from '../content/schemas/career.ts';
import { type FormatTexts, fill, formatDate } from '../i18n/format.ts';

export interface TermItem {
  label: string;
  value: string;
}

/** A full-time week; shorter weeks get their holiday pro rata. */
const FULL_TIME_HOURS = 35;

export function jobTermItems(terms: JobTerms, labels: CareerLabels, texts: FormatTexts): TermItem[] {
  const date = (iso: string) => formatDate(`${iso}T12:00:00+01:00`, texts);
  const contract =
    terms.contract === 'permanent'
      ? fill(labels.contract_permanent, { probation: terms.probation_months })
      : fill(labels.contract_fixed_term, { months: terms.contract_months ?? 0, probation: terms.probation_months });
  return [
    {
      label: labels.start,
      value: terms.start === 'asap' ? labels.start_asap : fill(labels.start_date, { date: date(terms.start) }),
    },
    { label: labels.hours, value: fill(labels.hours_value, { hours: terms.weekly_hours }) },
    { label: labels.contract, value: contract },
    {
      label: labels.travel,
      value:
        terms.travel_percent === 0 ? labels.travel_none : fill(labels.travel_share, { percent: terms.travel_percent }),
    },
    {
      label: labels.holiday,
      value: fill(terms.weekly_hours >= FULL_TIME_HOURS ? labels.holiday_full_time : labels.holiday_part_time, {
        days: terms.holiday_days,
      }),
    },
    {
      label: labels.deadline,
      value:
        terms.applications_until === 'open_until_filled'
          ? labels.deadline_open
          : fill(labels.deadline_date, { date: date(terms.applications_until) }),
    },
    { label: labels.process, value: labels.process_value },
  ];
}
