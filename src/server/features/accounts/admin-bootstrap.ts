/**
 * The first administrator (D5). ADMIN_EMAIL (with ADMIN_PASSWORD) creates or promotes one at
 * every start. Without it, a store that has no administrator yet gets one with a generated
 * password, printed once in the start log.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { deleteUserSessions } from './sessions.ts';
import { findUserByEmail, insertUser } from './users.service.ts';

export const DEFAULT_ADMIN_EMAIL = 'admin@studiolumi.local';

export async function ensureAdmin(db: Database, options: { email?: string | undefined; password?: string | undefined }, log: FastifyBaseLogger): Promise<void> {
  if (options.email) {
    const existing = await findUserByEmail(db, options.email);
    if (existing) {
      const changes: Partial<typeof users.$inferInsert> = { role: 'admin', updatedAt: new Date() };
      const passwordChanged = Boolean(options.password) && !(existing.passwordHash && await verifyPassword(existing.passwordHash, options.password!));
      if (passwordChanged) changes.passwordHash = await hashPassword(options.password!);
      const promoting = existing.role !== 'admin';
      await db.transaction(async (tx) => {
        await tx.update(users).set(changes).where(eq(users.id, existing.id));
        // A self-registered account becoming staff, or a new password: whoever holds its sessions
        // signs in again, with the password the operator chose when one is given.
        if (promoting || passwordChanged) await deleteUserSessions(tx, existing.id);
      });
      log.info({ email: existing.email }, existing.role === 'admin' ? 'administrator ready' : 'promoted to administrator');
      return;
    }
    const password = options.password ?? generatedPassword();
    await insertUser(db, { email: options.email, username: 'admin', passwordHash: await hashPassword(password), firstName: 'Admin', lastName: 'Studio Lumi', phone: null, role: 'admin' });
    announce(log, options.email, options.password ? null : password);
    return;
  }
  const [anyAdmin] = await db.select({ email: users.email }).from(users).where(eq(users.role, 'admin')).limit(1);
  if (anyAdmin) {
    log.info({ email: anyAdmin.email }, 'administrator account exists (set ADMIN_EMAIL and ADMIN_PASSWORD to change it)');
    return;
  }
  const password = generatedPassword();
  await insertUser(db, { email: DEFAULT_ADMIN_EMAIL, username: 'admin', passwordHash: await hashPassword(password), firstName: 'Admin', lastName: 'Studio Lumi', phone: null, role: 'admin' });
  announce(log, DEFAULT_ADMIN_EMAIL, password);
}

function generatedPassword(): string {
  return randomBytes(12).toString('base64url');
}

/** A plain banner on stdout for the person starting the store; the log gets no password. */
function announce(log: FastifyBaseLogger, email: string, password: string | null): void {
  log.warn({ email }, 'administrator account created');
  if (!password) return;
  process.stdout.write(['', '  Administrator account created', `    e-mail:   ${email}`, `    password: ${password}   (shown only now; set ADMIN_PASSWORD to choose one)`, '', ''].join('\n'));
}
