/**
 * Orders (SPEC sections 4 and 7, D3, D4, D22-D25). Creating one prices every line on the server,
 * stores the order, its lines and its first status-history row in one transaction, and hands back
 * the public order number and the amount the provider will be asked to charge.
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { CountryCode, Language } from '../../../domain/countries.ts';
import { DomainError } from '../../../domain/errors.ts';
import { isCardPaymentStore, priceOrder, type OrderItem } from '../../../domain/orders.ts';
import type { OrderStatus, OrderType } from '../../../domain/statuses.ts';
import type { Database } from '../../db/client.ts';
import { orderLines, orderStatusHistory, orders } from '../../db/schema.ts';
import { lineName, orderName } from './order-names.ts';
import { ownedBy, type Owner } from './owner.ts';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type HistoryRow = typeof orderStatusHistory.$inferSelect;

export interface OrderWithDetails {
  order: OrderRow;
  lines: OrderLineRow[];
  history: HistoryRow[];
}

export interface Customer {
  name: string;
  email: string;
  phone: string;
  address?: string | undefined;
}

export interface NewOrder {
  owner: Owner;
  items: OrderItem[];
  country: CountryCode;
  language: Language;
  customer: Customer;
  requirements?: string | undefined;
}

/** A public order number: unguessable (144 random bits), 6-64 characters of [A-Za-z0-9_-] as Toss requires. */
export function newOrderNumber(): string {
  return `SL-${randomBytes(18).toString('base64url')}`;
}

function orderTypeOf(items: readonly OrderItem[]): OrderType {
  const kinds = new Set(items.map((i) => i.kind));
  return kinds.size === 1 ? [...kinds][0]! : 'template';
}

export async function createOrder(db: Database, input: NewOrder): Promise<OrderWithDetails> {
  if (!isCardPaymentStore(input.country)) throw new DomainError('PAYMENT_NOT_AVAILABLE');
  const priced = priceOrder(input.items, input.country);
  const guestId = input.owner.kind === 'guest' ? input.owner.guestId : null;
  const userId = input.owner.kind === 'user' ? input.owner.userId : null;
  return db.transaction(async (tx) => {
    const [order] = await tx.insert(orders).values({
      orderNumber: newOrderNumber(),
      userId,
      guestId,
      isGuestOrder: input.owner.kind === 'guest',
      customerName: input.customer.name,
      customerEmail: input.customer.email,
      customerPhone: input.customer.phone,
      customerAddress: input.customer.address ?? null,
      requirements: input.requirements ?? null,
      orderType: orderTypeOf(input.items),
      orderName: orderName(priced.lines, input.language),
      country: input.country,
      currency: priced.currency,
      language: input.language,
      amountKrw: priced.totalKrw,
      amountMinor: priced.amountMinor,
      status: 'pending',
    }).returning();
    if (!order) throw new Error('order insert returned no row');
    const lines = await tx.insert(orderLines).values(priced.lines.map((line, position) => ({
      orderId: order.id, position, kind: line.kind, ref: line.ref, name: lineName(line, input.language),
      quantity: line.quantity, unitPriceKrw: line.unitPriceKrw, totalKrw: line.totalKrw,
    }))).returning();
    const history = await tx.insert(orderStatusHistory).values({ orderId: order.id, fromStatus: null, toStatus: 'pending', actorUserId: userId, note: 'order created' }).returning();
    return { order, lines, history };
  });
}

/** Lines and history of many orders in two queries, not one per order. */
export async function withOrderDetails(db: Database, rows: OrderRow[]): Promise<OrderWithDetails[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [lines, history] = await Promise.all([
    db.select().from(orderLines).where(inArray(orderLines.orderId, ids)).orderBy(orderLines.orderId, orderLines.position),
    db.select().from(orderStatusHistory).where(inArray(orderStatusHistory.orderId, ids)).orderBy(orderStatusHistory.orderId, orderStatusHistory.createdAt, orderStatusHistory.id),
  ]);
  return rows.map((order) => ({
    order,
    lines: lines.filter((l) => l.orderId === order.id),
    history: history.filter((h) => h.orderId === order.id),
  }));
}

/** The owner's orders, newest first (My Page). */
export async function listOwnOrders(db: Database, owner: Owner, limit = 100): Promise<OrderWithDetails[]> {
  const rows = await db.select().from(orders)
    .where(ownedBy(owner, { userId: orders.userId, guestId: orders.guestId }))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
  return withOrderDetails(db, rows);
}

/** One of the owner's orders by its public number; anyone else's is "not found". */
export async function getOwnOrder(db: Database, owner: Owner, orderNumber: string): Promise<OrderWithDetails> {
  const [row] = await db.select().from(orders)
    .where(and(eq(orders.orderNumber, orderNumber), ownedBy(owner, { userId: orders.userId, guestId: orders.guestId })))
    .limit(1);
  if (!row) throw new DomainError('NOT_FOUND');
  return (await withOrderDetails(db, [row]))[0]!;
}

export async function findOrderByNumber(db: Database, orderNumber: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.orderNumber, orderNumber)).limit(1);
  return row;
}

/** Statuses a customer sees as the order's steps (D3): the history, oldest first. */
export function statusTrail(history: readonly HistoryRow[]): Array<{ status: OrderStatus; at: Date }> {
  return history.map((h) => ({ status: h.toStatus, at: h.createdAt }));
}
