/**
 * The Galaxy user as the server's directory answers it and the browser keeps it: one
 * declaration for the JSON Schema (the API's response and the platform client's check)
 * and the TypeScript type.
 */
import Type, { type Static } from 'typebox';

export const GALAXY_ROLES = ['admin', 'editor', 'viewer'] as const;
export type GalaxyRole = (typeof GALAXY_ROLES)[number];

export const GalaxyUserSchema = Type.Object(
  {
    uid: Type.String({ minLength: 1, maxLength: 128 }),
    email: Type.String({ minLength: 3, maxLength: 320 }),
    name: Type.Union([Type.String({ maxLength: 200 }), Type.Null()]),
    role: Type.Union([Type.Literal('admin'), Type.Literal('editor'), Type.Literal('viewer')]),
    /** An account the platform knows, or an invitation not yet taken up. */
    status: Type.Union([Type.Literal('active'), Type.Literal('invited')]),
  },
  { additionalProperties: false },
);
export type GalaxyUser = Static<typeof GalaxyUserSchema>;

/** The claims a Galaxy custom token carries, taken from the caller's Galaxy user. */
export function galaxyClaims(user: GalaxyUser): { galaxyRole: GalaxyRole; galaxyStatus: GalaxyUser['status'] } {
  return { galaxyRole: user.role, galaxyStatus: user.status };
}

/** What the browser needs to offer sign-in: the Firebase web app, the platform's address and the referral cookie's domain. */
export interface PublicLoginConfig {
  firebase: { apiKey: string; authDomain: string; projectId: string; appId?: string };
  /** http://host:port of the Firebase Auth emulator, when the server runs against it. */
  emulatorUrl?: string;
  /** Where a signed-in client goes. */
  galaxyUrl: string;
  /** The shared parent domain of the site and the platform, for the referral cookie. */
  cookieDomain?: string;
  /** Paths of this site (prefixes) on which the login entry is not offered. */
  exclusions: string[];
}
