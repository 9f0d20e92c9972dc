/** Data written into inline scripts: JSON that no content string can break out of. */
import { isRouteErrorResponse, type StaticHandlerContext } from 'react-router';

const UNSAFE_IN_SCRIPT = /[<>&\u0100-\uffff]/g;
const WIDE = /[\u0100-\uffff]/;
const escapeMatch = (character: string) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;

/**
 * JSON text with <, >, & escaped (inside strings, the only place JSON has them), so </script>
 * cannot appear, and every character above U+00FF too (the line separators among them). The
 * text then fits V8's one-byte strings: a single typographic quote or dash in the content made
 * the whole page data (a third of the homepage) two bytes per character, which every render
 * copied, scanned and encoded again: an uncached homepage took about 8 % more CPU.
 */
function escapeJson(json: string): string {
  const escaped = json.replace(UNSAFE_IN_SCRIPT, escapeMatch);
  // replace() keeps a two-byte string two-byte even with no wide character left: latin1 makes it one-byte.
  return WIDE.test(json) ? Buffer.from(escaped, 'latin1').toString('latin1') : escaped;
}

/** JSON as a JavaScript literal, escaped as escapeJson does, so </script> cannot appear. */
export function inlineJson(value: unknown): string {
  return escapeJson(JSON.stringify(value));
}

/** How many member names of per-request objects a writer keeps written out. */
const MEMBER_NAMES_KEPT = 512;

/**
 * inlineJson for a page's data, which is mostly content: the content store deep-freezes every
 * document it loads and hands the same objects to every request until a reload replaces them,
 * so the escaped JSON of a frozen object is made once and reused by every render that sends
 * it. A content reload makes new objects; the old ones and their JSON are then collected.
 * Unfrozen parts (what the loaders assemble per request) are written as JSON.stringify would.
 */
export type InlineJsonWriter = (value: object, before?: string, after?: string) => string;

export function createInlineJsonWriter(): InlineJsonWriter {
  const frozenJson = new WeakMap<object, string>();
  // The per-request objects have the same few dozen member names on every render; a name
  // from elsewhere past the bound is written afresh each time, so nothing here grows unbounded.
  const memberNames = new Map<string, string>();
  const memberName = (key: string): string => {
    let json = memberNames.get(key);
    if (json === undefined) {
      json = `${escapeJson(JSON.stringify(key))}:`;
      if (memberNames.size < MEMBER_NAMES_KEPT) memberNames.set(key, json);
    }
    return json;
  };

  /**
   * Appends the JSON of value to parts; false (nothing appended) where JSON.stringify leaves a
   * value out. The pieces are joined once at the end: the JSON of a frozen document is reused
   * as it is, and no level of the data copies the text of the levels below it.
   */
  const write = (value: unknown, parts: string[]): boolean => {
    if (value === null || typeof value !== 'object') {
      if (typeof value === 'function' || typeof value === 'symbol' || value === undefined) return false;
      parts.push(typeof value === 'string' ? escapeJson(JSON.stringify(value)) : JSON.stringify(value));
      return true;
    }
    // A Date, a boxed primitive or anything else with its own JSON form: as JSON.stringify writes it.
    if (
      typeof (value as { toJSON?: unknown }).toJSON === 'function' ||
      value instanceof String ||
      value instanceof Number ||
      value instanceof Boolean
    ) {
      parts.push(inlineJson(value));
      return true;
    }
    if (Object.isFrozen(value)) {
      let json = frozenJson.get(value);
      if (json === undefined) {
        json = inlineJson(value);
        frozenJson.set(value, json);
      }
      parts.push(json);
      return true;
    }
    if (Array.isArray(value)) {
      parts.push('[');
      for (let index = 0; index < value.length; index++) {
        if (index > 0) parts.push(',');
        if (!write(value[index], parts)) parts.push('null');
      }
      parts.push(']');
      return true;
    }
    parts.push('{');
    let members = 0;
    for (const key of Object.keys(value)) {
      const mark = parts.length;
      if (members > 0) parts.push(',');
      parts.push(memberName(key));
      if (write((value as Record<string, unknown>)[key], parts)) members += 1;
      else parts.length = mark;
    }
    parts.push('}');
    return true;
  };

  /**
   * before and after are joined with the JSON in the same step: a script made of the JSON and
   * its surroundings is one flat string, which React's scan of the bootstrap script (a regular
   * expression) reads as it is instead of first copying a concatenation into one.
   */
  return (value, before = '', after = '') => {
    const parts: string[] = [before];
    write(value, parts);
    parts.push(after);
    return parts.join('');
  };
}

/** Route errors in the form the browser router revives; unexpected errors keep their message on the server. */
export function serializeErrors(errors: StaticHandlerContext['errors']): Record<string, unknown> | null {
  if (!errors) return null;
  const serialized: Record<string, unknown> = {};
  for (const [routeId, error] of Object.entries(errors)) {
    if (isRouteErrorResponse(error)) serialized[routeId] = { ...error, __type: 'RouteErrorResponse' };
    else if (error instanceof Error) serialized[routeId] = { message: 'Unexpected Server Error', __type: 'Error' };
    else serialized[routeId] = error;
  }
  return serialized;
}

export function hydrationData(context: StaticHandlerContext) {
  return { loaderData: context.loaderData, actionData: context.actionData, errors: serializeErrors(context.errors) };
}

/** How many modules are asked for per task: each request costs the main thread about a millisecond. */
const PRELOADS_PER_TASK = 4;

/**
 * Starts the page's scripts once the document has been painted: the modules (the entry and
 * the chunks it imports, fetched in parallel) are requested only then, so the first paint
 * waits for no script and the text and images get the bandwidth first. "Painted" is the
 * browser's own first-contentful-paint entry where it reports one: a timer set from an
 * animation frame could run before that frame was shown, and then the scripts' downloads
 * began before the first paint (Lighthouse counted them into FCP and LCP, 1.4 and 1.9 s instead
 * of 0.9 s on some runs); where it reports none, after the first animation frame as before. The
 * entry comes first and the other modules follow a few per task, so asking for twenty modules
 * is not itself a long task (the entry's imports join the requests already under way). A page
 * opened in a background tab, where frames do not run, starts them after a second all the same.
 */
export function deferredModuleLoader(entry: string, modules: readonly string[]): string {
  return `(function(e,m,n){var d=0;function add(h){var l=document.createElement('link');l.rel='modulepreload';l.href=h;document.head.appendChild(l)}function rest(i){m.slice(i,i+n).forEach(add);if(i+n<m.length)setTimeout(rest,0,i+n)}function go(){if(d)return;d=1;var s=document.createElement('script');s.type='module';s.src=e;document.head.appendChild(s);rest(0)}var P=window.PerformanceObserver;if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf('paint')>=0)new P(function(l,o){if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();go()}}).observe({type:'paint',buffered:true});else requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(go,1000)})(${inlineJson(entry)},${inlineJson(modules.filter((module) => module !== entry))},${PRELOADS_PER_TASK});`;
}
