/**
 * The request context in the router's own container: the server sets it for each query of its
 * static handler, the loaders read it. The browser's router sets none: its loaders read the
 * empty default and decide for themselves.
 */
import { createContext, RouterContextProvider } from 'react-router';
import type { RequestContext } from './route-data.ts';

const NOTHING_DECIDED: RequestContext = Object.freeze({});
const REQUEST_CONTEXT = createContext<RequestContext>(NOTHING_DECIDED);

/** The container to hand to `handler.query(request, { requestContext })`. */
export function createRequestContext(values: RequestContext): RouterContextProvider {
  const provider = new RouterContextProvider();
  provider.set(REQUEST_CONTEXT, values);
  return provider;
}

/** What the server decided for this request; nothing in the browser. */
export const requestContextOf = (context: Readonly<RouterContextProvider>): RequestContext =>
  context.get(REQUEST_CONTEXT);
