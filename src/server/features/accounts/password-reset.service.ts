/**
 * Password reset (D13): a random token stored hashed, valid one hour, used once. Asking answers
 * the same whether or not the address has an account; using it proves the address, sets the new
 * password and ends every session of the user, all in one transaction.
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { DomainError } from '../../../domain/errors.ts';
import type { Database } from '../../db/client.ts';
import { passwordResetTokens, users } from '../../db/schema.ts';
import { hashPassword } from './password.ts';
import { assertUncommonPassword } from './password-policy.ts';
import type { UserRow } from './public-user.ts';
import { deleteUserSessions } from './sessions.ts';
import { hashToken, newToken } from './tokens.ts';
import { findUserByEmail } from './users.service.ts';

export const RESET_TOKEN_MS = 60 * 60 * 1000;

/** Creates a reset token for the address's account; null when there is no such account. */
export async function createResetToken(db: Database, email: string): Promise<{ user: UserRow; token: string } | null> {
  const user = await findUserByEmail(db, email);
  if (!user) return null;
  const token = newToken();
  await db.insert(passwordResetTokens).values({ userId: user.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + RESET_TOKEN_MS) });
  return { user, token };
}

export async function resetPassword(db: Database, token: string, password: string): Promise<void> {
  assertUncommonPassword(password);
  // Hashed before the transaction: argon2 takes tens of milliseconds no lock needs to wait for.
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    // Claiming the token and checking it is one statement, so two uses at once cannot both win.
    const [claimed] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResetTokens.tokenHash, hashToken(token)), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, new Date())))
      .returning({ userId: passwordResetTokens.userId });
    if (!claimed) throw new DomainError('RESET_TOKEN_INVALID');
    // The link arrived in the inbox, so the address is proven.
    await tx.update(users)
      .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: new Date() })
      .where(eq(users.id, claimed.userId));
    // Older links of the same user stop working too, and every session ends.
    await tx.update(passwordResetTokens).set({ usedAt: new Date() }).where(and(eq(passwordResetTokens.userId, claimed.userId), isNull(passwordResetTokens.usedAt)));
    await deleteUserSessions(tx, claimed.userId);
  });
}
