/**
 * The Content Security Policy nonce of the response, for the inline scripts the server
 * renders; none on a page the page cache keeps (its inline scripts are allowed by their
 * hashes). Only the server knows it: the browser hides a nonce attribute once the policy is
 * applied, so elements carrying one are rendered with `suppressHydrationWarning` and the
 * browser's render leaves the attribute out.
 */
import { createContext, type ReactNode, use } from 'react';

const NonceContext = createContext<string | undefined>(undefined);

export function NonceProvider({ nonce, children }: { nonce: string | undefined; children: ReactNode }) {
  return <NonceContext value={nonce}>{children}</NonceContext>;
}

/** The nonce on the server; undefined in the browser. */
export function useNonce(): string | undefined {
  return use(NonceContext);
}
