/** Outstanding password-reset links, kept apart so the profile service can void them without a cycle. */
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { passwordResetTokens } from '../../db/schema.ts';

/** Every outstanding link of the user stops working (its address changed, or one was used). */
export async function voidResetTokens(db: Database, userId: string): Promise<void> {
  await db.update(passwordResetTokens).set({ usedAt: new Date() }).where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}
