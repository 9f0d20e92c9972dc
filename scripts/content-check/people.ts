/**
 * The people the content names and the people content/people.json lists are the same: a quoted
 * client or colleague, an author, a speaker, an interview partner or the career page's contact
 * without an entry there has no portrait (the page would show a broken image), and an entry
 * nobody names is a portrait drawn for no one.
 * Each listed person's portrait file must exist too (npm run images draws it).
 */
import path from 'node:path';
import type { PeopleContent } from '../../src/app/content/schemas/people.ts';
import { portraitPath } from '../../src/app/people/portrait-path.ts';

interface NamedIn {
  path: string;
  value: unknown;
}

export const PEOPLE = 'people.json';

interface Mention {
  name: string;
  file: string;
  pointer: string;
}

const objectsAt = (value: unknown, key: string): { item: Record<string, unknown>; index: number }[] => {
  const list = (value as Record<string, unknown> | null)?.[key];
  return Array.isArray(list)
    ? list.flatMap((item, index) =>
        item && typeof item === 'object' ? [{ item: item as Record<string, unknown>, index }] : [],
      )
    : [];
};

/** Where each block that shows a person names them: the file's name and the field. */
function mentionsIn(file: NamedIn): Mention[] {
  const name = path.posix.basename(file.path);
  const at = (value: unknown, pointer: string): Mention[] =>
    typeof value === 'string' ? [{ name: value, file: file.path, pointer }] : [];
  switch (name) {
    case 'quote.json':
      return at((file.value as Record<string, unknown> | null)?.author, '/author');
    case 'case_facts.json':
      return at((file.value as { quote?: { author?: unknown } } | null)?.quote?.author, '/quote/author');
    case 'quoteSlider.json':
      return objectsAt(file.value, 'items').flatMap(({ item, index }) => at(item.author, `/items/${index}/author`));
    case 'jobs.json':
      return at((file.value as { talk?: { name?: unknown } } | null)?.talk?.name, '/talk/name');
    case 'contact_desk.json':
      return at((file.value as { person?: { name?: unknown } } | null)?.person?.name, '/person/name');
    case 'author.json':
      return objectsAt(file.value, 'authors').flatMap(({ item, index }) => at(item.name, `/authors/${index}/name`));
    case 'speakers.json':
    case 'interviews.json':
    case 'recommendations.json':
    case 'leadership.json':
      return objectsAt(file.value, 'items').flatMap(({ item, index }) => at(item.name, `/items/${index}/name`));
    default:
      return [];
  }
}

export async function peopleProblems(
  files: readonly NamedIn[],
  people: PeopleContent | undefined,
  staticDir: string,
  exists: (file: string) => Promise<boolean>,
): Promise<{ file: string; problem: string }[]> {
  if (!people) return [];
  const problems: { file: string; problem: string }[] = [];
  const listed = new Map<string, number>();
  for (const [index, person] of people.people.entries()) {
    if (listed.has(person.name))
      problems.push({ file: PEOPLE, problem: `/people/${index}/name lists ${person.name} a second time` });
    listed.set(person.name, index);
    const portrait = portraitPath(person.name);
    if (!(await exists(path.join(staticDir, portrait))))
      problems.push({
        file: PEOPLE,
        problem: `/people/${index} has no portrait ${portrait} (npm run images draws it)`,
      });
  }
  const named = new Set<string>();
  for (const mention of files.flatMap(mentionsIn)) {
    named.add(mention.name);
    if (!listed.has(mention.name))
      problems.push({
        file: mention.file,
        problem: `${mention.pointer} names ${mention.name}, who is not in ${PEOPLE} (so has no portrait)`,
      });
  }
  for (const [name, index] of listed)
    if (!named.has(name))
      problems.push({ file: PEOPLE, problem: `/people/${index} lists ${name}, whom no page names` });
  return problems;
}
