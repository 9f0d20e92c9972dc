/**
 * When a person last signed out here, to the millisecond, in the database every replica
 * shares. Firebase keeps a revocation in whole seconds and still accepts a sign-in made in
 * that same second (its check is `auth_time < validSince`); a sign-in's time is whole seconds
 * too, so one made in the second of a sign-out may have come before it. Such a credential is
 * refused here: the person signs in again, a second later.
 */
import type { SqlClient } from '../store/sql.ts';

export interface SignOuts {
  /** The last sign-out of this uid, milliseconds since the epoch, if there was one. */
  lastOf(uid: string): Promise<number | undefined>;
  record(uid: string, atMs: number): Promise<void>;
}

export function createSignOuts(db: SqlClient): SignOuts {
  return {
    async lastOf(uid) {
      return (await db.get<{ at: number }>('SELECT signed_out_at AS at FROM galaxy_sign_outs WHERE uid = ?', [uid]))
        ?.at;
    },
    async record(uid, atMs) {
      // The latest wins, whichever replica writes last.
      await db.run(
        `INSERT INTO galaxy_sign_outs (uid, signed_out_at) VALUES (?, ?)
         ON CONFLICT (uid) DO UPDATE SET signed_out_at = excluded.signed_out_at WHERE excluded.signed_out_at > galaxy_sign_outs.signed_out_at`,
        [uid, atMs],
      );
    },
  };
}

/** Whether a credential whose sign-in was in the second authTimeSeconds may be from before the sign-out at signedOutAtMs. */
export const signedInBeforeSignOut = (authTimeSeconds: number, signedOutAtMs: number | undefined): boolean =>
  signedOutAtMs !== undefined && authTimeSeconds * 1000 <= signedOutAtMs;
