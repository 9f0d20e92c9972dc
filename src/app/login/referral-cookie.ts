/**
 * The short-lived cookie that tells Galaxy a visitor came from the website: galaxy-referrer=website,
 * path /, 20 seconds, secure except on localhost, on the parent domain the two share when configured.
 */
export const REFERRAL_COOKIE = 'galaxy-referrer';
export const REFERRAL_COOKIE_VALUE = 'website';
export const REFERRAL_COOKIE_SECONDS = 20;

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export function referralCookie(hostname: string, cookieDomain?: string): string {
  const parts = [
    `${REFERRAL_COOKIE}=${REFERRAL_COOKIE_VALUE}`,
    'path=/',
    `max-age=${REFERRAL_COOKIE_SECONDS}`,
    'samesite=lax',
  ];
  // A domain the page is not on would make the browser drop the cookie; only a parent domain is set.
  if (cookieDomain && `.${hostname}`.endsWith(`.${cookieDomain.replace(/^\./, '')}`))
    parts.push(`domain=${cookieDomain}`);
  if (!LOCAL_HOSTS.has(hostname)) parts.push('secure');
  return parts.join('; ');
}
