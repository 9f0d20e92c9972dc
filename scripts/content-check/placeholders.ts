/**
 * Placeholders in content texts: a {name} the code fills in for that text (the list is
 * src/app/content/placeholders.ts, which also types the texts for fill()), and a {{name}}
 * setting the server fills into every text (content-settings.ts). Anything else in braces
 * would reach the visitor as written, such as "{per cent}".
 */
import { expectedPlaceholders } from '../../src/app/content/placeholders.ts';
import { SETTING_NAMES } from '../../src/server/content/content-settings.ts';

/** {{…}} or {…}, whatever is inside: a malformed token is the one most worth reporting. */
const TOKEN = /\{\{([^{}]*)\}\}|\{([^{}]*)\}/g;

/** What is wrong with the placeholders of one text; `file` is relative to its language folder. */
export function placeholderProblems(file: string, pointer: string, text: string): string[] {
  const problems: string[] = [];
  const { required, allowed } = expectedPlaceholders(file, pointer);
  const found = new Set<string>();
  const filled =
    allowed.length > 0
      ? `the code fills in ${allowed.map((name) => `{${name}}`).join(', ')} here`
      : 'the code fills in no {name} here';
  for (const [, setting, name] of text.matchAll(TOKEN)) {
    if (setting !== undefined) {
      if (!(SETTING_NAMES as readonly string[]).includes(setting))
        report(`{{${setting}}}, which the server does not fill in (known: ${SETTING_NAMES.join(', ')})`);
    } else if (name !== undefined) {
      found.add(name);
      if (!allowed.includes(name)) report(`{${name}}, which ${filled}`);
    }
  }
  for (const name of required)
    if (!found.has(name)) problems.push(`${pointer} lacks {${name}}, which the code fills in`);
  return problems;

  function report(what: string) {
    problems.push(`${pointer} names ${what}`);
  }
}
