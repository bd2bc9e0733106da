/**
 * Confirming a payment (SPEC section 7 POST /api/confirm, D4, D25). The order decides the amount:
 * a different amount from the page is refused before the provider is asked, and a provider
 * approval of a different amount is cancelled and refused. Marking the order paid and writing its
 * history row is one atomic statement; confirming again returns the same answer without a second charge.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { DomainError } from '../../../domain/errors.ts';
import { rowsOf, type Database } from '../../db/client.ts';
import { cartItems, mailOutbox, orderLines, orderStatusHistory, orders } from '../../db/schema.ts';
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

  // One statement (data-modifying CTEs, atomic): mark the order paid only if it is still pending,
  // write its history row, queue its confirmation mail, and take what was bought out of the cart.
  const paidAt = approved.approvedAt;
  const result = await db.execute(sql`
    with paid as (
      update ${orders} set status = 'order_received', payment_provider = ${provider.name}, payment_key = ${approved.paymentKey},
        payment_method = ${approved.method}, receipt_url = ${approved.receiptUrl}, paid_at = ${paidAt.toISOString()}, updated_at = now()
      where id = ${order.id} and status = 'pending'
      returning id, user_id, guest_id
    ), history as (
      insert into ${orderStatusHistory} (order_id, from_status, to_status, actor_user_id, note)
      select id, 'pending', 'order_received', null, ${`payment confirmed (${provider.name})`} from paid
      returning 1
    ), mail as (
      insert into ${mailOutbox} (kind, order_id) select kind, paid.id from paid, (values ('order_paid'), ('staff_order')) as k(kind)
      returning 1
    ), bought as (
      delete from ${cartItems} as c using paid, ${orderLines} as l
      where l.order_id = paid.id and l.kind = 'template' and c.template_id = l.ref::int
        and (c.user_id = paid.user_id or (paid.user_id is null and c.user_id is null and c.guest_id = paid.guest_id))
      returning 1
    )
    select paid.id, (select count(*) from history)::int as history, (select count(*) from mail)::int as mail from paid`);
  const paid = rowsOf<{ id: string }>(result).length > 0
    ? { ...order, status: 'order_received' as const, paymentProvider: provider.name, paymentKey: approved.paymentKey, paymentMethod: approved.method, receiptUrl: approved.receiptUrl, paidAt }
    : null;
  if (paid) return { order: paid, newlyPaid: true };
  // Another confirm of the same payment won the race: same answer, no second charge.
  const now = await findOrderByNumber(db, input.orderId);
  if (now && alreadyPaidWith(now, input.paymentKey)) return { order: now, newlyPaid: false };
  // The order stopped being payable while the provider charged (e.g. cancelled meanwhile): give the money back.
  await provider.cancel({ paymentKey: approved.paymentKey, reason: 'The order was no longer payable', idempotencyKey: attemptKey('cancel-unpayable', order.id, approved.paymentKey) });
  throw new DomainError('ORDER_NOT_PAYABLE', { detail: `order ${order.id} changed while paying; payment cancelled` });
}
