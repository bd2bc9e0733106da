/**
 * Cancelling an order (D2, D21, domain/refunds.ts), by its customer or by staff, through one
 * executor: the refund (if any) goes through the provider first, with one Idempotency-Key per
 * order so a retry never refunds twice; then the order is cancelled, its history row, the refund
 * record and the customer's e-mail are written in one statement.
 */
import { eq, sql } from 'drizzle-orm';
import { DomainError } from '../../../domain/errors.ts';
import { customerCancel, staffCancel } from '../../../domain/refunds.ts';
import { rowsOf, type Database } from '../../db/client.ts';
import { mailOutbox, orderStatusHistory, orders, refunds } from '../../db/schema.ts';
import type { PaymentProvider } from '../payments/providers/provider.ts';
import { getOwnOrder, type OrderRow } from './orders.service.ts';
import type { Owner } from './owner.ts';

export type CancelOutcome = 'cancelled' | 'refunded' | 'requested';

interface Cancellation {
  /** What goes back to the payer, in minor units; 0 for none. */
  refundMinor: number;
  reason: string;
  actorId: string | null;
  note: string;
}

async function cancelOrder(db: Database, provider: PaymentProvider, order: OrderRow, cancellation: Cancellation): Promise<CancelOutcome> {
  const refunded = cancellation.refundMinor > 0;
  if (refunded) {
    if (!order.paymentKey) throw new DomainError('CANCEL_NOT_ALLOWED', { detail: 'paid order without a payment key' });
    await provider.cancel({
      paymentKey: order.paymentKey,
      reason: cancellation.reason,
      // Always the amount: without one Toss refunds whatever balance is left, which may not be what we record.
      amount: cancellation.refundMinor,
      idempotencyKey: `refund:${order.id}`,
    });
  }
  // Once the money is back, the order is cancelled and the refund recorded whatever its status
  // became meanwhile (a refund is a fact); without a refund, only if nothing changed since it was
  // read. A cancelled order never leaves that status, so one order is refunded at most once.
  const result = await db.execute(sql`
    with prev as (
      select id, status from ${orders} where id = ${order.id} for update
    ), cancelled as (
      update ${orders} as o set status = 'cancelled', updated_at = now()
      from prev where o.id = prev.id and prev.status <> 'cancelled' and (${refunded} or prev.status = ${order.status})
      returning o.id, prev.status as from_status
    ), history as (
      insert into ${orderStatusHistory} (order_id, from_status, to_status, actor_user_id, note)
      select id, from_status, 'cancelled', ${cancellation.actorId}, ${cancellation.note} from cancelled
      returning 1
    ), refund as (
      -- Recorded with the cancellation only: a second call (Toss replays the same refund for the
      -- same key) finds the order cancelled and records nothing more.
      insert into ${refunds} (order_id, amount_minor, reason, provider, actor_user_id)
      select id, ${cancellation.refundMinor}, ${cancellation.reason}, ${provider.name}, ${cancellation.actorId} from cancelled
      where ${refunded}
      returning 1
    ), mail as (
      insert into ${mailOutbox} (kind, order_id, payload)
      select 'order_status', id, jsonb_build_object('from', from_status, 'to', 'cancelled', 'refund', ${String(cancellation.refundMinor)}::text) from cancelled
      returning 1
    )
    select (select count(*) from cancelled)::int as cancelled, (select count(*) from refund)::int as refunds`);
  const [row] = rowsOf<{ cancelled: number }>(result);
  if (refunded) return 'refunded';
  if (!row?.cancelled) throw new DomainError('CANCEL_NOT_ALLOWED', { detail: 'the order changed meanwhile' });
  return 'cancelled';
}

/** The customer's own cancel button (D21): unpaid cancelled, paid within 3 days refunded in full, later a request to staff. */
export async function cancelOwnOrder(db: Database, provider: PaymentProvider, owner: Owner, orderNumber: string, reason: string | undefined): Promise<CancelOutcome> {
  const { order } = await getOwnOrder(db, owner, orderNumber);
  const decision = customerCancel(order);
  if (decision.kind === 'none') throw new DomainError('CANCEL_NOT_ALLOWED', { detail: `order ${order.id} is ${order.status}` });
  if (decision.kind === 'request') {
    await db.update(orders).set({ cancelRequestedAt: new Date(), updatedAt: new Date() }).where(sql`${orders.id} = ${order.id} and ${orders.cancelRequestedAt} is null`);
    return 'requested';
  }
  return cancelOrder(db, provider, order, {
    refundMinor: decision.kind === 'refund' ? order.amountMinor : 0,
    reason: reason ?? 'Cancelled by the customer',
    actorId: owner.kind === 'user' ? owner.userId : null,
    note: reason ? `cancelled by the customer: ${reason}` : 'cancelled by the customer',
  });
}

/** Staff cancel an order with the refund the policy allows, or less (D21). */
export async function cancelByStaff(db: Database, provider: PaymentProvider, actorId: string, orderId: string, input: { refundMinor: number; reason: string }): Promise<CancelOutcome> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order) throw new DomainError('NOT_FOUND');
  const allowed = staffCancel(order);
  if (allowed.kind === 'none') throw new DomainError('CANCEL_NOT_ALLOWED', { detail: `order ${order.id} is ${order.status}` });
  if (input.refundMinor > allowed.maxMinor) {
    throw new DomainError('REFUND_TOO_LARGE', { values: { percent: allowed.maxPercent }, detail: `${input.refundMinor} > ${allowed.maxMinor}` });
  }
  return cancelOrder(db, provider, order, { refundMinor: input.refundMinor, reason: input.reason, actorId, note: `cancelled by staff: ${input.reason}` });
}
