/**
 * Password reset (D13): a random token stored hashed, valid one hour, used once. Asking answers
 * the same whether or not the address has an account; using it sets the new password and ends
 * every session of the user, all in one transaction.
 *
 * A token records the address it was mailed to and proves that address only, and only while it
 * is still the account's: an account whose e-mail changed after the link was sent cannot use it
 * (changing the e-mail also voids outstanding tokens, `voidResetTokens`), or an old link would
 * mark an address as proven that never saw it (issue 13, item 1).
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { DomainError } from '../../../domain/errors.ts';
import type { Database } from '../../db/client.ts';
import { passwordResetTokens, users } from '../../db/schema.ts';
import { hashPassword } from './password.ts';
import { assertUncommonPassword } from './password-policy.ts';
import type { UserRow } from './public-user.ts';
import { voidResetTokens } from './reset-tokens.ts';
import { deleteUserSessions } from './sessions.ts';
import { hashToken, newToken } from './tokens.ts';
import { findUserByEmail } from './users.service.ts';

const RESET_TOKEN_MS = 60 * 60 * 1000;

/** Creates a reset token for the address's account; null when there is no such account. */
export async function createResetToken(db: Database, email: string): Promise<{ user: UserRow; token: string } | null> {
  const user = await findUserByEmail(db, email);
  if (!user) return null;
  const token = newToken();
  await db.insert(passwordResetTokens).values({ userId: user.id, email: user.email, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + RESET_TOKEN_MS) });
  return { user, token };
}


/** Sets the new password; answers the address it proved, so the caller can lift its sign-in limits. */
export async function resetPassword(db: Database, token: string, password: string): Promise<string> {
  assertUncommonPassword(password);
  // Hashed before the transaction: argon2 takes tens of milliseconds no lock needs to wait for.
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    // Claiming the token and checking it is one statement, so two uses at once cannot both win.
    const [claimed] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResetTokens.tokenHash, hashToken(token)), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, new Date())))
      .returning({ userId: passwordResetTokens.userId, email: passwordResetTokens.email });
    if (!claimed?.email) throw new DomainError('RESET_TOKEN_INVALID');
    // The link arrived in the inbox it was sent to, so that address is proven; the account must
    // still have it, checked in the same statement that changes the password.
    const [updated] = await tx.update(users)
      .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: new Date() })
      .where(and(eq(users.id, claimed.userId), eq(sql`lower(${users.email})`, claimed.email.toLowerCase())))
      .returning({ id: users.id });
    if (!updated) throw new DomainError('RESET_TOKEN_INVALID');
    // Older links of the same user stop working too, every session ends, and the sign-in
    // failures counted against the address are forgiven by the caller (auth.routes.ts).
    await voidResetTokens(tx, claimed.userId);
    await deleteUserSessions(tx, claimed.userId);
    return claimed.email;
  });
}
