/**
 * The first administrator (D5). ADMIN_EMAIL (with ADMIN_PASSWORD) creates or promotes one at
 * every start. Without it, a store that has no administrator yet gets one with a generated
 * password, printed once on stdout.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { SYSTEM_ACTOR } from '../../../domain/audit.ts';
import { recordAudit } from '../../audit/audit.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { withAdvisoryLock } from '../../db/locks.ts';
import { voidResetTokens } from './reset-tokens.ts';
import { removeSecondFactor } from './second-factor.service.ts';
import { deleteUserSessions } from './sessions.ts';
import { findUserByEmail, insertUser } from './users.service.ts';

export const DEFAULT_ADMIN_EMAIL = 'admin@studiolumi.local';

/** The store cannot start as configured; the message says what the operator should do. */
export class AdminBootstrapError extends Error {}

/**
 * Runs under a transaction-scoped advisory lock, so two processes starting together on one
 * database make one administrator, not one each or a crash on the unique e-mail (issue 13, item 8).
 */
export async function ensureAdmin(db: Database, options: { email?: string | undefined; password?: string | undefined }, log: FastifyBaseLogger): Promise<void> {
  const announcement = await withAdvisoryLock(db, 'admin-bootstrap', (tx) => options.email
    ? ensureNamedAdmin(tx, options.email, options.password, log)
    : ensureSomeAdmin(tx, log));
  if (announcement) announce(log, announcement.email, announcement.password);
}

type Announcement = { email: string; password: string | null } | null;

async function ensureNamedAdmin(tx: Database, email: string, password: string | undefined, log: FastifyBaseLogger): Promise<Announcement> {
  const existing = await findUserByEmail(tx, email);
  if (!existing) {
    const chosen = password ?? generatedPassword();
    const created = await insertUser(tx, { ...ADMIN_PROFILE, email, passwordHash: await hashPassword(chosen) });
    await recordRoleBySystem(tx, created.id, null, { sessionsEnded: 0 });
    return { email, password: password ? null : chosen };
  }
  const promoting = existing.role !== 'admin';
  // Whoever registered the shop's address first must not become staff by it: an account is
  // promoted only when its address was proven (a reset link or Google), or when the operator
  // replaces its password with ADMIN_PASSWORD (issue 13, item 2).
  if (promoting && !password && !existing.emailVerifiedAt) {
    throw new AdminBootstrapError(
      `ADMIN_EMAIL ${existing.email} belongs to an existing account whose address was never proven, so it is not made an administrator. `
      + 'Set ADMIN_PASSWORD as well to take the account over with that password (its sessions end), '
      + 'or prove the address first (ask for a password reset and use the link mailed to it, or sign in with Google), then start again.',
    );
  }
  const passwordChanged = password !== undefined && !(existing.passwordHash && await verifyPassword(existing.passwordHash, password));
  if (!promoting && !passwordChanged) {
    log.info({ email: existing.email }, 'administrator ready');
    return null;
  }
  await tx.update(users)
    .set({ role: 'admin', updatedAt: new Date(), ...(passwordChanged ? { passwordHash: await hashPassword(password) } : {}) })
    .where(eq(users.id, existing.id));
  // A self-registered account becoming staff, or a new password: whoever holds its sessions or
  // its reset links signs in again, with the password the operator chose when one is given.
  const sessionsEnded = await deleteUserSessions(tx, existing.id);
  await voidResetTokens(tx, existing.id);
  if (promoting) await recordRoleBySystem(tx, existing.id, existing.role, { sessionsEnded });
  // The operator's way back into an account whose authenticator is lost: a new ADMIN_PASSWORD
  // also removes its second factor (it enrols again at its next sign-in, or from My Page).
  if (passwordChanged && await removeSecondFactor(tx, existing.id)) {
    await recordAudit(tx, SYSTEM_ACTOR, { action: 'auth.second_factor_reset', subjectType: 'user', subjectId: existing.id, after: { sessionsEnded } });
  }
  log.info({ email: existing.email }, promoting ? 'promoted to administrator' : 'administrator password set from ADMIN_PASSWORD');
  return null;
}

async function ensureSomeAdmin(tx: Database, log: FastifyBaseLogger): Promise<Announcement> {
  const [anyAdmin] = await tx.select({ email: users.email }).from(users).where(eq(users.role, 'admin')).limit(1);
  if (anyAdmin) {
    log.info({ email: anyAdmin.email }, 'administrator account exists (set ADMIN_EMAIL and ADMIN_PASSWORD to change it)');
    return null;
  }
  // The default address may already be a customer's (someone registered it): then it is not taken over.
  if (await findUserByEmail(tx, DEFAULT_ADMIN_EMAIL)) {
    throw new AdminBootstrapError(`The store has no administrator and ${DEFAULT_ADMIN_EMAIL} is taken by a customer account. Set ADMIN_EMAIL and ADMIN_PASSWORD to create one, then start again.`);
  }
  const generated = generatedPassword();
  const created = await insertUser(tx, { ...ADMIN_PROFILE, email: DEFAULT_ADMIN_EMAIL, passwordHash: await hashPassword(generated) });
  await recordRoleBySystem(tx, created.id, null, { sessionsEnded: 0 });
  return { email: DEFAULT_ADMIN_EMAIL, password: generated };
}

/** The store itself made an account staff at start (ADMIN_EMAIL, or the first run): on the trail like any change of role. */
async function recordRoleBySystem(tx: Database, userId: string, before: string | null, facts: { sessionsEnded: number }): Promise<void> {
  await recordAudit(tx, SYSTEM_ACTOR, {
    action: 'user.role', subjectType: 'user', subjectId: userId,
    before: before ? { role: before } : null, after: { role: 'admin', ...facts },
  });
}

const ADMIN_PROFILE = { username: 'admin', firstName: 'Admin', lastName: 'Studio Lumi', phone: null, role: 'admin' } as const;

function generatedPassword(): string {
  return randomBytes(12).toString('base64url');
}

/** A plain banner on stdout for the person starting the store; the log gets no password. */
function announce(log: FastifyBaseLogger, email: string, password: string | null): void {
  log.warn({ email }, 'administrator account created');
  if (!password) return;
  process.stdout.write(['', '  Administrator account created', `    e-mail:   ${email}`, `    password: ${password}   (shown only now; set ADMIN_PASSWORD to choose one)`, '', ''].join('\n'));
}
