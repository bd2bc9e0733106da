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

/**
 * The timeline of an order sold at a fixed price (package, template, service): paid, worked on,
 * draft, done. It never went through a quote, so it has no quote step; `pending` and `cancelled`
 * sit outside it.
 */
const ORDER_TIMELINE: readonly OrderStatus[] = [
  'order_received', 'in_progress', 'draft_delivered', 'completed',
];

/** A consultation's timeline starts with its quote: reviewed, priced and waiting for the payment (D28). */
const QUOTE_TIMELINE: readonly OrderStatus[] = [
  'quote_review', 'quoted', 'order_received', 'in_progress', 'draft_delivered', 'completed',
];

/** The timeline follows the order's kind: only a consultation shows the quote's steps. */
export function timelineOf(orderType: OrderType | string): readonly OrderStatus[] {
  return orderType === 'consultation' ? QUOTE_TIMELINE : ORDER_TIMELINE;
}

/** `stopped`: the step where a cancelled order ended (shown as cancelled; later steps are not shown). */
type TimelineStepState = 'done' | 'current' | 'upcoming' | 'stopped';

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

/**
 * The furthest step of its timeline a cancelled order had reached, from its status history
 * (oldest first), or null when it was cancelled before its timeline began (never paid, say).
 */
export function stoppedAt(history: ReadonlyArray<{ to: string }>, orderType: OrderType | string): OrderStatus | null {
  const timeline = timelineOf(orderType);
  let furthest = -1;
  for (const { to } of history) furthest = Math.max(furthest, timeline.indexOf(to as OrderStatus));
  return furthest === -1 ? null : timeline[furthest]!;
}

/**
 * Where each timeline step stands for an order in `status` (SPEC section 4: earlier steps done,
 * the current one in progress, later ones pending). Only known statuses are accepted: the
 * database refuses any other (its check comes from ORDER_STATUSES); a status outside the order's
 * timeline (`pending`) reads as its first step. A cancelled order keeps the steps it reached (from
 * its history) and ends with a `cancelled` step where it stopped; nothing after it.
 */
export function timelineStates(
  status: OrderStatus,
  orderType: OrderType | string = 'service',
  history: ReadonlyArray<{ to: string }> = [],
): Array<{ status: OrderStatus; state: TimelineStepState }> {
  const timeline = timelineOf(orderType);
  if (status === 'cancelled') {
    const reached = stoppedAt(history, orderType);
    const steps = reached ? timeline.slice(0, timeline.indexOf(reached) + 1) : [];
    return [...steps.map((step) => ({ status: step, state: 'done' as const })), { status: 'cancelled', state: 'stopped' }];
  }
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
