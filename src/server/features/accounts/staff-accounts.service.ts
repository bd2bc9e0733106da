/**
 * Who is staff (issue 36): an administrator makes an account staff or takes the role away, and
 * resets a colleague's lost authenticator. Each in one transaction with its audit row; the target's
 * sessions end, so the change holds at once everywhere.
 */
import { and, eq, ne } from 'drizzle-orm';
import type { StaffActor } from '../../../domain/audit.ts';
import { DomainError } from '../../../domain/errors.ts';
import type { Role } from '../../../domain/user.ts';
import { recordAudit } from '../../audit/audit.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { removeSecondFactor } from './second-factor.service.ts';
import { deleteUserSessions } from './sessions.ts';

/** Gives an account a role; resolves to whether anything changed. */
export async function setUserRole(db: Database, actor: StaffActor, userId: string, role: Role): Promise<{ changed: boolean }> {
  return db.transaction(async (tx) => {
    const [target] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!target) throw new DomainError('NOT_FOUND');
    if (target.role === role) return { changed: false };
    if (role === 'admin' && !target.emailVerifiedAt) throw new DomainError('EMAIL_NOT_PROVEN');
    if (target.role === 'admin') {
      // The other administrators, locked too: two taking each other's role at once cannot leave none.
      const others = await tx.select({ id: users.id }).from(users).where(and(eq(users.role, 'admin'), ne(users.id, userId))).for('update');
      if (others.length === 0) throw new DomainError('LAST_ADMINISTRATOR');
    }
    await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, userId));
    const sessionsEnded = await deleteUserSessions(tx as unknown as Database, userId);
    await recordAudit(tx as unknown as Database, actor, { action: 'user.role', subjectType: 'user', subjectId: userId, before: { role: target.role }, after: { role, sessionsEnded } });
    return { changed: true };
  });
}

/** Removes a staff member's authenticator (a lost phone): they sign in again and enrol anew. */
export async function resetSecondFactorOf(db: Database, actor: StaffActor, userId: string): Promise<{ removed: boolean }> {
  return db.transaction(async (tx) => {
    const [target] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    if (!target) throw new DomainError('NOT_FOUND');
    if (!(await removeSecondFactor(tx as unknown as Database, userId))) return { removed: false };
    const sessionsEnded = await deleteUserSessions(tx as unknown as Database, userId);
    await recordAudit(tx as unknown as Database, actor, { action: 'auth.second_factor_reset', subjectType: 'user', subjectId: userId, after: { sessionsEnded } });
    return { removed: true };
  });
}

