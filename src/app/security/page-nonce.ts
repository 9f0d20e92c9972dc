/**
 * The page's Content Security Policy nonce, read in the browser from a script the server
 * wrote, for scripts the browser adds later (the tag manager, the maps library): both hand it on
 * to what they add in turn. The browser hides the nonce attribute's value once the policy
 * applies, so it is read from the property. Undefined when the page has none.
 */
export function pageNonce(): string | undefined {
  const script = document.querySelector<HTMLScriptElement>('script[nonce]');
  return script?.nonce || undefined;
}
