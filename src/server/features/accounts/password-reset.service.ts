/**
 * Password reset (D13): a random token stored hashed, valid one hour, used once. Asking answers
 * the same whether or not the address has an account; using it ends every session of the user.
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { passwordResetTokens } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import { deleteUserSessions } from './sessions.ts';
import { hashToken, newToken } from './tokens.ts';
import { findUserByEmail, setPassword } from './users.service.ts';
import type { UserRow } from './public-user.ts';

export const RESET_TOKEN_MS = 60 * 60 * 1000;

/** Creates a reset token for the address's account; null when there is no such account. */
export async function createResetToken(db: Database, email: string): Promise<{ user: UserRow; token: string } | null> {
  const user = await findUserByEmail(db, email);
  if (!user) return null;
  const token = newToken();
  await db.insert(passwordResetTokens).values({ userId: user.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + RESET_TOKEN_MS) });
  return { user, token };
}

export const invalidResetLink = () => new HttpError(400, 'RESET_TOKEN_INVALID', 'auth.resetInvalid');

export async function resetPassword(db: Database, token: string, password: string): Promise<void> {
  // Claiming the token and checking it is one statement, so two uses at once cannot both win.
  const [claimed] = await db
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResetTokens.tokenHash, hashToken(token)), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, new Date())))
    .returning({ userId: passwordResetTokens.userId });
  if (!claimed) throw invalidResetLink();
  await setPassword(db, claimed.userId, password);
  // Older links of the same user stop working too, and every session ends.
  await db.update(passwordResetTokens).set({ usedAt: new Date() }).where(and(eq(passwordResetTokens.userId, claimed.userId), isNull(passwordResetTokens.usedAt)));
  await deleteUserSessions(db, claimed.userId);
}
