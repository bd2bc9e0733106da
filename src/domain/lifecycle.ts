/**
 * The order lifecycle in one table (D3, D28, D30): for every status change, from which statuses,
 * who may make it and which e-mails it sends. The server's one transition function
 * (server/features/orders/lifecycle.ts) looks every change up here, so a change this table does
 * not list for that actor is refused, and each listed one writes the status, one history row and
 * exactly these mails.
 *
 * | event               | from                                         | to             | by                   | mails                     |
 * | ------------------- | -------------------------------------------- | -------------- | -------------------- | ------------------------- |
 * | placed              | (new)                                        | pending        | customer             | -                         |
 * | consultationOpened  | (new)                                        | quote_review   | customer             | consultation_received     |
 * | paid                | pending, quoted (valid quote)                | order_received | provider             | order_paid, staff_order   |
 * | expiredUnpaid       | pending                                      | cancelled      | system               | -                         |
 * | cancelledByCustomer | pending, order_received                      | cancelled      | customer             | order_status              |
 * | cancelledByStaff    | any but cancelled                            | cancelled      | staff                | order_status              |
 * | setByStaff          | any but cancelled                            | any but quoted | staff                | order_status              |
 * | draftDelivered      | quote_review, order_received, in_progress, completed | draft_delivered | staff       | order_status              |
 * | draftApproved       | draft_delivered                              | completed      | customer, linkHolder | order_status, staff_review |
 * | revisionRequested   | draft_delivered                              | in_progress    | customer, linkHolder | order_status, staff_review |
 * | quoteSent           | quote_review, quoted                         | quoted         | staff                | quote_sent                |
 * | quoteReopened       | cancelled (an unpaid consultation)           | quoted         | staff                | quote_sent                |
 * | quoteDeclined       | quoted                                       | cancelled      | customer, linkHolder | order_status, staff_quote |
 * | quoteExpired        | quoted                                       | quote_review   | system               | staff_quote               |
 * | cancelledForErasure | pending, quote_review, quoted (unpaid)       | cancelled      | customer, linkHolder | -                         |
 *
 * `customer` is the order's owner (the signed-in buyer, or the browser that placed a guest order);
 * `linkHolder` is whoever opens the order's private link (D22). Staff may still set any status
 * (SPEC, D3), recorded, except `quoted`, which only a sent quote makes; a paid order is cancelled
 * with the refund decision instead (D21). Each step also names the system entry it writes in the
 * order's conversation (`entry`, D34), so the thread tells what the history records.
 */
import type { SystemEvent } from './conversation.ts';
import { ORDER_STATUSES, type OrderStatus } from './statuses.ts';

export const ACTORS = ['customer', 'linkHolder', 'staff', 'provider', 'system'] as const;
export type Actor = (typeof ACTORS)[number];

/** Mails a status change queues (the outbox's kinds that belong to one). */
export const LIFECYCLE_MAILS = ['order_paid', 'staff_order', 'order_status', 'staff_review', 'quote_sent', 'staff_quote', 'consultation_received'] as const;
export type LifecycleMail = (typeof LIFECYCLE_MAILS)[number];

interface Step {
  /** Statuses the change starts from; `null` for a new order. */
  from: readonly (OrderStatus | null)[];
  /** The status it ends in; 'any' for staff's free choice. */
  to: OrderStatus | 'any';
  by: readonly Actor[];
  mails: readonly LifecycleMail[];
  /** The entry it writes in the order's conversation (D34); null where the order's start tells it already. */
  entry: SystemEvent | null;
}

const NOT_CANCELLED = ORDER_STATUSES.filter((s) => s !== 'cancelled');

export const LIFECYCLE = {
  placed: { from: [null], to: 'pending', by: ['customer'], mails: [], entry: null },
  consultationOpened: { from: [null], to: 'quote_review', by: ['customer'], mails: ['consultation_received'], entry: null },
  paid: { from: ['pending', 'quoted'], to: 'order_received', by: ['provider'], mails: ['order_paid', 'staff_order'], entry: 'paid' },
  expiredUnpaid: { from: ['pending'], to: 'cancelled', by: ['system'], mails: [], entry: 'payment_expired' },
  cancelledByCustomer: { from: ['pending', 'order_received'], to: 'cancelled', by: ['customer'], mails: ['order_status'], entry: 'cancelled' },
  cancelledByStaff: { from: NOT_CANCELLED, to: 'cancelled', by: ['staff'], mails: ['order_status'], entry: 'cancelled' },
  setByStaff: { from: NOT_CANCELLED, to: 'any', by: ['staff'], mails: ['order_status'], entry: 'status_changed' },
  draftDelivered: { from: ['quote_review', 'order_received', 'in_progress', 'completed'], to: 'draft_delivered', by: ['staff'], mails: ['order_status'], entry: 'draft_delivered' },
  draftApproved: { from: ['draft_delivered'], to: 'completed', by: ['customer', 'linkHolder'], mails: ['order_status', 'staff_review'], entry: 'draft_approved' },
  revisionRequested: { from: ['draft_delivered'], to: 'in_progress', by: ['customer', 'linkHolder'], mails: ['order_status', 'staff_review'], entry: 'revision_requested' },
  quoteSent: { from: ['quote_review', 'quoted'], to: 'quoted', by: ['staff'], mails: ['quote_sent'], entry: 'quote_sent' },
  // Staff price a declined (or staff-cancelled) consultation again: a mistaken decline is not final
  // (issue 32, item 11). Only an unpaid consultation; the quote service checks both.
  quoteReopened: { from: ['cancelled'], to: 'quoted', by: ['staff'], mails: ['quote_sent'], entry: 'quote_sent' },
  // The customer is told it is done (the status mail), staff why.
  quoteDeclined: { from: ['quoted'], to: 'cancelled', by: ['customer', 'linkHolder'], mails: ['order_status', 'staff_quote'], entry: 'quote_declined' },
  quoteExpired: { from: ['quoted'], to: 'quote_review', by: ['system'], mails: ['staff_quote'], entry: 'quote_expired' },
  // A customer who has their data erased (issue 36) ends the orders nobody paid for yet; no mail,
  // since the address is erased with it.
  cancelledForErasure: { from: ['pending', 'quote_review', 'quoted'], to: 'cancelled', by: ['customer', 'linkHolder'], mails: [], entry: 'cancelled' },
} as const satisfies Record<string, Step>;

export type LifecycleEvent = keyof typeof LIFECYCLE;
export const LIFECYCLE_EVENTS = Object.keys(LIFECYCLE) as LifecycleEvent[];

/** Statuses staff may choose freely: all but `quoted`, which only sending a quote makes. */
export const STAFF_SETTABLE: readonly OrderStatus[] = ORDER_STATUSES.filter((s) => s !== 'quoted');

interface Transition {
  event: LifecycleEvent;
  from: OrderStatus | null;
  to: OrderStatus;
  mails: readonly LifecycleMail[];
  entry: SystemEvent | null;
}

/**
 * The change `event` makes for `actor` from `from`, or null when the table does not list it. `to`
 * names staff's free choice (setByStaff) and is otherwise ignored; choosing the status an order
 * already has is no change.
 */
export function transitionFor(event: LifecycleEvent, from: OrderStatus | null, actor: Actor, to?: OrderStatus): Transition | null {
  const step: Step = LIFECYCLE[event];
  if (!step.by.includes(actor) || !step.from.includes(from)) return null;
  const target = step.to === 'any' ? to : step.to;
  if (!target) return null;
  if (step.to === 'any' && (!STAFF_SETTABLE.includes(target) || target === from)) return null;
  return { event, from, to: target, mails: step.mails, entry: step.entry };
}

/**
 * What staff may set an order to now, offered by their status menu and the only statuses the
 * server accepts from it: the statuses the table lets staff set from its status (none once it is
 * cancelled; never `quoted`), less `cancelled` for a paid order, which is cancelled with its refund
 * decision instead (D21), and less `quote_review` for an order that is not a consultation (a
 * fixed-price order has no quote, and its timeline has no such step).
 */
export function staffStatusChoices(order: { status: OrderStatus; paidAt: Date | string | null; orderType: string }): OrderStatus[] {
  return STAFF_SETTABLE.filter((to) => transitionFor('setByStaff', order.status, 'staff', to) !== null
    && !(to === 'cancelled' && order.paidAt)
    && !(to === 'quote_review' && order.orderType !== 'consultation'));
}

/** The statuses `event` may start from for `actor` (toward `to` for staff's free choice). */
export function startingStatuses(event: LifecycleEvent, actor: Actor, to?: OrderStatus): OrderStatus[] {
  return ORDER_STATUSES.filter((from) => transitionFor(event, from, actor, to) !== null);
}
