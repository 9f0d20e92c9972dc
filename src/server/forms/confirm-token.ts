/** Reads a confirmation link's token, refusing forged, foreign and expired ones with a clear message. */

import { FormRefusal } from './refusal.ts';
import type { TokenClaims, TokenPurpose, TokenSigner } from './tokens.ts';

/** What a link names since links carry no address: a submission's id. */
const SUBMISSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const namesSubmission = (subject: string) => SUBMISSION_ID.test(subject);

export function verifiedClaims(tokens: TokenSigner, token: string, purpose: TokenPurpose, field: string): TokenClaims {
  const check = tokens.verify(token, purpose);
  if (!check.ok) throw new FormRefusal(400, field, check.reason === 'expired' ? 'token_expired' : 'token_invalid');
  // A confirmation link mailed before links stopped carrying the address names no sign-up;
  // it is over, like an expired one, and the person signs up again.
  if (!namesSubmission(check.claims.subject)) throw new FormRefusal(400, field, 'token_expired');
  return check.claims;
}
