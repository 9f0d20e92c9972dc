/** What the app needs from its host, the same on server and browser: public config and the page's assets. */
import { createContext, type ReactNode, use } from 'react';
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
  /** Font files the first screen sets its text in, preloaded so they arrive with the stylesheet, not after it. */
  fontPreloads?: string[];
  /** Stylesheets of modules loaded on demand that this page does not carry, by the module's file name without folder and extension (see styles/on-demand.ts). */
  styles?: Record<string, string[]>;
}

/**
 * Third-party scripts, each loaded only when configured (and the tag manager and maps only
 * after consent). The origins are configurable so staging can use its own tag manager host
 * and tests a loopback stand-in; the page's Content Security Policy allows exactly these.
 */
export interface TrackingEnvironment {
  /** The tag manager container (GTM-XXXXXXX); unset, no tag manager loads. */
  gtmId?: string;
  /** Where the tag manager script comes from: production and staging differ. */
  gtmOrigin: string;
  /** The consent manager's settings id; unset, the built-in banner asks when a tag manager is configured. */
  consentManagerId?: string;
  consentManagerOrigin: string;
  /** The maps library's key; unset, addresses show as text only. */
  mapsApiKey?: string;
  mapsOrigin: string;
}

export interface AppEnvironment {
  siteUrl: string;
  assetsBaseUrl: string;
  /** The server's upload limits, which the application form checks before sending. */
  uploads: { cvMaxBytes: number; additionalMaxBytes: number; additionalMaxCount: number };
  assets: PageAssets;
  /** Sign-in to Galaxy; null when the server has no Firebase web config or Galaxy address. */
  login: PublicLoginConfig | null;
  tracking: TrackingEnvironment;
  /** Whether open positions come from an applicant tracking service (CAREERS_API_URL); its address stays on the server. */
  careersService?: boolean;
  /** Whether applicants' files are kept in an S3 bucket (S3_BUCKET): only then present, so other pages carry nothing. */
  objectStorage?: true;
  /** The build's icon sprite (its URL under /assets/), which every icon of the set draws from (layout/icon.tsx). */
  iconSprite: string;
  /** The build's image version: site images are served under /img/{version}/ (see images/image-urls.ts). */
  imageVersion?: string;
  /** Real visitors' Web Vitals: the share of page loads that measure and report them (WEB_VITALS_SAMPLE_RATE). */
  webVitals: { sampleRate: number };
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
