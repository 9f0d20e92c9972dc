/**
 * The career page's filters: none up to eight positions (a filter in the address is then ignored),
 * department and city chips past that, a choice kept only when it is on offer; and the short job
 * title the apply bar shows.
 */
import { readFileSync } from 'node:fs';
import t from 'tap';
import {
  filterPositions,
  JOB_FILTER_THRESHOLD,
  jobFilterChoice,
  jobFilterOptions,
  jobFilterSearch,
} from '../src/app/careers/job-filters.ts';
import { shortJobTitle } from '../src/app/careers/short-title.ts';
import type { Position } from '../src/app/content/schemas/career.ts';

const shipped = (
  JSON.parse(readFileSync('content/en/careers/positions.json', 'utf8')) as { activePositions: Position[] }
).activePositions;

/** n positions: the shipped ones over and over, each under its own folder. */
const positions = (n: number): Position[] =>
  Array.from({ length: n }, (_, index) => {
    const position = shipped[index % shipped.length]!;
    return { ...position, generic: { ...position.generic, folder: `${position.generic.folder}-${index}` } };
  });

t.test('no filters up to eight positions, filters from nine', async (t) => {
  t.equal(JOB_FILTER_THRESHOLD, 8);
  for (const n of [0, 1, 6, 8]) t.equal(jobFilterOptions(positions(n)), null, `${n}: none`);
  const options = jobFilterOptions(positions(9));
  t.ok(options, '9: filters');
  t.same(options?.departments, [...new Set(shipped.map((p) => p.generic.department))], 'each department once');
  t.same(options?.locations, ['Hamburg', 'Munich', 'Berlin'], 'each office city once, as they first appear');
});

t.test('a choice counts only when it is on offer', async (t) => {
  const options = jobFilterOptions(positions(12));
  t.same(jobFilterChoice(new URLSearchParams('department=Analytics&location=Berlin'), options), {
    department: 'Analytics',
    location: 'Berlin',
  });
  t.same(
    jobFilterChoice(new URLSearchParams('department=Sales&location=Paris'), options),
    { department: null, location: null },
    'unknown values are no choice',
  );
  t.same(
    jobFilterChoice(new URLSearchParams('department=Analytics'), null),
    { department: null, location: null },
    'a short list takes no filter from the address',
  );
});

t.test('the filtered positions match the department and have an office in the city', async (t) => {
  const all = positions(12);
  t.equal(filterPositions(all, { department: null, location: null }), all, 'no choice: the same list');
  const analytics = filterPositions(all, { department: 'Analytics', location: null });
  t.ok(analytics.length > 0 && analytics.every((p) => p.generic.department === 'Analytics'), 'by department');
  const munich = filterPositions(all, { department: null, location: 'Munich' });
  t.ok(
    munich.length > 0 && munich.every((p) => p.generic.offices.some((office) => office.city === 'Munich')),
    'by city',
  );
  t.same(filterPositions(all, { department: 'Analytics', location: 'Munich' }), [], 'both together may match none');
});

t.test('a choice as a query string', async (t) => {
  t.equal(jobFilterSearch({ department: null, location: null }), '');
  t.equal(jobFilterSearch({ department: 'Data Engineering', location: null }), '?department=Data+Engineering');
  t.equal(
    jobFilterSearch({ department: 'Ad Technology', location: 'München' }),
    '?department=Ad+Technology&location=M%C3%BCnchen',
  );
});

t.test('a short job title leaves out the gender note', async (t) => {
  t.equal(shortJobTitle('Senior Data Engineer (m/f/d)'), 'Senior Data Engineer');
  t.equal(shortJobTitle('Werkstudent Data Analytics (m/w/d)'), 'Werkstudent Data Analytics');
  t.equal(shortJobTitle('Cloud Engineer (m/w/d) – Google Cloud'), 'Cloud Engineer – Google Cloud');
  t.equal(shortJobTitle('Analyst (w/m/d)'), 'Analyst');
  t.equal(shortJobTitle('Product Owner'), 'Product Owner', 'a title without one stays');
  t.equal(shortJobTitle('(m/w/d)'), '(m/w/d)', 'a title that is only the note stays whole');
});
