/**
 * Orders as staff run them (SPEC sections 2 and 7, D3): every order, filtered and paged on the
 * server; one order with everything about it; status changes and comments. A status change, its
 * history row (actor, time, old and new value) and the customer's e-mail in the outbox are one
 * statement; so are a comment and its e-mail.
 */
import { and, asc, desc, eq, gte, ilike, inArray, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { StaffActor } from '../../../domain/audit.ts';
import { DomainError } from '../../../domain/errors.ts';
import { staffStatusChoices } from '../../../domain/lifecycle.ts';
import { orderNumberCandidates } from '../../../domain/order-number.ts';
import { draftReview, freeRevisions } from '../../../domain/deliverables.ts';
import { staffCancel } from '../../../domain/refunds.ts';
import { linesWithAmounts } from '../../../domain/payments.ts';
import type { Language } from '../../../domain/countries.ts';
import { lineName } from '../orders/order-names.ts';
import { staffNameOf, staffNames } from './staff-names.ts';
import type { OrderStatus } from '../../../domain/statuses.ts';
import type { AdminBriefsQuery, AdminOrdersQuery } from '../../../domain/validation/admin.ts';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { rowsOf, type Database } from '../../db/client.ts';
import { unreadCounts } from '../conversation/reads.ts';
import { orderConversations, orderLines, orderMessages, orderStatusHistory, orders, projectBriefs, refunds, revisionRequests, uploadedFiles, users, papers } from '../../db/schema.ts';
import { briefsOfOrders } from '../briefs/brief-queries.ts';
import { requireTransition } from '../orders/lifecycle.ts';
import { recordAudit } from '../../audit/audit.ts';
import { quotesOfOrders } from '../quotes/quotes.service.ts';
import { briefView } from '../briefs/brief-view.ts';
import { deliverablesOfOrders, deliverableView } from '../deliverables/deliverable-queries.ts';
import { paperViews } from '../papers/paper-urls.ts';
import { kstMidnight, nextDay } from './staff-days.ts';
import { evidenceOfOrders } from '../papers/korean-evidence.service.ts';


function filters(query: AdminOrdersQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(orders.status, query.status));
  if (query.country) conditions.push(eq(orders.country, query.country));
  if (query.userId) conditions.push(eq(orders.userId, query.userId));
  if (query.waiting) conditions.push(isNotNull(orderConversations.awaitingReplySince));
  if (query.from) conditions.push(gte(orders.createdAt, kstMidnight(query.from)));
  if (query.to) conditions.push(lt(orders.createdAt, nextDay(query.to)));
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // An order number as a customer reads it out or staff type it (any case, no prefix, spaces),
    // or an old number exactly: the few stored numbers it may mean, through the unique index.
    const numbers = orderNumberCandidates(query.q);
    const byNumber = numbers.length ? [inArray(orders.orderNumber, numbers)] : [];
    conditions.push(or(...byNumber, ilike(orders.customerName, like), ilike(orders.customerEmail, like))!);
  }
  return conditions.length ? and(...conditions) : undefined;
}

const listColumns = {
  id: orders.id, orderId: orders.orderNumber, status: orders.status, orderType: orders.orderType, orderName: orders.orderName,
  customerName: orders.customerName, customerEmail: orders.customerEmail, customerPhone: orders.customerPhone,
  country: orders.country, currency: orders.currency, amount: orders.amountMinor, amountKRW: orders.amountKrw,
  isGuestOrder: orders.isGuestOrder, erased: sql<boolean>`${orders.erasedAt} is not null`, paymentMethod: orders.paymentMethod, adminComments: orders.adminComments,
  cancelRequestedAt: orders.cancelRequestedAt, createdAt: orders.createdAt, paidAt: orders.paidAt, testPayment: orders.testPayment,
  briefStatus: projectBriefs.status, awaitingReplySince: orderConversations.awaitingReplySince,
};

/** One page of orders, newest first (waiting for a reply: longest waiting first), with the total that matches (SPEC's `{ orders, total }`). */
export async function listOrders(db: Database, staffUserId: string, query: AdminOrdersQuery, lang: Language) {
  const page = await listOrderRows(db, query);
  const ids = page.orders.map((row) => row.id);
  const [names, unread] = await Promise.all([staffNames(db, page.orders, lang), unreadCounts(db, ids, `u:${staffUserId}`, 'staff')]);
  return { ...page, orders: page.orders.map((row) => ({ ...row, staffName: names.get(row.id) ?? row.orderName, unread: unread.get(row.id) ?? 0 })) };
}

async function listOrderRows(db: Database, query: AdminOrdersQuery) {
  const where = filters(query);
  const onePage = <T extends PgSelect>(select: T) => select
    .where(where)
    .orderBy(...(query.waiting ? [asc(orderConversations.awaitingReplySince), asc(orders.id)] : [desc(orders.createdAt), desc(orders.id)]))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const count = async () => (query.waiting
    ? await db.select({ total: sql<number>`count(*)::int` }).from(orders).innerJoin(orderConversations, eq(orderConversations.orderId, orders.id)).where(where)
    : await db.select({ total: sql<number>`count(*)::int` }).from(orders).where(where))[0]?.total ?? 0;
  if (!query.q) {
    // The page walks the (created_at, id) index; counting is an index-only scan.
    const [rows, total] = await Promise.all([
      onePage(db.select(listColumns).from(orders).leftJoin(projectBriefs, eq(projectBriefs.orderId, orders.id)).leftJoin(orderConversations, eq(orderConversations.orderId, orders.id)).$dynamic()),
      count(),
    ]);
    return { orders: rows, total, page: query.page, pageSize: query.pageSize };
  }
  // A text search: the page and its total in one pass. Statements are prepared (decision 0014), and
  // a generic plan cannot know the pattern, so it would scan the table instead of using the trigram
  // indexes: this one statement is planned for its pattern.
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql`set local plan_cache_mode = force_custom_plan`);
    return onePage(tx.select({ ...listColumns, total: sql<number>`count(*) over ()`.mapWith(Number) }).from(orders).leftJoin(projectBriefs, eq(projectBriefs.orderId, orders.id)).leftJoin(orderConversations, eq(orderConversations.orderId, orders.id)).$dynamic());
  });
  const total = rows[0]?.total ?? (query.page > 1 ? await count() : 0);
  return { orders: rows.map(({ total: _total, ...row }) => row), total, page: query.page, pageSize: query.pageSize };
}

/** One order with its lines, payment, brief and files, refunds and status history (with who did what). */
export async function getOrder(db: Database, id: string, lang: Language) {
  const [order] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  if (!order) throw new DomainError('NOT_FOUND');
  const [lines, history, briefs, delivered, refundRows, revisions, quoted, issued, evidence] = await Promise.all([
    db.select().from(orderLines).where(eq(orderLines.orderId, id)).orderBy(orderLines.position),
    db.select({ from: orderStatusHistory.fromStatus, to: orderStatusHistory.toStatus, at: orderStatusHistory.createdAt, note: orderStatusHistory.note, actor: users.email, by: orderStatusHistory.actor })
      .from(orderStatusHistory).leftJoin(users, eq(users.id, orderStatusHistory.actorUserId))
      .where(eq(orderStatusHistory.orderId, id)).orderBy(orderStatusHistory.createdAt, orderStatusHistory.id),
    briefsOfOrders(db, [id]),
    deliverablesOfOrders(db, [id]),
    db.select().from(refunds).where(eq(refunds.orderId, id)).orderBy(refunds.createdAt),
    db.select({ round: revisionRequests.round, note: revisionRequests.note, at: revisionRequests.createdAt }).from(revisionRequests).where(eq(revisionRequests.orderId, id)).orderBy(revisionRequests.round),
    order.orderType === 'consultation' ? quotesOfOrders(db, [id]) : null,
    order.paidAt ? db.select().from(papers).where(eq(papers.orderId, id)).orderBy(papers.year, papers.sequence) : [],
    order.paidAt && order.country === 'kr' ? evidenceOfOrders(db, [id]) : [],
  ]);
  const brief = briefs.get(id);
  return {
    papers: paperViews(order.orderNumber, issued),
    /** Korea's evidence asked for (a cash receipt, a tax invoice), newest first, as staff need it. */
    evidence: evidence.map((e) => ({ id: e.id, kind: e.kind, status: e.status, purpose: e.purpose, identity: e.identity, company: e.company, representative: e.representative, email: e.email, number: e.number, failure: e.failure, requestedAt: e.requestedAt, issuedAt: e.issuedAt })),
    order: {
      id: order.id, orderId: order.orderNumber, status: order.status, orderType: order.orderType, orderName: order.orderName, staffName: staffNameOf(order, lines, lang),
      customerName: order.customerName, customerEmail: order.customerEmail, customerPhone: order.customerPhone, customerAddress: order.customerAddress, business: order.business,
      requirements: order.requirements, country: order.country, currency: order.currency, language: order.language,
      amount: order.amountMinor, amountKRW: order.amountKrw, isGuestOrder: order.isGuestOrder, erased: order.erasedAt !== null, userId: order.userId,
      payment: { provider: order.paymentProvider, method: order.paymentMethod, receiptUrl: order.receiptUrl, paidAt: order.paidAt, test: order.testPayment },
      adminComments: order.adminComments, cancelRequestedAt: order.cancelRequestedAt, createdAt: order.createdAt, updatedAt: order.updatedAt,
    },
    lines: linesWithAmounts(lines, order.amountMinor).map((l) => ({ kind: l.kind, ref: l.ref, name: l.name, staffName: lineName(l, lang), quantity: l.quantity, unitPriceKrw: l.unitPriceKrw, totalKrw: l.totalKrw, amount: l.amount })),
    history,
    brief: brief ? briefView(brief.brief, order.orderNumber, brief.files) : null,
    // Every refund, also those under way or refused by the provider, and money given back that the order could not take.
    refunds: refundRows.map((r) => ({ amount: r.amountMinor, reason: r.reason, provider: r.provider, at: r.createdAt, status: r.status, refusedPayment: r.attemptId !== null })),
    /** Draft and final files delivered, oldest first, and where the customer's review stands. */
    deliverables: delivered.map((file) => deliverableView(file)),
    review: draftReview(order, freeRevisions(lines)),
    /** The customer's revision requests, in their words. */
    revisions,
    /** What staff may do now (D21): cancel with a refund of at most this much, or nothing. */
    cancel: staffCancel(order),
    /** A consultation's quote (D28): whether staff may send one now, every version sent (newest first), the customer's questions and decline. */
    quote: order.orderType === 'consultation' ? {
      // A declined (or cancelled) consultation not paid may be priced again: a mistaken decline is not final.
      editable: order.status === 'quote_review' || order.status === 'quoted' || (order.status === 'cancelled' && order.paidAt === null),
      validUntil: order.quoteValidUntil,
      versions: (quoted?.quotes.get(id) ?? []).map((q) => ({ version: q.version, lines: q.lines, amount: q.amountMinor, currency: q.currency, validUntil: q.validUntil, note: q.note, at: q.createdAt })),
      messages: (quoted?.messages.get(id) ?? []).map((m) => ({ kind: m.kind, body: m.body, at: m.createdAt })),
    } : null,
  };
}

/**
 * Sets any status (D3: no order enforced), through the lifecycle's one transition (D30): the
 * change, its history row and the customer's e-mail together. Setting the status an order already
 * has changes and records nothing. A cancelled order stays cancelled (its refund is final); a paid
 * one is cancelled with the refund decision (D21); `quoted` comes only with a quote (D28).
 */
export async function changeOrderStatus(db: Database, actor: StaffActor, id: string, status: OrderStatus, note?: string): Promise<{ from: OrderStatus; to: OrderStatus; changed: boolean }> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select({ status: orders.status, paidAt: orders.paidAt, orderType: orders.orderType }).from(orders).where(eq(orders.id, id)).for('update');
    if (!order) throw new DomainError('NOT_FOUND');
    if (order.status === status) return { from: order.status, to: status, changed: false };
    if (order.status === 'cancelled') throw new DomainError('ORDER_CANCELLED');
    if (status === 'cancelled' && order.paidAt) throw new DomainError('USE_CANCEL_AND_REFUND');
    if (status === 'quoted') throw new DomainError('TRANSITION_NOT_ALLOWED', { messageKey: 'quotes.useEditor' });
    // The menu's own rule, so the server accepts exactly what staff are offered.
    if (!staffStatusChoices(order).includes(status)) throw new DomainError('TRANSITION_NOT_ALLOWED');
    await requireTransition(tx as unknown as Database, { orderId: id, event: 'setByStaff', to: status, actor: 'staff', actorUserId: actor.userId, note: note ?? 'changed by staff' });
    await recordAudit(tx as unknown as Database, actor, {
      action: 'order.status', subjectType: 'order', subjectId: id, orderId: id,
      before: { status: order.status }, after: { status, ...(note ? { noteChars: note.length } : {}) },
    });
    return { from: order.status, to: status, changed: true };
  });
}

/** Replaces the staff comment the customer reads; a new non-empty comment is e-mailed to them. */
export async function setOrderComments(db: Database, actor: StaffActor, id: string, comments: string | null): Promise<void> {
  const text = comments?.trim() ? comments.trim() : null;
  await db.transaction(async (tx) => {
    // A new comment is staff's message in the order's conversation (D34): the thread keeps every
    // one, where the field keeps the latest, and the customer is mailed only if they have not read it
    // within the delay, like any message of staff's (conversation-mail.ts).
    const result = await tx.execute(sql`
      with prev as (
        select id, admin_comments from ${orders} where id = ${id} for update
      ), updated as (
        update ${orders} as o set admin_comments = ${text}, updated_at = now() from prev where o.id = prev.id
        returning o.id, prev.admin_comments as before
      ), message as (
        insert into ${orderMessages} (order_id, kind, visibility, author_side, author_actor, author_user_id, body, context)
        select id, 'text', 'public', 'staff', 'staff', ${actor.userId}, ${text}::text, 'staff_comment' from updated
        where ${text}::text is not null and ${text}::text is distinct from before
        returning order_id, seq
      ), conversation as (
        -- Staff answered (conversation-writes.ts addText does the same for the thread's own texts).
        insert into ${orderConversations} as c (order_id, customer_unmailed_since) select order_id, now() from message
        on conflict (order_id) do update set awaiting_reply_since = null, customer_unmailed_since = coalesce(c.customer_unmailed_since, now()), updated_at = now()
        returning 1
      )
      select (select count(*) from updated)::int as updated,
        (select coalesce(length(before), 0) from updated)::int as before_chars,
        (select (before is distinct from ${text}::text) from updated) as changed,
        (select seq from message)::bigint as seq`);
    const [row] = rowsOf<{ updated: number; before_chars: number; changed: boolean | null; seq: string | number | null }>(result);
    if (!row?.updated) throw new DomainError('NOT_FOUND');
    if (!row.changed) return;
    // The words stay in the thread; the trail keeps their length and the message's place.
    await recordAudit(tx as unknown as Database, actor, {
      action: 'order.comment', subjectType: 'order', subjectId: id, orderId: id,
      before: { chars: row.before_chars }, after: { chars: text?.length ?? 0, messageSeq: row.seq === null ? null : Number(row.seq) },
    });
  });
}

/** Moves a brief to pending, in review, approved or rejected (SPEC section 4). */
export async function setBriefStatus(db: Database, actor: StaffActor, id: string, status: (typeof projectBriefs.$inferSelect)['status']) {
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ status: projectBriefs.status }).from(projectBriefs).where(eq(projectBriefs.id, id)).for('update');
    if (!before) throw new DomainError('NOT_FOUND');
    const [row] = await tx.update(projectBriefs).set({ status, updatedAt: new Date() }).where(eq(projectBriefs.id, id)).returning();
    if (before.status !== status) {
      await recordAudit(tx as unknown as Database, actor, { action: 'brief.status', subjectType: 'brief', subjectId: id, orderId: row!.orderId, before: { status: before.status }, after: { status } });
    }
    return row!;
  });
}

/** Briefs for the staff list, newest first, with their order and files. */
export async function listBriefs(db: Database, query: AdminBriefsQuery) {
  const where = query.status ? eq(projectBriefs.status, query.status) : undefined;
  const [rows, [counted]] = await Promise.all([
    db.select({ brief: projectBriefs, orderNumber: orders.orderNumber, orderStatus: orders.status, customerName: orders.customerName, customerEmail: orders.customerEmail, country: orders.country })
      .from(projectBriefs).innerJoin(orders, eq(orders.id, projectBriefs.orderId))
      .where(where).orderBy(desc(projectBriefs.createdAt), desc(projectBriefs.id))
      .limit(query.pageSize).offset((query.page - 1) * query.pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(projectBriefs).where(where),
  ]);
  const files = rows.length ? await db.select().from(uploadedFiles).where(inArray(uploadedFiles.briefId, rows.map((r) => r.brief.id))).orderBy(uploadedFiles.briefPosition) : [];
  return {
    briefs: rows.map((r) => ({
      ...briefView(r.brief, r.orderNumber, files.filter((f) => f.briefId === r.brief.id)),
      orderStatus: r.orderStatus, customerName: r.customerName, customerEmail: r.customerEmail, country: r.country,
    })),
    total: counted?.total ?? 0,
  };
}
