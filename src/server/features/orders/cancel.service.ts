/**
 * A customer cancels their own order (D21, domain/refunds.ts): unpaid orders are cancelled, paid
 * ones within the full-refund window are refunded through the provider (Idempotency-Key per order,
 * so a retry never refunds twice) and cancelled, later ones are handed to staff as a request.
 * Every status change writes its history row in the same statement.
 */
import { sql } from 'drizzle-orm';
import { DomainError } from '../../../domain/errors.ts';
import { customerCancel } from '../../../domain/refunds.ts';
import { rowsOf, type Database } from '../../db/client.ts';
import { orderStatusHistory, orders, refunds } from '../../db/schema.ts';
import type { PaymentProvider } from '../payments/providers/provider.ts';
import { getOwnOrder } from './orders.service.ts';
import type { Owner } from './owner.ts';

export type CancelOutcome = 'cancelled' | 'refunded' | 'requested';

export async function cancelOwnOrder(db: Database, provider: PaymentProvider, owner: Owner, orderNumber: string, reason: string | undefined): Promise<CancelOutcome> {
  const { order } = await getOwnOrder(db, owner, orderNumber);
  const actor = owner.kind === 'user' ? owner.userId : null;
  const decision = customerCancel(order);
  const note = reason ? `cancelled by the customer: ${reason}` : 'cancelled by the customer';

  if (decision.kind === 'none') throw new DomainError('CANCEL_NOT_ALLOWED', { detail: `order ${order.id} is ${order.status}` });

  if (decision.kind === 'request') {
    await db.update(orders).set({ cancelRequestedAt: new Date(), updatedAt: new Date() }).where(sql`${orders.id} = ${order.id} and ${orders.cancelRequestedAt} is null`);
    return 'requested';
  }

  if (decision.kind === 'refund') {
    if (!order.paymentKey) throw new DomainError('CANCEL_NOT_ALLOWED', { detail: 'paid order without a payment key' });
    await provider.cancel({ paymentKey: order.paymentKey, reason: reason ?? 'Cancelled by the customer', idempotencyKey: `refund:${order.id}` });
  }

  // Once the money is back, the order is cancelled and the refund recorded whatever its status became
  // meanwhile (a refund is a fact); an unpaid order is cancelled only if it is still unpaid.
  const refunded = decision.kind === 'refund';
  const result = await db.execute(sql`
    with prev as (
      select id, status from ${orders} where id = ${order.id} for update
    ), cancelled as (
      update ${orders} as o set status = 'cancelled', updated_at = now()
      from prev where o.id = prev.id and prev.status <> 'cancelled' and (${refunded} or prev.status = 'pending')
      returning o.id, prev.status as from_status
    ), history as (
      insert into ${orderStatusHistory} (order_id, from_status, to_status, actor_user_id, note)
      select id, from_status, 'cancelled', ${actor}, ${note} from cancelled
      returning 1
    ), refund as (
      insert into ${refunds} (order_id, amount_minor, reason, provider, actor_user_id)
      select id, ${order.amountMinor}, ${reason ?? 'cancelled by the customer'}, ${provider.name}, ${actor} from prev
      where ${refunded}
      returning 1
    )
    select (select count(*) from cancelled)::int as cancelled, (select count(*) from refund)::int as refunds`);
  const [row] = rowsOf<{ cancelled: number }>(result);
  if (refunded) return 'refunded';
  if (!row?.cancelled) throw new DomainError('CANCEL_NOT_ALLOWED', { detail: 'the order changed meanwhile' });
  return 'cancelled';
}
