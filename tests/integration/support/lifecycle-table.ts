/**
 * The order lifecycle table (D30) as the comment at the top of src/domain/lifecycle.ts writes it,
 * copied here by hand, row by row, so that the tests check `transitionFor` and `transition()`
 * against the documented table and not against the code's own LIFECYCLE constant.
 */
import type { Actor, LifecycleEvent, LifecycleMail } from '../../../src/domain/lifecycle.ts';
import type { OrderStatus } from '../../../src/domain/statuses.ts';

export const STATUSES: readonly OrderStatus[] = ['pending', 'quote_review', 'quoted', 'order_received', 'in_progress', 'draft_delivered', 'completed', 'cancelled'];
export const ALL_ACTORS: readonly Actor[] = ['customer', 'linkHolder', 'staff', 'provider', 'system'];

const ANY_BUT_CANCELLED: readonly OrderStatus[] = ['pending', 'quote_review', 'quoted', 'order_received', 'in_progress', 'draft_delivered', 'completed'];
const ANY_BUT_QUOTED: readonly OrderStatus[] = ['pending', 'quote_review', 'order_received', 'in_progress', 'draft_delivered', 'completed', 'cancelled'];

export interface ExpectedRow {
  from: readonly (OrderStatus | null)[];
  /** 'any' is staff's free choice (setByStaff): any but quoted, and not the status the order already has. */
  to: OrderStatus | 'any';
  by: readonly Actor[];
  mails: readonly LifecycleMail[];
}

/** | event | from | to | by | mails | — one entry per row of the documented table. */
export const EXPECTED_TABLE: Readonly<Record<LifecycleEvent, ExpectedRow>> = {
  placed: { from: [null], to: 'pending', by: ['customer'], mails: [] },
  consultationOpened: { from: [null], to: 'quote_review', by: ['customer'], mails: ['consultation_received'] },
  paid: { from: ['pending', 'quoted'], to: 'order_received', by: ['provider'], mails: ['order_paid', 'staff_order'] },
  expiredUnpaid: { from: ['pending'], to: 'cancelled', by: ['system'], mails: [] },
  cancelledByCustomer: { from: ['pending', 'order_received'], to: 'cancelled', by: ['customer'], mails: ['order_status'] },
  cancelledByStaff: { from: ANY_BUT_CANCELLED, to: 'cancelled', by: ['staff'], mails: ['order_status'] },
  setByStaff: { from: ANY_BUT_CANCELLED, to: 'any', by: ['staff'], mails: ['order_status'] },
  draftDelivered: { from: ['quote_review', 'order_received', 'in_progress', 'completed'], to: 'draft_delivered', by: ['staff'], mails: ['order_status'] },
  draftApproved: { from: ['draft_delivered'], to: 'completed', by: ['customer', 'linkHolder'], mails: ['order_status', 'staff_review'] },
  revisionRequested: { from: ['draft_delivered'], to: 'in_progress', by: ['customer', 'linkHolder'], mails: ['order_status', 'staff_review'] },
  quoteSent: { from: ['quote_review', 'quoted'], to: 'quoted', by: ['staff'], mails: ['quote_sent'] },
  quoteReopened: { from: ['cancelled'], to: 'quoted', by: ['staff'], mails: ['quote_sent'] },
  quoteDeclined: { from: ['quoted'], to: 'cancelled', by: ['customer', 'linkHolder'], mails: ['order_status', 'staff_quote'] },
  quoteExpired: { from: ['quoted'], to: 'quote_review', by: ['system'], mails: ['staff_quote'] },
  cancelledForErasure: { from: ['pending', 'quote_review', 'quoted'], to: 'cancelled', by: ['customer', 'linkHolder'], mails: [] },
};

export const EVENTS = Object.keys(EXPECTED_TABLE) as LifecycleEvent[];

/** What the documented table says of (event, from, actor[, to]): the change it makes, or null when it lists none. */
export function expectedChange(event: LifecycleEvent, from: OrderStatus | null, actor: Actor, to?: OrderStatus): { to: OrderStatus; mails: readonly LifecycleMail[] } | null {
  const row = EXPECTED_TABLE[event];
  if (!row.by.includes(actor) || !row.from.includes(from)) return null;
  if (row.to !== 'any') return { to: row.to, mails: row.mails };
  if (to === undefined || !ANY_BUT_QUOTED.includes(to) || to === from) return null;
  return { to, mails: row.mails };
}
