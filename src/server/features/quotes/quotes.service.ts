/**
 * Quotes (D28): staff price a consultation order, the customer pays the newest version while it is
 * valid, declines it or asks about it. Sending, declining and expiring change the order's status
 * through the lifecycle (D30), in the same transaction as the quote or the customer's message.
 */
import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { COUNTRIES } from '../../../domain/countries.ts';
import type { StaffActor } from '../../../domain/audit.ts';
import { DomainError } from '../../../domain/errors.ts';
import { minorDigits } from '../../../domain/money.ts';
import { customerActorOf, type Accessor } from '../../../domain/order-access.ts';
import { approximateKrw, quoteTotal, quoteValidUntil, type OrderMessageKind } from '../../../domain/quotes.ts';
import type { QuoteInput } from '../../../domain/validation/admin.ts';
import type { Database } from '../../db/client.ts';
import { mailOutbox, orderMessages, orderQuotes, orders } from '../../db/schema.ts';
import { recordAudit } from '../../audit/audit.ts';
import { addText } from '../conversation/conversation-writes.ts';
import { readerOf } from '../conversation/reads.ts';
import { requireTransition, transition } from '../orders/lifecycle.ts';
import { orderFor } from '../orders/order-access.ts';

export type QuoteRow = typeof orderQuotes.$inferSelect;
/** What the customer said about a quote, as the quote's views show it. */
export interface QuoteMessage { kind: OrderMessageKind; body: string; createdAt: Date }

/**
 * Staff send a quote, or a new version of an unpaid one; the order becomes `quoted` for its sum. A
 * consultation that was declined (or cancelled) before it was paid is reopened by a new version.
 */
export async function sendQuote(db: Database, actor: StaffActor, orderId: string, input: QuoteInput, now = new Date()): Promise<QuoteRow> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw new DomainError('NOT_FOUND');
    if (order.orderType !== 'consultation') throw new DomainError('NOT_A_CONSULTATION', { detail: `order ${orderId} is a ${order.orderType} order` });
    // An order whose customer had their data erased was cancelled for good: there is nobody to quote.
    const reopening = order.status === 'cancelled' && order.paidAt === null && order.erasedAt === null;
    if (order.status !== 'quote_review' && order.status !== 'quoted' && !reopening) throw new DomainError('QUOTE_NOT_OPEN', { detail: `order ${orderId} is ${order.status}` });
    const [latest] = await tx.select({ version: orderQuotes.version, amountMinor: orderQuotes.amountMinor, validUntil: orderQuotes.validUntil }).from(orderQuotes).where(eq(orderQuotes.orderId, orderId)).orderBy(desc(orderQuotes.version)).limit(1);
    const version = (latest?.version ?? 0) + 1;
    const amountMinor = quoteTotal(input.lines);
    const validUntil = quoteValidUntil(input.validDays, now);
    const [quote] = await tx.insert(orderQuotes).values({
      orderId, version, lines: input.lines.map((line) => ({ description: line.description, amount: line.amount })), amountMinor,
      currency: order.currency, validUntil, note: input.note ?? null, createdByUserId: actor.userId,
    }).returning();
    await requireTransition(tx as unknown as Database, {
      orderId, event: reopening ? 'quoteReopened' : 'quoteSent', actor: 'staff', actorUserId: actor.userId,
      note: `quote v${version} ${reopening ? 'sent again after it was declined' : 'sent'}: ${amountMinor} ${order.currency}, valid until ${validUntil.toISOString()}`,
      set: {
        amountMinor, quoteValidUntil: validUntil,
        amountKrw: approximateKrw(amountMinor, { digits: minorDigits(order.country), multiplier: COUNTRIES[order.country].priceMultiplier }),
      },
      mailPayload: { version: String(version) }, entryData: { version },
    });
    await recordAudit(tx as unknown as Database, actor, {
      action: 'quote.sent', subjectType: 'order', subjectId: orderId, orderId,
      before: latest ? { status: order.status, version: latest.version, amountMinor: latest.amountMinor, validUntil: latest.validUntil.toISOString() } : { status: order.status },
      after: {
        status: 'quoted', version, amountMinor, currency: order.currency, validUntil: validUntil.toISOString(),
        lines: input.lines.map((line) => line.amount), reopened: reopening, ...(input.note ? { noteChars: input.note.length } : {}),
      },
    });
    return quote!;
  });
}

/** The customer declines the quote: the order is cancelled and staff get the reason. */
export async function declineQuote(db: Database, accessor: Accessor, orderNumber: string, reason: string): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await orderFor(tx as unknown as Database, accessor, orderNumber, 'answerQuote', { lock: true });
    if (order.status !== 'quoted') throw new DomainError('QUOTE_NOT_OPEN', { detail: `order ${order.id} is ${order.status}` });
    const actor = customerActorOf(accessor, order);
    await addText(tx as unknown as Database, { orderId: order.id, side: 'customer', actor, userId: accessor.user?.id ?? null, body: reason, context: 'quote_decline', reader: readerOf(accessor), mailedAlready: true });
    await requireTransition(tx as unknown as Database, {
      orderId: order.id, event: 'quoteDeclined', actor, actorUserId: accessor.user?.id ?? null,
      note: `quote declined by the customer: ${reason}`.slice(0, 500), mailPayload: { event: 'declined', text: reason },
    });
  });
}

/** A question about the quote: kept with the order, staff mailed; the order stays quoted. */
export async function askAboutQuote(db: Database, accessor: Accessor, orderNumber: string, message: string): Promise<QuoteMessage> {
  return db.transaction(async (tx) => {
    const order = await orderFor(tx as unknown as Database, accessor, orderNumber, 'answerQuote', { lock: true });
    if (order.status !== 'quoted') throw new DomainError('QUOTE_NOT_OPEN', { detail: `order ${order.id} is ${order.status}` });
    const row = await addText(tx as unknown as Database, { orderId: order.id, side: 'customer', actor: customerActorOf(accessor, order), userId: accessor.user?.id ?? null, body: message, context: 'quote_question', reader: readerOf(accessor), mailedAlready: true });
    await tx.insert(mailOutbox).values({ kind: 'staff_quote', orderId: order.id, payload: { event: 'question', text: message } });
    return { kind: 'question', body: message, createdAt: row.createdAt };
  });
}

/**
 * Quotes past their validity go back to quote_review (D28), each with its history row and a mail
 * telling staff, so they send a new one. A payment for an expired quote was already refused.
 */
export async function expireQuotes(db: Database, now = new Date()): Promise<number> {
  const due = await db.select({ id: orders.id }).from(orders)
    .where(and(eq(orders.status, 'quoted'), lte(orders.quoteValidUntil, now))).limit(500);
  let expired = 0;
  for (const { id } of due) {
    const change = await transition(db, {
      orderId: id, event: 'quoteExpired', actor: 'system', note: 'quote expired unpaid',
      when: sql`o.quote_valid_until <= ${now.toISOString()}`, mailPayload: { event: 'expired' },
    });
    if (change.changed) expired += 1;
  }
  return expired;
}

/** Quotes (every version, newest first) and what customers said about them, of many orders, in two queries. */
export async function quotesOfOrders(db: Database, orderIds: string[]): Promise<{ quotes: Map<string, QuoteRow[]>; messages: Map<string, QuoteMessage[]> }> {
  const quotes = new Map<string, QuoteRow[]>();
  const messages = new Map<string, QuoteMessage[]>();
  if (orderIds.length === 0) return { quotes, messages };
  const [quoteRows, messageRows] = await Promise.all([
    db.select().from(orderQuotes).where(inArray(orderQuotes.orderId, orderIds)).orderBy(orderQuotes.orderId, desc(orderQuotes.version)),
    db.select({ orderId: orderMessages.orderId, context: orderMessages.context, body: orderMessages.body, createdAt: orderMessages.createdAt })
      .from(orderMessages)
      .where(and(inArray(orderMessages.orderId, orderIds), inArray(orderMessages.context, ['quote_question', 'quote_decline'])))
      .orderBy(orderMessages.orderId, orderMessages.seq),
  ]);
  for (const row of quoteRows) quotes.set(row.orderId, [...(quotes.get(row.orderId) ?? []), row]);
  for (const row of messageRows) {
    const message: QuoteMessage = { kind: row.context === 'quote_decline' ? 'decline' : 'question', body: row.body ?? '', createdAt: row.createdAt };
    messages.set(row.orderId, [...(messages.get(row.orderId) ?? []), message]);
  }
  return { quotes, messages };
}
