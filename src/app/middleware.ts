/** Route middleware by name: each may answer a redirect before a page loads. */
import { data, redirect } from 'react-router';
import type { Language } from './i18n/language.ts';
import { CDP_EVENT_PATH, EVENTS_PATH, HOME_PATH } from './paths.ts';

export interface MiddlewareArgs {
  params: Readonly<Record<string, string | undefined>>;
  language: Language;
}
type Middleware = (args: MiddlewareArgs) => void;

const MIDDLEWARE: Readonly<Record<string, Middleware>> = {
  /** /events and /events/{name} lead to the events pages of the visitor's language. */
  eventRedirect({ params, language }) {
    if (params.eventname === 'cdp-event') throw redirect(CDP_EVENT_PATH);
    const overview = EVENTS_PATH[language] ?? HOME_PATH;
    throw redirect(params.eventname ? `${overview}/${encodeURIComponent(params.eventname)}` : overview);
  },
};

export const UNKNOWN_MIDDLEWARE_MESSAGE = 'Unknown middleware';

/** Runs the named middleware in order; a name that is not registered is a 500 'Unknown middleware'. */
export function runMiddleware(names: readonly string[] | undefined, args: MiddlewareArgs): void {
  for (const name of names ?? []) {
    const middleware = Object.hasOwn(MIDDLEWARE, name) ? MIDDLEWARE[name] : undefined;
    if (!middleware) throw data({ message: UNKNOWN_MIDDLEWARE_MESSAGE }, { status: 500 });
    middleware(args);
  }
}
