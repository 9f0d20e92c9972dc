/**
 * The Galaxy user directory: who may enter the platform. One interface, two implementations:
 * the platform's own user API (GALAXY_API_URL) and the embedded default, accounts and
 * invitations in this site's database (managed with `npm run galaxy`).
 */
import type { GalaxyUser } from '#app/login/galaxy-user.ts';

/** A signed-in identity as the verified ID token names it. */
export interface VerifiedIdentity {
  uid: string;
  email?: string;
  emailVerified: boolean;
}

export interface GalaxyDirectory {
  /** The caller's Galaxy user: an account by uid, or an open invitation by verified email; null when there is neither. */
  findUser(identity: VerifiedIdentity): Promise<GalaxyUser | null>;
}

/** The directory could not answer (the platform is down, slow or answered something else). */
export class DirectoryUnavailableError extends Error {
  override name = 'DirectoryUnavailableError';
}
