/**
 * What a customer's own cancel button does (D2, D21): an unpaid order is simply cancelled; a paid
 * order whose work has not started is refunded in full at once within 3 days of payment, and
 * after that the request goes to staff; once work has started, only staff decide (50% before the
 * draft, nothing after it).
 */
import type { OrderStatus } from './statuses.ts';

export const FULL_REFUND_DAYS = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

export type CustomerCancel =
  | { kind: 'cancel' }
  | { kind: 'refund'; percent: 100 }
  | { kind: 'request' }
  | { kind: 'none' };

export function customerCancel(order: { status: OrderStatus; paidAt: Date | null; cancelRequestedAt?: Date | null }, now = new Date()): CustomerCancel {
  if (order.status === 'pending') return { kind: 'cancel' };
  if (order.status !== 'order_received' || !order.paidAt) return { kind: 'none' };
  if (now.getTime() - order.paidAt.getTime() <= FULL_REFUND_DAYS * DAY_MS) return { kind: 'refund', percent: 100 };
  return order.cancelRequestedAt ? { kind: 'none' } : { kind: 'request' };
}
