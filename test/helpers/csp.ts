/**
 * Reading a Content Security Policy and a page's inline scripts the way a browser would, apart
 * from the server's own code (security/content-security-policy.ts), so the tests check it.
 */
import { createHash } from 'node:crypto';

export const directives = (policy: string) =>
  new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
export const nonceOf = (policy: string) => /'nonce-([\w-]+)'/.exec(policy)?.[1];
export const hashesOf = (policy: string) =>
  new Set(
    directives(policy)
      .get('script-src')
      ?.filter((source) => source.startsWith("'sha256-")),
  );
/** Each inline script element's opening tag and text. */
export const inlineScripts = (html: string) =>
  [...html.matchAll(/(<script\b[^>]*>)([\s\S]*?)<\/script>/g)]
    .filter((match) => !/\ssrc=/.test(match[1]!))
    .map((match) => ({ tag: match[1]!, text: match[2]! }));
export const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
