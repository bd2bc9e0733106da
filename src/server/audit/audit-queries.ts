/**
 * Reading the audit trail (issue 36) for the staff tab and GET /api/admin/audit: newest first,
 * filtered by group or action, who, order and period. What an entry is about is named as it is now
 * (an order's number, a user's address), so an account erased later reads as gone, never as it was.
 */
import { and, count, desc, eq, gte, ilike, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { AUDIT_ACTION_GROUPS, AUDIT_ACTIONS, type AuditAction, type AuditGroup } from '../../domain/audit.ts';
import type { CountryCode } from '../../domain/countries.ts';
import { orderNumberCandidates } from '../../domain/order-number.ts';
import type { AdminAuditQuery } from '../../domain/validation/admin.ts';
import type { Database } from '../db/client.ts';
import { auditEvents, orders, users } from '../db/schema.ts';
import { kstMidnight, nextDay } from '../features/admin/staff-days.ts';

const actionsOf = (group: AuditGroup): AuditAction[] => AUDIT_ACTIONS.filter((action) => AUDIT_ACTION_GROUPS[action] === group);

function filters(query: AdminAuditQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.action) conditions.push(eq(auditEvents.action, query.action));
  else if (query.group) conditions.push(inArray(auditEvents.action, actionsOf(query.group)));
  if (query.actor) conditions.push(ilike(auditEvents.actorEmail, `%${query.actor.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  if (query.order) {
    // An order's id, or its number as staff type it (orders-list rules): the few numbers it may mean.
    const id = z.uuid().safeParse(query.order.trim());
    const numbers = orderNumberCandidates(query.order);
    conditions.push(id.success
      ? eq(auditEvents.orderId, id.data)
      : numbers.length ? inArray(auditEvents.orderId, sql`(select ${orders.id} from ${orders} where ${inArray(orders.orderNumber, numbers)})`) : sql`false`);
  }
  if (query.from) conditions.push(gte(auditEvents.at, kstMidnight(query.from)));
  if (query.to) conditions.push(lt(auditEvents.at, nextDay(query.to)));
  return conditions.length ? and(...conditions) : undefined;
}

export async function listAudit(db: Database, query: AdminAuditQuery) {
  const where = filters(query);
  const [rows, [counted]] = await Promise.all([
    db.select({ event: auditEvents, orderNumber: orders.orderNumber, orderCountry: orders.country, userEmail: users.email })
      .from(auditEvents)
      .leftJoin(orders, eq(orders.id, auditEvents.orderId))
      .leftJoin(users, and(eq(auditEvents.subjectType, 'user'), sql`${users.id}::text = ${auditEvents.subjectId}`))
      .where(where).orderBy(desc(auditEvents.id))
      .limit(query.pageSize).offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(auditEvents).where(where),
  ]);
  return {
    events: rows.map(({ event: e, orderNumber, orderCountry, userEmail }) => ({
      id: e.id,
      at: e.at,
      actor: { kind: e.actorKind, email: e.actorEmail, ip: e.ip, userAgent: e.userAgent },
      action: e.action as AuditAction,
      group: AUDIT_ACTION_GROUPS[e.action as AuditAction],
      subject: { type: e.subjectType, id: e.subjectId, label: e.subjectType === 'user' ? userEmail : e.subjectType === 'tax_rule' ? e.subjectId : null },
      order: e.orderId && orderNumber && orderCountry ? { id: e.orderId, number: orderNumber, country: orderCountry as CountryCode } : null,
      before: e.before,
      after: e.after,
    })),
    total: counted?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}
