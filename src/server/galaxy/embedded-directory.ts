/**
 * The embedded Galaxy directory: accounts (by Firebase uid) and invitations (by email) in the
 * site's database. An invitation counts only for a verified email, so nobody gains an
 * invitation by creating an identity with someone else's address.
 */
import type { GalaxyRole, GalaxyUser } from '#app/login/galaxy-user.ts';
import type { Database } from '../store/database.ts';
import type { GalaxyDirectory, VerifiedIdentity } from './directory.ts';

interface AccountRow {
  uid: string;
  email: string;
  name: string | null;
  role: GalaxyRole;
  created_at: string;
}

interface InvitationRow {
  email: string;
  role: GalaxyRole;
  invited_at: string;
  expires_at: string;
}

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

export function createEmbeddedDirectory(db: Database, now: () => Date = () => new Date()): GalaxyDirectory {
  const accountByUid = db.prepare('SELECT uid, email, name, role, created_at FROM galaxy_accounts WHERE uid = ?');
  const invitationByEmail = db.prepare('SELECT email, role, invited_at, expires_at FROM galaxy_invitations WHERE email = ? AND expires_at > ?');
  return {
    async findUser(identity: VerifiedIdentity): Promise<GalaxyUser | null> {
      const account = accountByUid.get(identity.uid) as AccountRow | undefined;
      if (account) return { uid: account.uid, email: account.email, name: account.name, role: account.role, status: 'active' };
      if (!identity.email || !identity.emailVerified) return null;
      const invitation = invitationByEmail.get(normalizeEmail(identity.email), now().toISOString()) as InvitationRow | undefined;
      if (!invitation) return null;
      return { uid: identity.uid, email: invitation.email, name: null, role: invitation.role, status: 'invited' };
    },
  };
}

/** The operators' side of the embedded directory (the `npm run galaxy` tool). */
export function createDirectoryAdmin(db: Database, now: () => Date = () => new Date()) {
  return {
    addAccount(account: { uid: string; email: string; name?: string; role: GalaxyRole }): void {
      db.prepare(
        `INSERT INTO galaxy_accounts (uid, email, name, role, created_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (uid) DO UPDATE SET email = excluded.email, name = excluded.name, role = excluded.role`,
      ).run(account.uid, normalizeEmail(account.email), account.name ?? null, account.role, now().toISOString());
    },
    invite(invitation: { email: string; role: GalaxyRole; days: number }): { expiresAt: string } {
      const invitedAt = now();
      const expiresAt = new Date(invitedAt.getTime() + invitation.days * 86_400_000).toISOString();
      db.prepare(
        `INSERT INTO galaxy_invitations (email, role, invited_at, expires_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (email) DO UPDATE SET role = excluded.role, invited_at = excluded.invited_at, expires_at = excluded.expires_at`,
      ).run(normalizeEmail(invitation.email), invitation.role, invitedAt.toISOString(), expiresAt);
      return { expiresAt };
    },
    /** Removes the account with this uid, or the account(s) and invitation of this email; answers how many went. */
    remove(key: { uid?: string; email?: string }): number {
      if (key.uid !== undefined) return Number(db.prepare('DELETE FROM galaxy_accounts WHERE uid = ?').run(key.uid).changes);
      const email = normalizeEmail(key.email ?? '');
      const accounts = Number(db.prepare('DELETE FROM galaxy_accounts WHERE email = ?').run(email).changes);
      const invitations = Number(db.prepare('DELETE FROM galaxy_invitations WHERE email = ?').run(email).changes);
      return accounts + invitations;
    },
    list(): { accounts: AccountRow[]; invitations: InvitationRow[] } {
      return {
        accounts: db.prepare('SELECT uid, email, name, role, created_at FROM galaxy_accounts ORDER BY email, uid').all() as unknown as AccountRow[],
        invitations: db.prepare('SELECT email, role, invited_at, expires_at FROM galaxy_invitations ORDER BY email').all() as unknown as InvitationRow[],
      };
    },
  };
}
