/**
 * What a customer's own cancel button does (D2, D21): an unpaid order is simply cancelled; a paid
 * order whose work has not started is refunded in full at once within 3 days of payment, and
 * after that the request goes to staff; once work has started, only staff decide (50% before the
 * draft, nothing after it).
 */
import type { OrderStatus } from './statuses.ts';

const FULL_REFUND_DAYS = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

type CustomerCancel =
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

type StaffCancel =
  | { kind: 'none' }
  /** Cancel with a refund of at most `maxPercent` of what was paid; staff may refund less. */
  | { kind: 'cancel'; maxPercent: 0 | 50 | 100; maxMinor: number };

/**
 * What staff may do with an order (D2, D21): an unpaid order is cancelled without a refund; a paid
 * one whose work has not started may be refunded in full; once work has started and before the
 * draft, half; after the draft, nothing (the order can still be cancelled). A cancelled order is done.
 */
export function staffCancel(order: { status: OrderStatus; paidAt: Date | null; amountMinor: number }): StaffCancel {
  if (order.status === 'cancelled') return { kind: 'none' };
  if (!order.paidAt || order.status === 'pending' || order.status === 'quote_review') return { kind: 'cancel', maxPercent: 0, maxMinor: 0 };
  const maxPercent = order.status === 'order_received' ? 100 : order.status === 'in_progress' ? 50 : 0;
  // Half of an odd amount rounds down: the customer is never promised a unit more than the policy.
  return { kind: 'cancel', maxPercent, maxMinor: Math.floor((order.amountMinor * maxPercent) / 100) };
}
