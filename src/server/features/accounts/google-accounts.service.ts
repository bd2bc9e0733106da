import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import type { VerifiedIdentity } from './google.ts';
import type { UserRow } from './public-user.ts';
import { findUserByEmail, insertUser } from './users.service.ts';

/**
 * The account for a verified Google identity: the one already linked to it, else the one with
 * the same (verified) e-mail, which gets linked, else a new customer account.
 */
export async function accountForGoogleIdentity(db: Database, identity: VerifiedIdentity): Promise<UserRow> {
  const [linked] = await db.select().from(users).where(eq(users.googleSubject, identity.subject)).limit(1);
  if (linked) return linked;
  const existing = await findUserByEmail(db, identity.email);
  if (existing) {
    const [updated] = await db.update(users).set({ googleSubject: identity.subject, updatedAt: new Date() }).where(eq(users.id, existing.id)).returning();
    return updated ?? existing;
  }
  return insertUser(db, {
    email: identity.email,
    username: identity.email.split('@')[0]!.slice(0, 40).padEnd(3, '0'),
    passwordHash: null,
    firstName: identity.firstName,
    lastName: identity.lastName,
    phone: null,
    googleSubject: identity.subject,
  });
}
