/**
 * Cancelling an order (D2, D21, domain/refunds.ts), by its customer or by staff, through one
 * executor, one refund at a time per order: the order row is locked (`select … for update`) in a
 * transaction that spans the provider call, so a second cancel or refund of the same order waits
 * and then decides on what the first one left (its status and what was refunded so far). The refund
 * goes through the provider first with its own Idempotency-Key, `refund:{order}:{n}` (n: refunds
 * recorded so far + 1), so a retry of the same refund (its answer lost) never refunds twice while
 * two refunds never share a key; then, in the same transaction, the order is cancelled through the
 * lifecycle (D30: status, history row, the customer's e-mail) and the refund is recorded with that key.
 *
 * The refund goes back through the provider that took the payment (Toss, Stripe, PayPal or the
 * sandbox; orders.payment_provider). The lock is held while it answers (at most its timeout): on
 * PostgreSQL that holds only
 * this order's row; PGlite runs one transaction at a time, so there a refund call briefly holds
 * the whole embedded database, which suits the small, single-process shop PGlite is for.
 */
import { eq, sql } from 'drizzle-orm';
import { DomainError } from '../../../domain/errors.ts';
import { customerCancel, staffCancel } from '../../../domain/refunds.ts';
import { rowsOf, type Database } from '../../db/client.ts';
import { orders, refunds } from '../../db/schema.ts';
import { requireTransition } from './lifecycle.ts';
import type { PaymentProvider } from '../payments/providers/provider.ts';

/** The provider that took a payment, by the name stored with the order: refunds go back through it. */
type RefundingProvider = (name: string | null) => PaymentProvider;
import { orderFor } from './order-access.ts';
import type { OrderRow } from './orders.service.ts';
import type { Accessor } from '../../../domain/order-access.ts';

type CancelOutcome = 'cancelled' | 'refunded' | 'requested';

interface Cancellation {
  event: 'cancelledByCustomer' | 'cancelledByStaff';
  /** What goes back to the payer, in minor units; 0 for none. */
  refundMinor: number;
  reason: string;
  actorId: string | null;
  note: string;
}

/** The order as it is under the lock, with what was refunded of it so far. */
interface LockedOrder {
  order: OrderRow;
  refundedMinor: number;
  refundCount: number;
}

/**
 * Runs `work` with the order's row locked until the transaction ends, on the order as read under
 * that lock. A cancelled order is final (its refund decision is recorded with it): ORDER_CANCELLED.
 */
async function withLockedOrder<T>(db: Database, orderId: string, work: (tx: Database, locked: LockedOrder) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw new DomainError('NOT_FOUND');
    if (order.status === 'cancelled') throw new DomainError('ORDER_CANCELLED', { detail: `order ${order.id} is already cancelled` });
    const [so] = rowsOf<{ refunded: number; count: number }>(await tx.execute(sql`
      select coalesce(sum(amount_minor), 0)::int as refunded, count(*)::int as count from ${refunds} where order_id = ${order.id}`));
    return work(tx as unknown as Database, { order, refundedMinor: so?.refunded ?? 0, refundCount: so?.count ?? 0 });
  });
}

/** Refunds (if any) and cancels a locked order; `tx` is the transaction holding the lock. */
async function cancelLocked(tx: Database, providerOf: RefundingProvider, { order, refundedMinor, refundCount }: LockedOrder, cancellation: Cancellation): Promise<CancelOutcome> {
  const refunded = cancellation.refundMinor > 0;
  const provider = refunded ? providerOf(order.paymentProvider) : null;
  const idempotencyKey = refunded ? `refund:${order.id}:${refundCount + 1}` : null;
  if (refunded) {
    if (!order.paymentKey) throw new DomainError('CANCEL_NOT_ALLOWED', { detail: 'paid order without a payment key' });
    if (cancellation.refundMinor > order.amountMinor - refundedMinor) {
      throw new DomainError('REFUND_TOO_LARGE', { values: { percent: 100 }, detail: `${cancellation.refundMinor} > ${order.amountMinor} - ${refundedMinor} refunded` });
    }
    await provider!.refund({
      paymentRef: order.paymentKey,
      reason: cancellation.reason,
      // Always the amount: without one Toss refunds whatever balance is left, which may not be what we record.
      amountMinor: cancellation.refundMinor,
      currency: order.currency,
      idempotencyKey: idempotencyKey!,
    });
  }
  // The row is locked and was read under the lock, so it is still what was decided on. If this
  // statement fails after the provider refunded, the transaction leaves everything as it was and
  // a retry asks again with the same key: the provider answers the same refund, not a second one.
  await requireTransition(tx, {
    orderId: order.id, event: cancellation.event, actor: cancellation.event === 'cancelledByStaff' ? 'staff' : 'customer', actorUserId: cancellation.actorId,
    note: cancellation.note, when: sql`o.status = ${order.status}`, mailPayload: { refund: String(cancellation.refundMinor) },
  });
  if (refunded) {
    await tx.insert(refunds).values({ orderId: order.id, amountMinor: cancellation.refundMinor, reason: cancellation.reason, provider: provider!.name, actorUserId: cancellation.actorId, idempotencyKey });
  }
  return refunded ? 'refunded' : 'cancelled';
}

/** The customer's own cancel button (D21): unpaid cancelled, paid within 3 days refunded in full, later a request to staff. */
export async function cancelOwnOrder(db: Database, providerOf: RefundingProvider, accessor: Accessor, orderNumber: string, reason: string | undefined): Promise<CancelOutcome> {
  // Whether it may: the access table (anyone else's order is "not found"). What may be done to it
  // is decided under the lock.
  const own = await orderFor(db, accessor, orderNumber, 'cancel');
  return withLockedOrder(db, own.id, async (tx, locked) => {
    const { order } = locked;
    const decision = customerCancel(order);
    if (decision.kind === 'none') throw new DomainError('CANCEL_NOT_ALLOWED', { detail: `order ${order.id} is ${order.status}` });
    if (decision.kind === 'request') {
      await tx.update(orders).set({ cancelRequestedAt: new Date(), updatedAt: new Date() }).where(sql`${orders.id} = ${order.id} and ${orders.cancelRequestedAt} is null`);
      return 'requested';
    }
    return cancelLocked(tx, providerOf, locked, {
      event: 'cancelledByCustomer',
      refundMinor: decision.kind === 'refund' ? order.amountMinor - locked.refundedMinor : 0,
      reason: reason ?? 'Cancelled by the customer',
      actorId: accessor.user?.id ?? null,
      note: reason ? `cancelled by the customer: ${reason}` : 'cancelled by the customer',
    });
  });
}

/** Staff cancel an order with the refund the policy allows, or less (D21); refunds made before count against it. */
export async function cancelByStaff(db: Database, providerOf: RefundingProvider, actorId: string, orderId: string, input: { refundMinor: number; reason: string }): Promise<CancelOutcome> {
  return withLockedOrder(db, orderId, async (tx, locked) => {
    const allowed = staffCancel(locked.order);
    if (allowed.kind === 'none') throw new DomainError('CANCEL_NOT_ALLOWED', { detail: `order ${orderId} is ${locked.order.status}` });
    const left = Math.max(0, allowed.maxMinor - locked.refundedMinor);
    if (input.refundMinor > left) {
      throw new DomainError('REFUND_TOO_LARGE', { values: { percent: allowed.maxPercent }, detail: `${input.refundMinor} > ${allowed.maxMinor} - ${locked.refundedMinor} refunded` });
    }
    return cancelLocked(tx, providerOf, locked, { event: 'cancelledByStaff', refundMinor: input.refundMinor, reason: input.reason, actorId, note: `cancelled by staff: ${input.reason}` });
  });
}
