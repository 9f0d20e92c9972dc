/**
 * Just enough of nginx's configuration syntax to check deploy/nginx.conf from a test without an
 * nginx: directives and blocks, and a map's value for an input the way nginx picks it (exact
 * strings first, then the regular expressions in their order, their captures filled in).
 */

export interface Directive {
  name: string;
  args: string[];
  block?: Directive[];
}

function tokens(source: string): string[] {
  const found: string[] = [];
  const pattern = /#[^\n]*|'((?:\\.|[^'\\])*)'|"((?:\\.|[^"\\])*)"|([{};])|([^\s{};'"#]+)/g;
  for (const match of source.matchAll(pattern)) {
    if (match[0].startsWith('#')) continue;
    found.push(match[1] ?? match[2] ?? match[3] ?? match[4] ?? '');
  }
  return found;
}

/** The file's directives, each block's below it. A quoted `{`, `}` or `;` is an argument, as in nginx. */
export function parseNginx(source: string): Directive[] {
  const list = tokens(source);
  let at = 0;
  const read = (): Directive[] => {
    const directives: Directive[] = [];
    while (at < list.length && list[at] !== '}') {
      const words: string[] = [];
      while (at < list.length && list[at] !== ';' && list[at] !== '{' && list[at] !== '}') words.push(list[at++]!);
      const [name = '', ...args] = words;
      if (list[at] === '{') {
        at++;
        directives.push({ name, args, block: read() });
        at++;
      } else {
        at++;
        directives.push({ name, args });
      }
    }
    return directives;
  };
  return read();
}

/** Every directive of that name, at any depth. */
export function findAll(directives: readonly Directive[], name: string): Directive[] {
  return directives.flatMap((directive) => [
    ...(directive.name === name ? [directive] : []),
    ...findAll(directive.block ?? [], name),
  ]);
}

/** The variables a value names, `$name` or `${name}`. */
export const variablesOf = (value: string): string[] =>
  [...value.matchAll(/\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?/g)].map((match) => match[1]!);

/** What a `map SOURCE $variable { … }` block gives for one input; a value may name the source itself. */
export function mapValue(map: Directive, input: string): string {
  const source = { [variablesOf(map.args[0] ?? '')[0] ?? '']: input };
  const entries = (map.block ?? []).map((entry) => ({ key: entry.name, value: entry.args[0] ?? '' }));
  const fill = (value: string, groups: Record<string, string | undefined>, numbered: readonly string[]) =>
    value.replace(
      /\$\{?([A-Za-z0-9_]+)\}?/g,
      (_, name: string) => (/^\d+$/.test(name) ? numbered[Number(name)] : groups[name]) ?? '',
    );
  const exact = entries.find((entry) => !entry.key.startsWith('~') && entry.key === input && entry.key !== 'default');
  if (exact) return fill(exact.value, source, []);
  for (const entry of entries) {
    if (!entry.key.startsWith('~')) continue;
    const caseless = entry.key.startsWith('~*');
    const match = new RegExp(entry.key.slice(caseless ? 2 : 1), caseless ? 'i' : '').exec(input);
    if (match) return fill(entry.value, { ...source, ...match.groups }, match);
  }
  return fill(entries.find((entry) => entry.key === 'default')?.value ?? '', source, []);
}
