/**
 * Confirmation links: the subject (an email or a registration id), its purpose, language
 * and expiry, signed with HMAC-SHA256. A link cannot be guessed, forged or reused for
 * another purpose, and tells apart 'invalid' from 'expired'.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isLanguage, type Language } from '#app/i18n/language.ts';

export type TokenPurpose = 'newsletter' | 'event' | 'unsubscribe';

export interface TokenClaims {
  purpose: TokenPurpose;
  subject: string;
  language: Language;
  /** Expiry, seconds since the epoch. */
  expires: number;
}

export type TokenCheck = { ok: true; claims: TokenClaims } | { ok: false; reason: 'invalid' | 'expired' };

export interface TokenSigner {
  /** Valid for the configured lifetime unless told otherwise. */
  sign(claims: Omit<TokenClaims, 'expires'>, now?: number, ttlHours?: number): string;
  verify(token: string, purpose: TokenPurpose, now?: number): TokenCheck;
}

/** The generated secret's file in DATA_DIR; a backup carries it, or links in mails already sent stop working after a restore. */
/** base64url claims, a dot, a base64url signature. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

export const SECRET_FILE = 'token-secret';

/** The configured secret, or one generated once and kept in DATA_DIR so links survive restarts. */
export function resolveTokenSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, SECRET_FILE);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  return secret;
}

export function createTokenSigner(secret: string, defaultTtlHours: number): TokenSigner {
  const mac = (payload: string) => createHmac('sha256', secret).update(payload).digest();
  return {
    sign({ purpose, subject, language }, now = Date.now(), ttlHours = defaultTtlHours) {
      const claims = { p: purpose, s: subject, l: language, e: Math.floor(now / 1000) + ttlHours * 3600 };
      const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
      return `${payload}.${mac(payload).toString('base64url')}`;
    },
    verify(token, purpose, now = Date.now()) {
      // Node's base64 decoder skips characters it does not know: only the exact signed form counts,
      // so a link with anything added (an invisible character, a stray slash) is not valid.
      if (!TOKEN_SHAPE.test(token)) return { ok: false, reason: 'invalid' };
      const [payload, signature] = token.split('.') as [string, string];
      const expected = mac(payload);
      const given = Buffer.from(signature, 'base64url');
      if (given.toString('base64url') !== signature) return { ok: false, reason: 'invalid' };
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        return { ok: false, reason: 'invalid' };
      let claims: { p?: unknown; s?: unknown; l?: unknown; e?: unknown };
      try {
        claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as typeof claims;
      } catch {
        return { ok: false, reason: 'invalid' };
      }
      if (
        claims.p !== purpose ||
        typeof claims.s !== 'string' ||
        !isLanguage(claims.l) ||
        typeof claims.e !== 'number'
      ) {
        return { ok: false, reason: 'invalid' };
      }
      if (claims.e * 1000 < now) return { ok: false, reason: 'expired' };
      return { ok: true, claims: { purpose, subject: claims.s, language: claims.l, expires: claims.e } };
    },
  };
}
