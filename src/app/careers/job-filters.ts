/**
 * Filters over the open positions, by department and by office city. A short list is read at a
 * glance, so the filters appear only once there are more than JOB_FILTER_THRESHOLD positions;
 * below that every position shows and a filter in the address is ignored. Apart from the
 * component so the rule is tested without rendering.
 */
import type { Position } from '../content/schemas/career.ts';

/** Up to this many positions show without filters. */
export const JOB_FILTER_THRESHOLD = 8;

/** The query parameters a chosen filter travels in, so a filtered list is an address and works without JavaScript. */
export const JOB_FILTER_PARAMS = { department: 'department', location: 'location' } as const;

export interface JobFilterChoice {
  department: string | null;
  location: string | null;
}

export interface JobFilterOptions {
  /** Each department and each office city the positions name, in the order they first appear. */
  departments: string[];
  locations: string[];
}

const citiesOf = (position: Position): string[] => position.generic.offices.map((office) => office.city);

/** The choices to offer, or null when the list is short enough to go without. */
export function jobFilterOptions(positions: readonly Position[]): JobFilterOptions | null {
  if (positions.length <= JOB_FILTER_THRESHOLD) return null;
  return {
    departments: [...new Set(positions.map((position) => position.generic.department))],
    locations: [...new Set(positions.flatMap(citiesOf))],
  };
}

/** The choice an address makes, keeping only values on offer: an unknown or stale one counts as none. */
export function jobFilterChoice(search: URLSearchParams, options: JobFilterOptions | null): JobFilterChoice {
  const pick = (name: string, values: readonly string[] | undefined): string | null => {
    const value = search.get(name);
    return value !== null && values?.includes(value) ? value : null;
  };
  return {
    department: pick(JOB_FILTER_PARAMS.department, options?.departments),
    location: pick(JOB_FILTER_PARAMS.location, options?.locations),
  };
}

/** The positions that match the choice: the department, and an office in the city. */
export function filterPositions(positions: readonly Position[], choice: JobFilterChoice): readonly Position[] {
  if (choice.department === null && choice.location === null) return positions;
  return positions.filter(
    (position) =>
      (choice.department === null || position.generic.department === choice.department) &&
      (choice.location === null || citiesOf(position).includes(choice.location)),
  );
}

/** The query string of a choice, for the chips' links: empty when nothing is chosen. */
export function jobFilterSearch(choice: JobFilterChoice): string {
  const search = new URLSearchParams();
  if (choice.department !== null) search.set(JOB_FILTER_PARAMS.department, choice.department);
  if (choice.location !== null) search.set(JOB_FILTER_PARAMS.location, choice.location);
  const query = search.toString();
  return query ? `?${query}` : '';
}
