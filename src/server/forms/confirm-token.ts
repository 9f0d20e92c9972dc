/** Reads a confirmation link's token, refusing forged, foreign and expired ones with a clear message. */
import type { TokenClaims, TokenPurpose, TokenSigner } from './tokens.ts';
import { FormRefusal } from './refusal.ts';

export function verifiedClaims(tokens: TokenSigner, token: string, purpose: TokenPurpose, field: string): TokenClaims {
  const check = tokens.verify(token, purpose);
  if (!check.ok) throw new FormRefusal(400, field, check.reason === 'expired' ? 'token_expired' : 'token_invalid');
  return check.claims;
}
