import path from 'node:path';

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
  /** Output of `npm run build`: manifest.json and public/ with the hashed assets. */
  distDir: string;
  staticDir: string;
  trustProxy: boolean;
  /** A render that has not finished after this long is aborted. */
  renderTimeoutMs: number;
}

/** The subset of the configuration that is sent to the browser. */
export interface PublicConfig {
  siteUrl: string;
  assetsBaseUrl: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

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

export function loadConfig(env: Env = process.env): Config {
  const read = createReader(env);
  const port = read.integer('PORT', 3000, 0, 65535);
  const config: Config = {
    port,
    host: read.string('HOST', '127.0.0.1'),
    logLevel: read.oneOf('LOG_LEVEL', LOG_LEVELS, 'info'),
    siteUrl: read.url('SITE_URL', `http://localhost:${port}`),
    assetsBaseUrl: read.url('ASSETS_BASE_URL', '/content', { allowPath: true }),
    contentDir: path.resolve(read.string('CONTENT_DIR', 'content')),
    distDir: path.resolve(read.string('DIST_DIR', 'dist')),
    staticDir: path.resolve(read.string('STATIC_DIR', 'static')),
    trustProxy: read.boolean('TRUST_PROXY', false),
    renderTimeoutMs: read.integer('RENDER_TIMEOUT_MS', 10_000, 100, 120_000),
  };
  if (read.problems.length > 0) throw new ConfigError(read.problems);
  return config;
}

export function publicConfig(config: Config): PublicConfig {
  return { siteUrl: config.siteUrl, assetsBaseUrl: config.assetsBaseUrl };
}
