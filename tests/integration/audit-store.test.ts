/**
 * The audit trail's store (issue 36): a row is written in the transaction of its effect and goes
 * with it when that rolls back; a customer's address is never kept; and the database itself refuses
 * to change or remove a row (UPDATE, DELETE, TRUNCATE), on PGlite and PostgreSQL alike.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR, type AuditActor } from '../../src/domain/audit.ts';
import { recordAudit } from '../../src/server/audit/audit.ts';
import type { Database } from '../../src/server/db/client.ts';
import { auditEvents } from '../../src/server/db/schema.ts';
import { BACKENDS } from './harness.ts';
import { createScratchDatabase, type ScratchDatabase } from './support/scratch-db.ts';

const staff: AuditActor = {
  kind: 'staff', userId: '0b6f0f0e-1d1c-4c55-9d1f-1f0a9c8e2d11', email: 'staff@studiolumi.test', ip: '203.0.113.7',
  userAgent: `Mozilla/5.0 ${'x'.repeat(400)}`, sessionId: '5f0c2a8e-9a43-4a4b-8a0e-2b0d6f7e9c10', requestId: 'req-1',
};

/** The SQLSTATE of what `work` threw (drizzle wraps the driver's error). */
async function sqlState(work: Promise<unknown>): Promise<string | undefined> {
  try {
    await work;
  } catch (error) {
    const found = error as { code?: string; cause?: { code?: string } };
    return found.cause?.code ?? found.code;
  }
  return undefined;
}

describe.each(BACKENDS)('the audit trail on %s', (backend) => {
  let scratch: ScratchDatabase;
  let db: Database;
  beforeAll(async () => {
    scratch = await createScratchDatabase(backend);
    db = scratch.handle.db;
  });
  afterAll(async () => { await scratch.drop(); });

  it('keeps a staff action with who, from where and what, and a customer without their address', async () => {
    const orderId = 'a3c3b1de-6f3e-4a61-9c51-7a3f0f6a1b22';
    const id = await db.transaction((tx) => recordAudit(tx, staff, { action: 'order.status', subjectType: 'order', subjectId: orderId, orderId, before: { status: 'order_received' }, after: { status: 'in_progress' } }));
    const [row] = await db.select().from(auditEvents).where(eq(auditEvents.id, id));
    expect(row).toMatchObject({ actorKind: 'staff', actorUserId: staff.userId, actorEmail: staff.email, ip: staff.ip, sessionId: staff.sessionId, requestId: 'req-1', action: 'order.status', orderId, before: { status: 'order_received' }, after: { status: 'in_progress' } });
    expect(row!.userAgent).toHaveLength(300);
    expect(row!.at).toBeInstanceOf(Date);

    const customer: AuditActor = { ...staff, kind: 'customer', userId: '7d1f6b2a-3c4d-4e5f-8a9b-0c1d2e3f4a5b' };
    const erased = await recordAudit(db, customer, { action: 'account.erased', subjectType: 'user', subjectId: customer.userId, after: { orders: 2 } });
    expect((await db.select().from(auditEvents).where(eq(auditEvents.id, erased)))[0]).toMatchObject({ actorKind: 'customer', actorEmail: null, ip: null, userAgent: null, sessionId: null });
    expect(await recordAudit(db, SYSTEM_ACTOR, { action: 'user.role', subjectType: 'user', subjectId: customer.userId, before: { role: 'customer' }, after: { role: 'admin' } })).toBeGreaterThan(erased);
  });

  it('goes with its effect when the transaction rolls back', async () => {
    const before = (await db.select({ n: sql<number>`count(*)::int` }).from(auditEvents))[0]!.n;
    await expect(db.transaction(async (tx) => {
      await recordAudit(tx, staff, { action: 'brief.status', subjectType: 'brief', subjectId: 'b1' });
      throw new Error('the effect failed');
    })).rejects.toThrow('the effect failed');
    expect((await db.select({ n: sql<number>`count(*)::int` }).from(auditEvents))[0]!.n).toBe(before);
  });

  it('cannot be changed, removed or emptied, and takes only the actions it knows', async () => {
    const id = await recordAudit(db, staff, { action: 'settings.tax_rule', subjectType: 'tax_rule', subjectId: 'kr', after: { rateBasisPoints: 1000 } });
    expect(await sqlState(db.update(auditEvents).set({ actorEmail: 'someone.else@studiolumi.test' }).where(eq(auditEvents.id, id)))).toBe('42501');
    expect(await sqlState(db.delete(auditEvents).where(eq(auditEvents.id, id)))).toBe('42501');
    expect(await sqlState(db.execute(sql`truncate audit_events`))).toBe('42501');
    expect((await db.select().from(auditEvents).where(eq(auditEvents.id, id)))[0]).toMatchObject({ actorEmail: staff.email });
    expect(await sqlState(db.execute(sql`insert into audit_events (actor_kind, action, subject_type) values ('staff', 'order.deleted', 'order')`))).toBe('23514');
  });
});
