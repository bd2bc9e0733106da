import { eq } from 'drizzle-orm';
import { usernameFromEmail } from '../../../domain/validation/account-fields.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import type { VerifiedIdentity } from './google.ts';
import type { UserRow } from './public-user.ts';
import { deleteUserSessions } from './sessions.ts';
import { findUserByEmail, insertUser } from './users.service.ts';

/**
 * The account for a verified Google identity: the one already linked to it, else the one with
 * the same e-mail, which gets linked, else a new customer account. Google has verified the
 * address, so it counts as proven from now on.
 *
 * Pre-hijacking: anyone can register someone else's address with a password of their own. If
 * that account's address was never proven, linking it to the real owner's Google identity ends
 * all its sessions and removes its password, so whoever set them up is locked out.
 */
export async function accountForGoogleIdentity(db: Database, identity: VerifiedIdentity): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const [linked] = await tx.select().from(users).where(eq(users.googleSubject, identity.subject)).limit(1);
    if (linked) return linked;
    const existing = await findUserByEmail(tx, identity.email);
    if (existing) {
      const proven = existing.emailVerifiedAt !== null;
      const [updated] = await tx.update(users)
        .set({ googleSubject: identity.subject, emailVerifiedAt: existing.emailVerifiedAt ?? new Date(), ...(proven ? {} : { passwordHash: null }), updatedAt: new Date() })
        .where(eq(users.id, existing.id))
        .returning();
      if (!proven) await deleteUserSessions(tx, existing.id);
      return updated ?? existing;
    }
    return insertUser(tx, {
      email: identity.email,
      username: usernameFromEmail(identity.email),
      passwordHash: null,
      firstName: identity.firstName,
      lastName: identity.lastName,
      phone: null,
      googleSubject: identity.subject,
      emailVerifiedAt: new Date(),
    });
  });
}
