/**
 * Cancelling an order (D2, D21, domain/refunds.ts), by its customer or by staff, through one
 * executor, one refund at a time per order, and no transaction or row lock held while a provider
 * answers (D32). A short transaction locks the order row (`select … for update`), re-reads its
 * status and what was refunded or is being refunded, and decides: without a refund the order is
 * cancelled there and then (D30: status, history row, the customer's e-mail); with one, the refund
 * is recorded as requested with its own Idempotency-Key, `refund:{order}:{n}` (n: refunds recorded
 * so far + 1), and the transaction ends. That row is the claim: the unique index of open refunds
 * per order refuses a second one while it is in flight (REFUND_IN_PROGRESS). The refund then goes
 * through the provider that took the payment (payments/refunds.service.ts), and the cancellation is
 * made in the same transaction that records it succeeded. An answer that cannot be read leaves the
 * refund unknown: the caller hears that it is under way, and the reconciler finishes it, refund
 * and cancellation alike.
 */
import { eq, sql } from 'drizzle-orm';
import type { StaffActor } from '../../../domain/audit.ts';
import { DomainError } from '../../../domain/errors.ts';
import { OPEN_REFUND_STATUSES } from '../../../domain/payments.ts';
import { customerCancel, staffCancel } from '../../../domain/refunds.ts';
import { rowsOf, type Database } from '../../db/client.ts';
import { orders, refunds } from '../../db/schema.ts';
import { recordAudit } from '../../audit/audit.ts';
import { requireTransition } from './lifecycle.ts';
import { requestRefund, sendRefund, type RefundingProvider, type RefundRow } from '../payments/refunds.service.ts';
import { orderFor } from './order-access.ts';
import type { OrderRow } from './orders.service.ts';
import type { Accessor } from '../../../domain/order-access.ts';

/** refunded: done; refunding: the provider has not said yet, the reconciler finishes it. */
type CancelOutcome = 'cancelled' | 'refunded' | 'refunding' | 'requested';

interface Cancellation {
  event: 'cancelledByCustomer' | 'cancelledByStaff';
  /** What goes back to the payer, in minor units; 0 for none. */
  refundMinor: number;
  reason: string;
  actorId: string | null;
  note: string;
}

/** The order as it is under the lock, with what was refunded of it so far (or is being refunded). */
interface LockedOrder {
  order: OrderRow;
  refundedMinor: number;
  refundCount: number;
}

/** What a locked decision leaves to do once the lock is gone: nothing, or a refund to send. */
type Decided = { outcome: 'cancelled' | 'requested' } | { refund: RefundRow };

const OPEN = sql.raw(OPEN_REFUND_STATUSES.map((s) => `'${s}'`).join(', '));

/**
 * Runs `decide` with the order's row locked until its short transaction ends, on the order as read
 * under that lock, then sends the refund it requested (outside the transaction). A cancelled order
 * is final: ORDER_CANCELLED; one with a refund in flight: REFUND_IN_PROGRESS.
 */
async function cancelWithLock(db: Database, providerOf: RefundingProvider, orderId: string, decide: (tx: Database, locked: LockedOrder) => Promise<Decided>): Promise<CancelOutcome> {
  const decided = await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw new DomainError('NOT_FOUND');
    if (order.status === 'cancelled') throw new DomainError('ORDER_CANCELLED', { detail: `order ${order.id} is already cancelled` });
    // Refunds of the order's own payment that went or may still go through (not money refused on another attempt).
    const [so] = rowsOf<{ refunded: number; count: number; open: number }>(await tx.execute(sql`
      select coalesce(sum(amount_minor) filter (where status <> 'failed'), 0)::int as refunded, count(*)::int as count,
        count(*) filter (where status in (${OPEN}))::int as open
      from ${refunds} where order_id = ${order.id} and attempt_id is null`));
    if (so && so.open > 0) throw new DomainError('REFUND_IN_PROGRESS', { detail: `order ${order.id} has a refund under way` });
    return decide(tx as unknown as Database, { order, refundedMinor: so?.refunded ?? 0, refundCount: so?.count ?? 0 });
  });
  if (!('refund' in decided)) return decided.outcome;
  const status = await sendRefund(db, providerOf, decided.refund);
  if (status === 'succeeded') return 'refunded';
  if (status === 'failed') throw new DomainError('PAYMENT_FAILED', { messageKey: 'orders.refundRefused', detail: `refund ${decided.refund.id} refused by ${decided.refund.provider}` });
  return 'refunding';
}

/** Cancels a locked order now, or records the refund its cancellation waits for; `tx` holds the lock. */
async function decideCancel(tx: Database, providerOf: RefundingProvider, { order, refundedMinor, refundCount }: LockedOrder, cancellation: Cancellation): Promise<Decided> {
  if (cancellation.refundMinor <= 0) {
    await requireTransition(tx, {
      orderId: order.id, event: cancellation.event, actor: cancellation.event === 'cancelledByStaff' ? 'staff' : 'customer', actorUserId: cancellation.actorId,
      note: cancellation.note, when: sql`o.status = ${order.status}`, mailPayload: { refund: '0' },
    });
    return { outcome: 'cancelled' };
  }
  if (!order.paymentKey) throw new DomainError('CANCEL_NOT_ALLOWED', { detail: 'paid order without a payment key' });
  if (cancellation.refundMinor > order.amountMinor - refundedMinor) {
    throw new DomainError('REFUND_TOO_LARGE', { values: { percent: 100 }, detail: `${cancellation.refundMinor} > ${order.amountMinor} - ${refundedMinor} refunded` });
  }
  // The provider that took the payment must be here to give it back, before the refund is claimed:
  // a refund recorded for a provider the store no longer has would be in flight for ever.
  providerOf(order.paymentProvider);
  const refund = await requestRefund(tx, {
    orderId: order.id, amountMinor: cancellation.refundMinor, reason: cancellation.reason, provider: order.paymentProvider ?? 'unknown',
    actorUserId: cancellation.actorId, idempotencyKey: `refund:${order.id}:${refundCount + 1}`, paymentRef: order.paymentKey, currency: order.currency,
    cancelEvent: cancellation.event, cancelFrom: order.status, note: cancellation.note,
  });
  return { refund };
}

/** The customer's own cancel button (D21): unpaid cancelled, paid within 3 days refunded in full, later a request to staff. */
export async function cancelOwnOrder(db: Database, providerOf: RefundingProvider, accessor: Accessor, orderNumber: string, reason: string | undefined): Promise<CancelOutcome> {
  // Whether it may: the access table (anyone else's order is "not found"). What may be done to it
  // is decided under the lock.
  const own = await orderFor(db, accessor, orderNumber, 'cancel');
  return cancelWithLock(db, providerOf, own.id, async (tx, locked) => {
    const { order } = locked;
    const decision = customerCancel(order);
    if (decision.kind === 'none') throw new DomainError('CANCEL_NOT_ALLOWED', { detail: `order ${order.id} is ${order.status}` });
    if (decision.kind === 'request') {
      await tx.update(orders).set({ cancelRequestedAt: new Date(), updatedAt: new Date() }).where(sql`${orders.id} = ${order.id} and ${orders.cancelRequestedAt} is null`);
      return { outcome: 'requested' };
    }
    return decideCancel(tx, providerOf, locked, {
      event: 'cancelledByCustomer',
      refundMinor: decision.kind === 'refund' ? order.amountMinor - locked.refundedMinor : 0,
      reason: reason ?? 'Cancelled by the customer',
      actorId: accessor.user?.id ?? null,
      note: reason ? `cancelled by the customer: ${reason}` : 'cancelled by the customer',
    });
  });
}

/** Staff cancel an order with the refund the policy allows, or less (D21); refunds made before count against it. */
export async function cancelByStaff(db: Database, providerOf: RefundingProvider, actor: StaffActor, orderId: string, input: { refundMinor: number; reason: string }): Promise<CancelOutcome> {
  return cancelWithLock(db, providerOf, orderId, async (tx, locked) => {
    const allowed = staffCancel(locked.order);
    if (allowed.kind === 'none') throw new DomainError('CANCEL_NOT_ALLOWED', { detail: `order ${orderId} is ${locked.order.status}` });
    const left = Math.max(0, allowed.maxMinor - locked.refundedMinor);
    if (input.refundMinor > left) {
      throw new DomainError('REFUND_TOO_LARGE', { values: { percent: allowed.maxPercent }, detail: `${input.refundMinor} > ${allowed.maxMinor} - ${locked.refundedMinor} refunded` });
    }
    const decided = await decideCancel(tx, providerOf, locked, { event: 'cancelledByStaff', refundMinor: input.refundMinor, reason: input.reason, actorId: actor.userId, note: `cancelled by staff: ${input.reason}` });
    // Recorded with the decision, under the lock: what the provider then answers is the refund's own story.
    await recordAudit(tx, actor, {
      action: 'order.cancel', subjectType: 'order', subjectId: orderId, orderId,
      before: { status: locked.order.status, amountMinor: locked.order.amountMinor, refundedMinor: locked.refundedMinor },
      after: 'refund' in decided
        ? { outcome: 'refund_requested', refundMinor: input.refundMinor, refundId: decided.refund.id, currency: locked.order.currency, reasonChars: input.reason.length }
        : { outcome: 'cancelled', refundMinor: 0, currency: locked.order.currency, reasonChars: input.reason.length },
    });
    return decided;
  });
}
