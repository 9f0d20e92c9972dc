/** What the app needs from its host, the same on server and browser: public config and the page's assets. */
import { createContext, use, type ReactNode } from 'react';
import type { PublicLoginConfig } from './login/galaxy-user.ts';

export interface PageAssets {
  /** Stylesheets to link. */
  css: string[];
  /**
   * The stylesheets' text, set in the page itself so nothing blocks the first paint. The
   * server sends it once, in the document; the browser reads it back from there.
   */
  inlineCss?: string;
  /** Client modules the first page needs besides the entry: its imports and its route's chunks, loaded after the first paint. */
  modulePreloads: string[];
}

export interface AppEnvironment {
  siteUrl: string;
  assetsBaseUrl: string;
  /** The server's upload limits, which the application form checks before sending. */
  uploads: { cvMaxBytes: number; additionalMaxBytes: number; additionalMaxCount: number };
  assets: PageAssets;
  /** Sign-in to Galaxy; null when the server has no Firebase web config or Galaxy address. */
  login: PublicLoginConfig | null;
  /** The build's image version: site images are served under /img/{version}/ (see images/image-urls.ts). */
  imageVersion?: string;
}

/** The id of the style element holding the inlined stylesheets. */
export const INLINE_CSS_ID = 'site-css';

/** Name of the global the server writes for the browser before hydration. */
export const ENVIRONMENT_GLOBAL = '__NORDSTERN__';

const EnvironmentContext = createContext<AppEnvironment | null>(null);

export function EnvironmentProvider({ value, children }: { value: AppEnvironment; children: ReactNode }) {
  return <EnvironmentContext value={value}>{children}</EnvironmentContext>;
}

export function useEnvironment(): AppEnvironment {
  const environment = use(EnvironmentContext);
  if (!environment) throw new Error('useEnvironment needs an EnvironmentProvider');
  return environment;
}
