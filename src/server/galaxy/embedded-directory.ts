/**
 * The embedded Galaxy directory: accounts (by Firebase uid) and invitations (by email) in the
 * site's database. An invitation counts only for a verified email, so nobody gains an
 * invitation by creating an identity with someone else's address.
 */
import type { GalaxyRole, GalaxyUser } from '#app/login/galaxy-user.ts';
import { emailKey } from '../store/email-key.ts';
import type { SqlClient } from '../store/sql.ts';
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

export function createEmbeddedDirectory(db: SqlClient, now: () => Date = () => new Date()): GalaxyDirectory {
  return {
    async findUser(identity: VerifiedIdentity): Promise<GalaxyUser | null> {
      const account = await db.get<AccountRow>(
        'SELECT uid, email, name, role, created_at FROM galaxy_accounts WHERE uid = ?',
        [identity.uid],
      );
      if (account)
        return { uid: account.uid, email: account.email, name: account.name, role: account.role, status: 'active' };
      if (!identity.email || !identity.emailVerified) return null;
      const invitation = await db.get<InvitationRow>(
        'SELECT email, role, invited_at, expires_at FROM galaxy_invitations WHERE email = ? AND expires_at > ?',
        [emailKey(identity.email), now().toISOString()],
      );
      if (!invitation) return null;
      return { uid: identity.uid, email: invitation.email, name: null, role: invitation.role, status: 'invited' };
    },
  };
}

/** The operators' side of the embedded directory (the `npm run galaxy` tool). */
export function createDirectoryAdmin(db: SqlClient, now: () => Date = () => new Date()) {
  return {
    async addAccount(account: { uid: string; email: string; name?: string; role: GalaxyRole }): Promise<void> {
      await db.run(
        `INSERT INTO galaxy_accounts (uid, email, name, role, created_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (uid) DO UPDATE SET email = excluded.email, name = excluded.name, role = excluded.role`,
        [account.uid, emailKey(account.email), account.name ?? null, account.role, now().toISOString()],
      );
    },
    async invite(invitation: { email: string; role: GalaxyRole; days: number }): Promise<{ expiresAt: string }> {
      const invitedAt = now();
      const expiresAt = new Date(invitedAt.getTime() + invitation.days * 86_400_000).toISOString();
      await db.run(
        `INSERT INTO galaxy_invitations (email, role, invited_at, expires_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (email) DO UPDATE SET role = excluded.role, invited_at = excluded.invited_at, expires_at = excluded.expires_at`,
        [emailKey(invitation.email), invitation.role, invitedAt.toISOString(), expiresAt],
      );
      return { expiresAt };
    },
    /** Removes the account with this uid, or the account(s) and invitation of this email; answers how many went. */
    async remove(key: { uid?: string; email?: string }): Promise<number> {
      if (key.uid !== undefined) return db.run('DELETE FROM galaxy_accounts WHERE uid = ?', [key.uid]);
      const email = emailKey(key.email ?? '');
      const accounts = await db.run('DELETE FROM galaxy_accounts WHERE email = ?', [email]);
      const invitations = await db.run('DELETE FROM galaxy_invitations WHERE email = ?', [email]);
      return accounts + invitations;
    },
    async list(): Promise<{ accounts: AccountRow[]; invitations: InvitationRow[] }> {
      return {
        accounts: await db.all<AccountRow>(
          'SELECT uid, email, name, role, created_at FROM galaxy_accounts ORDER BY email, uid',
        ),
        invitations: await db.all<InvitationRow>(
          'SELECT email, role, invited_at, expires_at FROM galaxy_invitations ORDER BY email',
        ),
      };
    },
  };
}
