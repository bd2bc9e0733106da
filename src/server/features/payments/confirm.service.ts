/**
 * Confirming a payment (SPEC section 7 POST /api/confirm, D4, D25). The order decides the amount:
 * a different amount from the page is refused before the provider is asked, and a provider
 * approval of a different amount is cancelled and refused. Marking the order paid and writing its
 * history row is one transaction; confirming again returns the same answer without a second charge.
 */
import { createHash } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { DomainError } from '../../../domain/errors.ts';
import type { Database } from '../../db/client.ts';
import { cartItems, orderLines, orderStatusHistory, orders } from '../../db/schema.ts';
import { findOrderByNumber, type OrderRow } from '../orders/orders.service.ts';
import type { PaymentProvider } from './providers/provider.ts';

export interface ConfirmInput {
  orderId: string;
  paymentKey: string;
  amount: number;
}

export interface ConfirmResult {
  order: OrderRow;
  /** False when this call found the order already paid with this payment (a refreshed page). */
  newlyPaid: boolean;
}

/** An Idempotency-Key (Toss keeps them 15 days, at most 300 characters) for one action on one payment. */
const attemptKey = (action: string, orderId: string, paymentKey: string) =>
  `${action}:${orderId}:${createHash('sha256').update(paymentKey).digest('base64url').slice(0, 32)}`;

const alreadyPaidWith = (order: OrderRow, paymentKey: string) => order.status !== 'pending' && order.paidAt !== null && order.paymentKey === paymentKey;

export async function confirmPayment(db: Database, provider: PaymentProvider, input: ConfirmInput): Promise<ConfirmResult> {
  const order = await findOrderByNumber(db, input.orderId);
  if (!order) throw new DomainError('NOT_FOUND');
  if (alreadyPaidWith(order, input.paymentKey)) return { order, newlyPaid: false };
  if (order.status !== 'pending') throw new DomainError('ORDER_NOT_PAYABLE', { detail: `order ${order.id} is ${order.status}` });
  // The page's amount must be the order's: nothing is sent to the provider otherwise.
  if (input.amount !== order.amountMinor) throw new DomainError('AMOUNT_MISMATCH', { detail: `page ${input.amount} != order ${order.amountMinor}` });

  const approved = await provider.confirm({
    paymentKey: input.paymentKey,
    orderId: order.orderNumber,
    amount: order.amountMinor,
    // One key per payment attempt: a refreshed page or a retry after a lost answer reuses it
    // (one charge), while paying again after a declined card is a new attempt with a new key.
    idempotencyKey: attemptKey('confirm', order.id, input.paymentKey),
  });
  if (approved.totalAmount !== order.amountMinor || approved.orderId !== order.orderNumber) {
    // Approved, but not what this order costs: give the money back and refuse.
    await provider.cancel({ paymentKey: approved.paymentKey, reason: 'Amount or order does not match the order', idempotencyKey: attemptKey('cancel-mismatch', order.id, approved.paymentKey) });
    throw new DomainError('AMOUNT_MISMATCH', { detail: `provider ${approved.totalAmount} != order ${order.amountMinor}` });
  }

  const paid = await db.transaction(async (tx) => {
    const [updated] = await tx.update(orders)
      .set({
        status: 'order_received', paymentProvider: provider.name, paymentKey: approved.paymentKey, paymentMethod: approved.method,
        receiptUrl: approved.receiptUrl, paidAt: approved.approvedAt, updatedAt: new Date(),
      })
      .where(and(eq(orders.id, order.id), eq(orders.status, 'pending')))
      .returning();
    if (!updated) return null;
    await tx.insert(orderStatusHistory).values({ orderId: order.id, fromStatus: 'pending', toStatus: 'order_received', actorUserId: null, note: `payment confirmed (${provider.name})` });
    // The cart checked out with this order is done with: its templates leave the owner's cart.
    const templateIds = (await tx.select({ ref: orderLines.ref }).from(orderLines).where(and(eq(orderLines.orderId, order.id), eq(orderLines.kind, 'template')))).map((l) => Number(l.ref));
    if (templateIds.length) {
      const owner = order.userId ? eq(cartItems.userId, order.userId) : order.guestId ? eq(cartItems.guestId, order.guestId) : null;
      if (owner) await tx.delete(cartItems).where(and(owner, inArray(cartItems.templateId, templateIds)));
    }
    return updated;
  });
  if (paid) return { order: paid, newlyPaid: true };
  // Another confirm of the same payment won the race: same answer, no second charge.
  const now = await findOrderByNumber(db, input.orderId);
  if (now && alreadyPaidWith(now, input.paymentKey)) return { order: now, newlyPaid: false };
  throw new DomainError('ORDER_NOT_PAYABLE');
}
