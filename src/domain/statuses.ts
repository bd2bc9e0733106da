/**
 * Order and brief statuses (SPEC section 4, DESIGN D3). Labels are message-catalog entries
 * under `common:orderStatus.<status>` and `common:briefStatus.<status>`.
 */
/** What an order sells (D17, D23): a package, a template, a service, or a consultation for a quote. */
export const ORDER_TYPES = ['package', 'template', 'service', 'consultation'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];

/**
 * D3's statuses plus `quoted` (D28: a consultation priced by staff, waiting for the customer's
 * payment). Which changes are allowed, by whom, is the lifecycle table (lifecycle.ts).
 */
export const ORDER_STATUSES = [
  'pending', 'quote_review', 'quoted', 'order_received', 'in_progress', 'draft_delivered', 'completed', 'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The customer's timeline, in order; `pending` and `cancelled` sit outside it. */
export const ORDER_TIMELINE: readonly OrderStatus[] = [
  'quote_review', 'order_received', 'in_progress', 'draft_delivered', 'completed',
];

/** A consultation's timeline has the quote's own step: priced, waiting for the payment (D28). */
export const QUOTE_TIMELINE: readonly OrderStatus[] = [
  'quote_review', 'quoted', 'order_received', 'in_progress', 'draft_delivered', 'completed',
];

export function timelineOf(orderType: OrderType | string): readonly OrderStatus[] {
  return orderType === 'consultation' ? QUOTE_TIMELINE : ORDER_TIMELINE;
}

export type TimelineStepState = 'done' | 'current' | 'upcoming';

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

/**
 * Where each timeline step stands for an order in `status` (SPEC section 4: earlier steps done,
 * the current one in progress, later ones pending). Only known statuses are accepted: the
 * database refuses any other (its check comes from ORDER_STATUSES), so SPEC's "unknown reads as
 * quote_review" applies to `pending` and `cancelled`, which sit outside the timeline.
 * A paid order never went through quote review, so it shows that step as done.
 */
export function timelineStates(status: OrderStatus, orderType: OrderType | string = 'service'): Array<{ status: OrderStatus; state: TimelineStepState }> {
  const timeline = timelineOf(orderType);
  const position = timeline.indexOf(status);
  const current = position === -1 ? 0 : position;
  return timeline.map((step, index) => ({
    status: step,
    state: index < current ? 'done' : index === current ? 'current' : 'upcoming',
  }));
}

export const BRIEF_STATUSES = ['pending', 'in_review', 'approved', 'rejected'] as const;
export type BriefStatus = (typeof BRIEF_STATUSES)[number];

export function isBriefStatus(value: unknown): value is BriefStatus {
  return typeof value === 'string' && (BRIEF_STATUSES as readonly string[]).includes(value);
}
