import { readFileSync } from 'node:fs';
import { BlockList, isIP } from 'node:net';
import path from 'node:path';
import type { TrackingEnvironment } from '#app/environment.tsx';
import type { PublicLoginConfig } from '#app/login/galaxy-user.ts';
import { EEA_COUNTRIES } from './eea-countries.ts';
import { StartError } from './start-error.ts';
import type { RetentionPolicy } from './store/retention-policy.ts';
import type { ObjectStorageConfig } from './uploads/object-storage.ts';

/** Everything the server reads from its environment, parsed and validated once at start. */
export interface Config {
  port: number;
  host: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Public origin of the site, used for canonical and hreflang links. */
  siteUrl: string;
  /** Where the browser fetches content JSON from. */
  assetsBaseUrl: string;
  contentDir: string;
  /** Reload content (and rebuild the insights index) when files in contentDir change. */
  contentWatch: boolean;
  /** Bytes of insights articles read from disk that are kept for the next request. */
  contentCacheBytes: number;
  /** Output of `npm run build`: manifest.json and public/ with the hashed assets. */
  distDir: string;
  staticDir: string;
  /** Which X-Forwarded-For entries name the client: none, the last n hops, or those added by proxies at these addresses. */
  trustProxy: ProxyTrust;
  /** A render that has not finished after this long is aborted. */
  renderTimeoutMs: number;
  /** Database, uploads and the generated token secret live here. */
  dataDir: string;
  /** While writes fail (a full disk), how often a probe write is tried. */
  storageProbeMs: number;
  /** Signs confirmation links; generated once into DATA_DIR when not set (required with DATABASE_URL). */
  tokenSecret?: string;
  /** PostgreSQL for submissions, files, the outbox and accounts, shared by every replica; unset, node:sqlite in dataDir. */
  databaseUrl?: string;
  /** Redis for the rate limits, so they hold across replicas; unset, each process counts in memory. */
  redisUrl?: string;
  /** An S3-compatible bucket for uploaded files (with databaseUrl); unset, they are kept in the database. */
  objectStorage?: ObjectStorageConfig;
  /** How long a confirmation link stays valid. */
  confirmationTtlHours: number;
  /** Origins besides the site's own that may post forms. */
  allowedOrigins: string[];
  mail: MailConfig;
  rateLimit: { max: number; readMax: number; windowMs: number };
  connections: ConnectionLimits;
  uploads: UploadLimits;
  careers: CareersConfig;
  pageCache: PageCacheConfig;
  /** Pages rendered at once, and how many more may wait for their turn before a 503. */
  rendering: { concurrency: number; maxWaiting: number };
  login: LoginConfig;
  metrics: MetricsConfig;
  retention: RetentionPolicy;
  /** The processors the privacy policy names (see content-settings.ts); unset, it describes each without a name. */
  providers: ProviderNames;
  /** How long a backup is kept before it is rotated out, as the privacy policy states it (BACKUP_ROTATION_DAYS). */
  backupRotationDays: number;
  tracking: TrackingConfig;
  webVitals: WebVitalsConfig;
}

/** Real visitors' Web Vitals, sent by the browser and counted in /metrics. */
export interface WebVitalsConfig {
  /** The share of page loads whose browser measures and reports them, 0 (none) to 1 (all). */
  sampleRate: number;
}

/**
 * Fastify's trustProxy, without `true`: a hop count takes the address the nth proxy from the
 * site saw, a list of addresses and CIDRs believes only the entries those proxies added. Either
 * way a client cannot name its own address by sending the header itself.
 */
export type ProxyTrust = false | number | string[];

/** Whether answers travel through a proxy that terminates TLS (so cookies and HSTS assume https). */
export const behindProxy = (trust: ProxyTrust): boolean => trust !== false;

/** Third-party scripts: the same shape the browser receives (all of it is public anyway). */
export type TrackingConfig = TrackingEnvironment;

/** Sign-in to Galaxy: the Firebase web app for browsers, the admin project for verifying tokens, the platform. */
export interface LoginConfig {
  /** The browser's Firebase config; unset, the login dropdown says sign-in is not configured. */
  web?: { apiKey: string; authDomain: string; projectId: string; appId?: string };
  /** The project whose ID tokens the server accepts; unset, the login API answers 503. */
  adminProjectId?: string;
  /** A service account key file; without it the admin SDK uses application default credentials. */
  serviceAccountFile?: string;
  /** host:port of the Firebase Auth emulator (FIREBASE_AUTH_EMULATOR_HOST, which the admin SDK reads too); refused outside tests and development. */
  emulatorHost?: string;
  /** Where a signed-in client goes. */
  galaxyUrl?: string;
  /** The platform's user API; unset, the embedded directory in the database answers. */
  galaxyApiUrl?: string;
  /** Bearer token sent to the platform's user API. */
  galaxyApiToken?: string;
  galaxyApiTimeoutMs: number;
  /** The parent domain the site shares with Galaxy (.example.com), for the referral cookie. */
  cookieDomain?: string;
  /** Paths of this site on which the login entry is not offered; GET /api/galaxy/exclusions answers them. */
  exclusions: string[];
  /** How long a session cookie made from an ID token lasts. */
  sessionMaxAgeMs: number;
}

/** Where GET /metrics answers; with neither set it does not, and /metrics is an unknown page. */
export interface MetricsConfig {
  /** A second listener on HOST that answers only /metrics; the public port then never does. */
  port?: number;
  /** Without a port, /metrics answers on the main port to `Authorization: Bearer <token>` only; with one, it is asked there too. */
  token?: string;
}

export interface ConnectionLimits {
  /** A request whose whole body has not arrived after this long is answered 408 and closed. */
  requestTimeoutMs: number;
  /** A request whose headers have not arrived after this long is closed. */
  headersTimeoutMs: number;
  /** A connection with no bytes moving for this long is closed. */
  idleTimeoutMs: number;
  /** How long an idle keep-alive connection stays open for the next request. */
  keepAliveTimeoutMs: number;
  /** Connections beyond this many are refused. */
  maxConnections: number;
  /** Open connections one client address (an IPv6 /64) may hold; more are refused. Trusted proxies are not counted. */
  maxConnectionsPerAddress: number;
  /** Requests one client address may have in progress at once; more are answered 429. */
  maxRequestsPerAddress: number;
  /** Bytes of request bodies the whole server holds in memory at once; a body that would pass it is answered 503. */
  bodyMemoryBytes: number;
}

export interface PageCacheConfig {
  /** Bytes of rendered pages kept in memory, precompressed copies included; 0 renders every request. */
  maxBytes: number;
  /** A kept page is rendered again after this long. */
  ttlMs: number;
  /** What a shared cache (a CDN) in front may do with a kept page whose address names its language. */
  shared: { maxAgeS: number; staleS: number };
}

export interface CareersConfig {
  /** The careers service's company endpoint; unset, positions come from content. */
  url?: string;
  ttlMs: number;
  timeoutMs: number;
}

export interface MailConfig {
  /** nodemailer transport URL; without it mails wait in the outbox and are logged. */
  smtpUrl?: string;
  from: string;
  /** Team inboxes per form. */
  recipients: { contact: string[]; technology: string[]; omr: string[]; events: string[]; jobs: string[] };
  maxAttempts: number;
  retryBaseMs: number;
  pollMs: number;
  /** How long a mail being sent stays leased to one worker; a replica that died holding it loses it after this. */
  leaseMs: number;
}

export interface UploadLimits {
  cvMaxBytes: number;
  additionalMaxBytes: number;
  additionalMaxCount: number;
  /** Bytes of applications one client address (an IPv6 /64) may upload per window. */
  quotaBytes: number;
  quotaWindowMs: number;
  /** Below this much free space in DATA_DIR, applications are answered 503; everything else works. */
  minFreeDiskBytes: number;
}

/**
 * Who runs the servers, delivers the mails, sends the newsletter, streams the online events and
 * keeps the uploaded files in a bucket, each as the policy should name it.
 */
export interface ProviderNames {
  hosting?: string;
  mail?: string;
  newsletter?: string;
  streaming?: string;
  storage?: string;
}

/** The subset of the configuration that is sent to the browser. */
export interface PublicConfig {
  siteUrl: string;
  assetsBaseUrl: string;
  login: PublicLoginConfig | null;
}

export class ConfigError extends StartError {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const EMAIL_PATTERN = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]+$/;
const MB = 1024 * 1024;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

type Env = Record<string, string | undefined>;

/** Reads one variable at a time and collects every problem, so one start names all bad variables. */
function createReader(env: Env) {
  const problems: string[] = [];
  const raw = (name: string): string | undefined => {
    const value = env[name];
    return value === undefined || value.trim() === '' ? undefined : value.trim();
  };
  return {
    problems,
    string(name: string, fallback: string): string {
      return raw(name) ?? fallback;
    },
    integer(name: string, fallback: number, min: number, max: number): number {
      const value = raw(name);
      if (value === undefined) return fallback;
      const parsed = Number(value);
      if (!/^\d+$/.test(value) || parsed < min || parsed > max) {
        problems.push(`${name} must be a whole number from ${min} to ${max}, got "${value}"`);
        return fallback;
      }
      return parsed;
    },
    boolean(name: string, fallback: boolean): boolean {
      const value = raw(name)?.toLowerCase();
      if (value === undefined) return fallback;
      if (['1', 'true', 'yes'].includes(value)) return true;
      if (['0', 'false', 'no'].includes(value)) return false;
      problems.push(`${name} must be true or false, got "${value}"`);
      return fallback;
    },
    oneOf<T extends string>(name: string, allowed: readonly T[], fallback: T): T {
      const value = raw(name);
      if (value === undefined) return fallback;
      if (!(allowed as readonly string[]).includes(value)) {
        problems.push(`${name} must be one of ${allowed.join(', ')}, got "${value}"`);
        return fallback;
      }
      return value as T;
    },
    optionalUrl(name: string): string | undefined {
      const value = raw(name);
      if (value === undefined) return undefined;
      try {
        const parsed = new URL(value);
        if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('protocol');
        return value;
      } catch {
        problems.push(`${name} must be an http(s) URL, got "${value}"`);
        return undefined;
      }
    },
    optional(name: string): string | undefined {
      return raw(name);
    },
    /** Whether the variable is in the environment at all, empty or not. */
    present(name: string): boolean {
      return env[name] !== undefined;
    },
    /** A company's name and seat as the privacy policy prints it: one line of plain text. */
    providerName(name: string): string | undefined {
      const value = raw(name);
      if (value !== undefined && (value.length > 200 || /[\p{Cc}{}<>]/u.test(value))) {
        problems.push(
          `${name} must be one line of up to 200 characters without braces or angle brackets, got "${value.slice(0, 40)}"`,
        );
        return undefined;
      }
      return value;
    },
    /** A share from 0 to 1, written as a decimal (0.1, .25, 1). */
    fraction(name: string, fallback: number): number {
      const value = raw(name);
      if (value === undefined) return fallback;
      const parsed = Number(value);
      if (!/^(?:[01](?:\.\d+)?|\.\d+)$/.test(value) || parsed < 0 || parsed > 1) {
        problems.push(`${name} must be a number from 0 to 1 such as 0.1, got "${value}"`);
        return fallback;
      }
      return parsed;
    },
    optionalInteger(name: string, min: number, max: number): number | undefined {
      return raw(name) === undefined ? undefined : this.integer(name, min, min, max);
    },
    emails(name: string, fallback: string): string[] {
      const list = (raw(name) ?? fallback)
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean);
      const bad = list.filter((entry) => !EMAIL_PATTERN.test(entry));
      if (bad.length > 0 || list.length === 0)
        problems.push(`${name} must be a comma-separated list of email addresses, got "${raw(name) ?? ''}"`);
      return list;
    },
    origins(name: string): string[] {
      const list = (raw(name) ?? '')
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean);
      return list.flatMap((entry) => {
        try {
          return [new URL(entry).origin];
        } catch {
          problems.push(
            `${name} must be a comma-separated list of origins such as https://www.example.com, got "${entry}"`,
          );
          return [];
        }
      });
    },
    secret(name: string): string | undefined {
      const value = raw(name);
      if (value !== undefined && value.length < 32) problems.push(`${name} must be at least 32 characters long`);
      return value;
    },
    url(name: string, fallback: string, { allowPath = false } = {}): string {
      const value = raw(name) ?? fallback;
      if (allowPath && value.startsWith('/') && !value.startsWith('//')) return value.replace(/\/+$/, '');
      try {
        const parsed = new URL(value);
        if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('protocol');
        return value.replace(/\/+$/, '');
      } catch {
        problems.push(`${name} must be an http(s) URL${allowPath ? ' or a path starting with /' : ''}, got "${value}"`);
        return fallback;
      }
    },
  };
}

/** Container ids, settings ids and API keys are short tokens of letters, digits, '-' and '_'. */
const PUBLIC_ID = /^[A-Za-z0-9_-]{4,64}$/;

/** An origin for a third-party script: https, or http on loopback (a stand-in in tests). */
function scriptOrigin(read: ReturnType<typeof createReader>, name: string, fallback: string): string {
  const value = read.url(name, fallback);
  try {
    const parsed = new URL(value);
    const loopback = parsed.hostname === '127.0.0.1' || parsed.hostname === 'localhost' || parsed.hostname === '[::1]';
    if (parsed.origin !== value || (parsed.protocol === 'http:' && !loopback)) throw new Error('origin');
    return value;
  } catch {
    read.problems.push(`${name} must be an https origin without a path (http only on loopback), got "${value}"`);
    return fallback;
  }
}

/** A tag manager container id: GTM- and its code of capital letters and digits. */
const GTM_CONTAINER_ID = /^GTM-[A-Z0-9]{4,12}$/;

function trackingConfig(read: ReturnType<typeof createReader>): TrackingConfig {
  const id = (name: string) => {
    const value = read.optional(name);
    if (value !== undefined && !PUBLIC_ID.test(value)) {
      read.problems.push(`${name} must be 4 to 64 letters, digits, '-' or '_', got "${value}"`);
      return undefined;
    }
    return value;
  };
  const gtmId = read.optional('GTM_ID');
  if (gtmId !== undefined && !GTM_CONTAINER_ID.test(gtmId)) {
    read.problems.push(`GTM_ID must be a tag manager container id such as GTM-AB12CD3, got "${gtmId}"`);
  }
  const consentManagerId = id('CONSENT_MANAGER_ID');
  const mapsApiKey = id('MAPS_API_KEY');
  return {
    ...(gtmId && GTM_CONTAINER_ID.test(gtmId) ? { gtmId } : {}),
    gtmOrigin: scriptOrigin(read, 'GTM_ORIGIN', 'https://www.googletagmanager.com'),
    ...(consentManagerId ? { consentManagerId } : {}),
    consentManagerOrigin: scriptOrigin(read, 'CONSENT_MANAGER_ORIGIN', 'https://app.usercentrics.eu'),
    ...(mapsApiKey ? { mapsApiKey } : {}),
    mapsOrigin: scriptOrigin(read, 'MAPS_ORIGIN', 'https://maps.googleapis.com'),
  };
}

/** One address or a CIDR block: what a proxy in front of the site is known by. */
/** The shortest prefixes a proxy list may name: a block wider than a large provider's is the whole internet. */
const MIN_PROXY_PREFIX = { ipv4: 8, ipv6: 32 } as const;

/**
 * Whether a block of addresses amounts to "everyone": wider than an IPv4 /8 or an IPv6 /32, or
 * an IPv6 block holding IPv4-mapped addresses (::ffff:a.b.c.d, how a dual-stack listener sees
 * IPv4 clients) of more than one IPv4 /8.
 */
function coversEveryone(address: string, prefix: number): boolean {
  if (isIP(address) === 4) return prefix < MIN_PROXY_PREFIX.ipv4;
  if (prefix < MIN_PROXY_PREFIX.ipv6) return true;
  const block = new BlockList();
  block.addSubnet(address, prefix, 'ipv6');
  for (let octet = 0; octet < 256; octet += 2) {
    if (block.check(`::ffff:${octet}.0.0.0`, 'ipv6') && block.check(`::ffff:${octet + 1}.0.0.0`, 'ipv6')) return true;
  }
  return false;
}

function isAddressOrBlock(entry: string): boolean {
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** Why TRUST_PROXY=true, or a list that amounts to it, is refused. */
const trustsEveryone = (shown: string) =>
  `TRUST_PROXY=${shown} would believe every X-Forwarded-For entry, so any client could name an address of its choosing and slip past the per-address limits: give the number of proxies in front of the site (1 for one load balancer) or their addresses and CIDRs, comma-separated (no block wider than an IPv4 /${MIN_PROXY_PREFIX.ipv4} or an IPv6 /${MIN_PROXY_PREFIX.ipv6})`;

function proxyTrust(read: ReturnType<typeof createReader>): ProxyTrust {
  const value = read.optional('TRUST_PROXY');
  if (value === undefined || ['false', 'no', '0'].includes(value.toLowerCase())) return false;
  if (['true', 'yes'].includes(value.toLowerCase())) {
    read.problems.push(trustsEveryone('true'));
    return false;
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 10)
      read.problems.push(
        `TRUST_PROXY must be a number of proxies from 1 to 10, or their addresses and CIDRs, got "${value}"`,
      );
    return hops > 10 ? false : hops;
  }
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const bad = entries.filter((entry) => !isAddressOrBlock(entry));
  if (bad.length > 0 || entries.length === 0) {
    read.problems.push(
      `TRUST_PROXY must be false, a number of proxies, or a comma-separated list of proxy addresses and CIDRs such as 10.0.0.0/8, got "${value}"`,
    );
    return false;
  }
  const everyone = entries.filter((entry) => {
    const [address = '', prefix] = entry.split('/');
    return prefix !== undefined && coversEveryone(address, Number(prefix));
  });
  if (everyone.length > 0) {
    read.problems.push(trustsEveryone(everyone.join(',')));
    return false;
  }
  return entries;
}

const HOST_PORT = /^[a-z0-9.-]+:\d{1,5}$|^\[[0-9a-f:]+\]:\d{1,5}$/i;
const COOKIE_DOMAIN = /^\.?[a-z0-9-]+(\.[a-z0-9-]+)+$/i;
const SITE_PATH = /^\/[a-z0-9/_-]*$/i;

/** The Firebase emulators' convention: a project id starting with demo- names no real project, so no real users. */
const DEMO_PROJECT = /^demo-/;

/**
 * The Auth emulator accepts unsigned ID tokens for any uid, and firebase-admin follows
 * FIREBASE_AUTH_EMULATOR_HOST by itself, so a server that sees the variable lets anyone in as
 * anyone. It is refused wherever real visitors or a real project could be behind the server:
 * production mode, a site served over https, or a project that is not a demo- project.
 */
function emulatorProblem(
  emulatorHost: string,
  nodeEnv: string | undefined,
  siteUrl: string,
  projects: [string, string | undefined][],
): string | undefined {
  const reasons: string[] = [];
  if (nodeEnv === 'production') reasons.push('NODE_ENV is production');
  if (siteUrl.startsWith('https://')) reasons.push(`SITE_URL is https (${siteUrl})`);
  for (const [name, project] of projects) {
    if (project !== undefined && !DEMO_PROJECT.test(project))
      reasons.push(`${name} is "${project}", a real project (emulator projects start with demo-)`);
  }
  if (reasons.length === 0) return undefined;
  return (
    `FIREBASE_AUTH_EMULATOR_HOST is set to "${emulatorHost}", but ${reasons.join('; ')}: the Auth emulator accepts unsigned tokens for any user, ` +
    'so this server would let anyone sign in as anyone. Unset FIREBASE_AUTH_EMULATOR_HOST (remove it, an empty value counts as set); it is for tests and local development only ' +
    '(NODE_ENV=development or test, an http SITE_URL, a demo- project)'
  );
}

function loginConfig(read: ReturnType<typeof createReader>, siteUrl: string): LoginConfig {
  const apiKey = read.optional('FIREBASE_API_KEY');
  const projectId = read.optional('FIREBASE_PROJECT_ID');
  const emulatorHost = read.optional('FIREBASE_AUTH_EMULATOR_HOST');
  // Present at all, even empty, it counts: an environment that names the emulator is one for
  // tests and development, and firebase-admin reads the variable again whenever it likes.
  const emulatorNamed = read.present('FIREBASE_AUTH_EMULATOR_HOST');
  if (emulatorHost !== undefined && !HOST_PORT.test(emulatorHost))
    read.problems.push(`FIREBASE_AUTH_EMULATOR_HOST must be host:port, got "${emulatorHost}"`);
  if ((apiKey === undefined) !== (projectId === undefined))
    read.problems.push('FIREBASE_API_KEY and FIREBASE_PROJECT_ID must be set together');
  const web =
    apiKey !== undefined && projectId !== undefined
      ? {
          apiKey,
          projectId,
          authDomain: read.string('FIREBASE_AUTH_DOMAIN', `${projectId}.firebaseapp.com`),
          appId: read.optional('FIREBASE_APP_ID'),
        }
      : undefined;
  const serviceAccountFile = read.optional('FIREBASE_SERVICE_ACCOUNT_FILE');
  let serviceAccountProject: string | undefined;
  if (serviceAccountFile !== undefined) {
    try {
      const key = JSON.parse(readFileSync(serviceAccountFile, 'utf8')) as Record<string, unknown>;
      if (
        typeof key.project_id !== 'string' ||
        typeof key.client_email !== 'string' ||
        typeof key.private_key !== 'string'
      )
        throw new Error('fields');
      serviceAccountProject = key.project_id;
    } catch {
      read.problems.push(
        `FIREBASE_SERVICE_ACCOUNT_FILE must name a readable service account key (JSON with project_id, client_email and private_key), got "${serviceAccountFile}"`,
      );
    }
  }
  const cookieDomain = read.optional('GALAXY_COOKIE_DOMAIN');
  if (cookieDomain !== undefined && !COOKIE_DOMAIN.test(cookieDomain))
    read.problems.push(
      `GALAXY_COOKIE_DOMAIN must be a domain such as .nordstern-digital.example, got "${cookieDomain}"`,
    );
  const exclusions = (read.optional('GALAXY_EXCLUSIONS') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of exclusions) {
    if (!SITE_PATH.test(entry))
      read.problems.push(
        `GALAXY_EXCLUSIONS must be a comma-separated list of paths such as /newsletter, got "${entry}"`,
      );
  }
  const adminProjectId = read.optional('FIREBASE_ADMIN_PROJECT_ID');
  if (emulatorNamed) {
    const problem = emulatorProblem(emulatorHost ?? '', read.optional('NODE_ENV'), siteUrl, [
      ['FIREBASE_PROJECT_ID', projectId],
      ['FIREBASE_ADMIN_PROJECT_ID', adminProjectId],
      ['the project of FIREBASE_SERVICE_ACCOUNT_FILE', serviceAccountProject],
    ]);
    if (problem) read.problems.push(problem);
  }
  return {
    web,
    adminProjectId: adminProjectId ?? projectId ?? serviceAccountProject,
    serviceAccountFile,
    emulatorHost,
    galaxyUrl: read.optionalUrl('GALAXY_URL'),
    galaxyApiUrl: read.optionalUrl('GALAXY_API_URL'),
    galaxyApiToken: read.optional('GALAXY_API_TOKEN'),
    galaxyApiTimeoutMs: read.integer('GALAXY_API_TIMEOUT_MS', 3_000, 100, 60_000),
    cookieDomain,
    exclusions,
    sessionMaxAgeMs: read.integer('SESSION_MAX_AGE_HOURS', 24, 1, 24 * 14) * 3_600_000,
  };
}

/** A bearer token travels in a header: visible ASCII without spaces. */
const TOKEN_CHARACTERS = /^[\x21-\x7e]+$/;

function metricsConfig(read: ReturnType<typeof createReader>, mainPort: number): MetricsConfig {
  const port = read.optionalInteger('METRICS_PORT', 1, 65535);
  if (port !== undefined && port === mainPort)
    read.problems.push(`METRICS_PORT must differ from PORT, got ${port} for both`);
  const token = read.secret('METRICS_TOKEN');
  if (token !== undefined && !TOKEN_CHARACTERS.test(token))
    read.problems.push('METRICS_TOKEN must be printable ASCII without spaces');
  return { port, token };
}

/** The address of a service, checked for its scheme; the message never repeats it, since it may hold a password. */
function serviceUrl(
  read: ReturnType<typeof createReader>,
  name: string,
  protocols: readonly string[],
): string | undefined {
  const value = read.optional(name);
  if (value === undefined) return undefined;
  try {
    if (protocols.includes(new URL(value).protocol)) return value;
  } catch {
    // Reported below.
  }
  read.problems.push(
    `${name} must be a URL starting with ${protocols.map((protocol) => `${protocol}//`).join(' or ')}`,
  );
  return undefined;
}

/** S3's rules for bucket names: 3 to 63 lower-case letters, digits, dots and hyphens, starting and ending with a letter or digit. */
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const REGION = /^[a-z0-9-]{2,32}$/;
const S3_VARIABLES = [
  'S3_REGION',
  'S3_ENDPOINT',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
] as const;

function objectStorageConfig(
  read: ReturnType<typeof createReader>,
  databaseUrlSet: boolean,
): ObjectStorageConfig | undefined {
  const bucket = read.optional('S3_BUCKET');
  if (bucket === undefined) {
    const stray = S3_VARIABLES.filter((name) => read.optional(name) !== undefined);
    if (stray.length > 0)
      read.problems.push(`S3_BUCKET must be set when ${stray.join(', ')} ${stray.length > 1 ? 'are' : 'is'} set`);
    return undefined;
  }
  if (!BUCKET_NAME.test(bucket))
    read.problems.push(
      `S3_BUCKET must be a bucket name of 3 to 63 lower-case letters, digits, dots and hyphens, got "${bucket}"`,
    );
  // The embedded database keeps files beside it in DATA_DIR, so one backup holds both.
  if (!databaseUrlSet)
    read.problems.push('S3_BUCKET needs DATABASE_URL: with the embedded database, uploaded files stay in DATA_DIR');
  const region = read.string('S3_REGION', 'eu-central-1');
  if (!REGION.test(region)) read.problems.push(`S3_REGION must be a region name such as eu-central-1, got "${region}"`);
  const accessKeyId = read.optional('S3_ACCESS_KEY_ID');
  const secretAccessKey = read.optional('S3_SECRET_ACCESS_KEY');
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined))
    read.problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  const endpoint = serviceUrl(read, 'S3_ENDPOINT', ['https:', 'http:']);
  return {
    bucket,
    region,
    ...(endpoint ? { endpoint } : {}),
    forcePathStyle: read.boolean('S3_FORCE_PATH_STYLE', false),
    ...(accessKeyId !== undefined && secretAccessKey !== undefined
      ? { credentials: { accessKeyId, secretAccessKey } }
      : {}),
  };
}

/** Each processor's variable; its location is the same name with _LOCATION. */
const PROVIDER_VARIABLES = [
  ['hosting', 'HOSTING_PROVIDER'],
  ['mail', 'MAIL_PROVIDER'],
  ['newsletter', 'NEWSLETTER_PROVIDER'],
  ['streaming', 'EVENT_STREAMING_PROVIDER'],
  ['storage', 'STORAGE_PROVIDER'],
] as const satisfies readonly (readonly [keyof ProviderNames, string])[];

/**
 * The processors the policy names. Its third-country section says that nothing leaves the EU/EEA
 * but through Google's services, so a processor is named only with the country where it processes
 * the data, and only a country of the EEA: elsewhere, that section would be false.
 */
function providersConfig(read: ReturnType<typeof createReader>, bucketSet: boolean): ProviderNames {
  const providers: ProviderNames = {};
  for (const [role, variable] of PROVIDER_VARIABLES) {
    const name = read.providerName(variable);
    const location = read.optional(`${variable}_LOCATION`);
    if (name !== undefined && location === undefined)
      read.problems.push(
        `${variable}_LOCATION must be set with ${variable}: the country where it processes the data, such as DE`,
      );
    else if (location !== undefined && name === undefined)
      read.problems.push(`${variable}_LOCATION is set without ${variable}`);
    else if (location !== undefined && !/^[A-Z]{2}$/.test(location))
      read.problems.push(
        `${variable}_LOCATION must be a two-letter country code such as DE, got "${location.slice(0, 40)}"`,
      );
    else if (location !== undefined && !EEA_COUNTRIES.has(location))
      read.problems.push(
        `${variable}_LOCATION is ${location}, outside the EU/EEA: the privacy policy says no data leaves the EU/EEA but through Google's services; name a processor in the EEA or extend that section first`,
      );
    if (name !== undefined) providers[role] = name;
  }
  if (providers.storage !== undefined && !bucketSet)
    read.problems.push(
      "STORAGE_PROVIDER needs S3_BUCKET: without a bucket, uploaded files stay on the hosting provider's servers",
    );
  return providers;
}

export function loadConfig(env: Env = process.env): Config {
  const read = createReader(env);
  const port = read.integer('PORT', 3000, 0, 65535);
  const siteUrl = read.url('SITE_URL', `http://localhost:${port}`);
  const config: Config = {
    port,
    host: read.string('HOST', '127.0.0.1'),
    logLevel: read.oneOf('LOG_LEVEL', LOG_LEVELS, 'info'),
    siteUrl,
    assetsBaseUrl: read.url('ASSETS_BASE_URL', '/content', { allowPath: true }),
    contentDir: path.resolve(read.string('CONTENT_DIR', 'content')),
    contentWatch: read.boolean('CONTENT_WATCH', false),
    contentCacheBytes: read.integer('CONTENT_CACHE_MB', 8, 1, 1024) * MB,
    distDir: path.resolve(read.string('DIST_DIR', 'dist')),
    staticDir: path.resolve(read.string('STATIC_DIR', 'static')),
    trustProxy: proxyTrust(read),
    renderTimeoutMs: read.integer('RENDER_TIMEOUT_MS', 10_000, 100, 120_000),
    dataDir: path.resolve(read.string('DATA_DIR', 'data')),
    storageProbeMs: read.integer('STORAGE_PROBE_MS', 5_000, 100, 600_000),
    tokenSecret: read.secret('TOKEN_SECRET'),
    databaseUrl: serviceUrl(read, 'DATABASE_URL', ['postgres:', 'postgresql:']),
    redisUrl: serviceUrl(read, 'REDIS_URL', ['redis:', 'rediss:']),
    objectStorage: objectStorageConfig(read, read.optional('DATABASE_URL') !== undefined),
    confirmationTtlHours: read.integer('CONFIRMATION_TTL_HOURS', 168, 1, 24 * 90),
    allowedOrigins: read.origins('ALLOWED_ORIGINS'),
    mail: {
      smtpUrl: serviceUrl(read, 'SMTP_URL', ['smtp:', 'smtps:']),
      from: read.string('MAIL_FROM', 'Nordstern Digital <no-reply@nordstern-digital.example>'),
      recipients: {
        contact: read.emails('CONTACT_TO', 'hello@nordstern-digital.example'),
        technology: read.emails('TECHNOLOGY_TO', env.CONTACT_TO?.trim() || 'hello@nordstern-digital.example'),
        omr: read.emails('OMR_TO', env.EVENTS_TO?.trim() || 'events@nordstern-digital.example'),
        events: read.emails('EVENTS_TO', 'events@nordstern-digital.example'),
        jobs: read.emails('JOBS_TO', 'jobs@nordstern-digital.example'),
      },
      maxAttempts: read.integer('MAIL_MAX_ATTEMPTS', 12, 1, 100),
      retryBaseMs: read.integer('MAIL_RETRY_BASE_MS', 30_000, 10, 3_600_000),
      pollMs: read.integer('MAIL_POLL_MS', 5_000, 10, 3_600_000),
      leaseMs: read.integer('MAIL_LEASE_MS', 120_000, 1_000, 3_600_000),
    },
    rateLimit: {
      max: read.integer('RATE_LIMIT_MAX', 20, 1, 1_000_000),
      readMax: read.integer('RATE_LIMIT_READ_MAX', 600, 1, 1_000_000),
      windowMs: read.integer('RATE_LIMIT_WINDOW_MS', 60_000, 1_000, 86_400_000),
    },
    uploads: {
      cvMaxBytes: read.integer('UPLOAD_CV_MAX_MB', 10, 1, 100) * MB,
      additionalMaxBytes: read.integer('UPLOAD_ADDITIONAL_MAX_MB', 10, 1, 100) * MB,
      additionalMaxCount: read.integer('UPLOAD_ADDITIONAL_MAX_COUNT', 5, 0, 20),
      quotaBytes: read.integer('UPLOAD_QUOTA_MB', 100, 1, 1_000_000) * MB,
      quotaWindowMs: read.integer('UPLOAD_QUOTA_WINDOW_MS', 3_600_000, 1_000, 7 * 86_400_000),
      minFreeDiskBytes: read.integer('MIN_FREE_DISK_MB', 256, 0, 100_000_000) * MB,
    },
    connections: {
      requestTimeoutMs: read.integer('REQUEST_TIMEOUT_MS', 120_000, 1_000, 3_600_000),
      headersTimeoutMs: read.integer('HEADERS_TIMEOUT_MS', 15_000, 1_000, 600_000),
      idleTimeoutMs: read.integer('IDLE_TIMEOUT_MS', 30_000, 1_000, 3_600_000),
      keepAliveTimeoutMs: read.integer('KEEP_ALIVE_TIMEOUT_MS', 5_000, 100, 600_000),
      maxConnections: read.integer('MAX_CONNECTIONS', 2_000, 1, 1_000_000),
      maxConnectionsPerAddress: read.integer('MAX_CONNECTIONS_PER_ADDRESS', 64, 1, 1_000_000),
      maxRequestsPerAddress: read.integer('MAX_REQUESTS_PER_ADDRESS', 32, 1, 1_000_000),
      bodyMemoryBytes: read.integer('BODY_MEMORY_MB', 8, 1, 4_096) * MB,
    },
    rendering: {
      concurrency: read.integer('RENDER_CONCURRENCY', 16, 1, 1_000),
      maxWaiting: read.integer('RENDER_QUEUE_MAX', 500, 0, 100_000),
    },
    pageCache: {
      maxBytes: read.integer('PAGE_CACHE_MB', 24, 0, 4096) * MB,
      ttlMs: read.integer('PAGE_CACHE_TTL_MS', 60_000, 1_000, 86_400_000),
      shared: {
        maxAgeS: read.integer('SHARED_CACHE_MAX_AGE_S', 300, 0, 31_536_000),
        staleS: read.integer('SHARED_CACHE_STALE_S', 3_600, 0, 31_536_000),
      },
    },
    careers: {
      url: read.optionalUrl('CAREERS_API_URL'),
      ttlMs: read.integer('CAREERS_TTL_MS', 300_000, 1_000, 86_400_000),
      timeoutMs: read.integer('CAREERS_TIMEOUT_MS', 3_000, 100, 60_000),
    },
    login: loginConfig(read, siteUrl),
    metrics: metricsConfig(read, port),
    retention: {
      contactDays: read.integer('RETENTION_CONTACT_DAYS', 730, 1, 3_650),
      applicationDays: read.integer('RETENTION_APPLICATION_DAYS', 180, 1, 3_650),
      eventDays: read.integer('RETENTION_EVENT_DAYS', 180, 1, 3_650),
      consentProofDays: read.integer('RETENTION_CONSENT_PROOF_DAYS', 1_095, 1, 3_650),
      mailDays: read.integer('RETENTION_MAIL_DAYS', 30, 1, 3_650),
    },
    providers: providersConfig(read, read.optional('S3_BUCKET') !== undefined),
    backupRotationDays: read.integer('BACKUP_ROTATION_DAYS', 30, 1, 3_650),
    tracking: trackingConfig(read),
    webVitals: { sampleRate: read.fraction('WEB_VITALS_SAMPLE_RATE', 0.1) },
  };
  // Replicas share the database, so a link one of them signed must verify on every other.
  if (config.databaseUrl && !config.tokenSecret)
    read.problems.push('TOKEN_SECRET must be set when DATABASE_URL is set, the same on every replica');
  if (read.problems.length > 0) throw new ConfigError(read.problems);
  return config;
}

export function publicConfig(config: Config): PublicConfig {
  return { siteUrl: config.siteUrl, assetsBaseUrl: config.assetsBaseUrl, login: publicLoginConfig(config.login) };
}

/** Sign-in is offered when the browser can reach Firebase and knows where Galaxy is. */
export function publicLoginConfig(login: LoginConfig): PublicLoginConfig | null {
  if (!login.web || !login.galaxyUrl) return null;
  return {
    firebase: login.web,
    ...(login.emulatorHost ? { emulatorUrl: `http://${login.emulatorHost}` } : {}),
    galaxyUrl: login.galaxyUrl,
    ...(login.cookieDomain ? { cookieDomain: login.cookieDomain } : {}),
    exclusions: login.exclusions,
  };
}
