/** Data written into inline scripts: JSON that no content string can break out of. */
import { isRouteErrorResponse, type StaticHandlerContext } from 'react-router';

/** JSON as a JavaScript literal with <, >, & and the line separators escaped, so </script> cannot appear. */
export function inlineJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
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
 * waits for no script and the text and images get the bandwidth first. The entry comes
 * first and the other modules follow a few per task, so asking for twenty modules is not
 * itself a long task (the entry's imports join the requests already under way). A page
 * opened in a background tab, where frames do not run, starts them after a second all the same.
 */
export function deferredModuleLoader(entry: string, modules: readonly string[]): string {
  return `(function(e,m,n){var d=0;function add(h){var l=document.createElement('link');l.rel='modulepreload';l.href=h;document.head.appendChild(l)}function rest(i){m.slice(i,i+n).forEach(add);if(i+n<m.length)setTimeout(rest,0,i+n)}function go(){if(d)return;d=1;var s=document.createElement('script');s.type='module';s.src=e;document.head.appendChild(s);rest(0)}requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(go,1000)})(${inlineJson(entry)},${inlineJson(modules.filter((module) => module !== entry))},${PRELOADS_PER_TASK});`;
}
