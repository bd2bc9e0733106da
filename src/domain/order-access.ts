/**
 * Who may do what to an order and its files (D5, D22): the one table every route and page loader
 * goes through (issue 13, item 14). A request is an `Accessor`: the signed-in user if any, the
 * guest id its browser sent if valid, and the order number whose private link it carries, already
 * verified. Its relations to an order decide:
 *
 * | action      | owner | private link | staff |
 * | ----------- | ----- | ------------ | ----- |
 * | view        | yes   | yes          | yes   |
 * | readFiles   | yes   | yes          | yes   |
 * | writeBrief  | yes   | yes          | no    |
 * | review      | yes   | yes          | no    |
 * | pay         | yes   | yes          | no    |
 * | answerQuote | yes   | yes          | no    |
 * | askPapers   | yes   | yes          | no    |
 * | cancel      | yes   | no           | no    |
 * | manage      | no    | no           | yes   |
 * | converse    | yes   | yes          | no    |
 * | readNotes   | no    | no           | yes   |
 *
 * A guest owns an order while it has no user, through the guest id of the browser that placed it,
 * signed in or not (it is that browser's secret). Staff change orders through the staff area (`manage`); answering a draft or
 * writing the brief stays the customer's. A private link shows and completes an order but cannot
 * cancel it, since a forwarded e-mail is not the buyer. Whoever may not act is told the order
 * does not exist, so its number reveals nothing. The order's conversation (D34) is read with `view`;
 * the customer's side writes in it with `converse`, staff with `manage`; staff's private notes, and
 * the files attached to them, are `readNotes`: staff alone, whatever else a reader may do.
 */
import type { Role } from './user.ts';

export const ORDER_ACTIONS = ['view', 'readFiles', 'writeBrief', 'review', 'pay', 'answerQuote', 'askPapers', 'cancel', 'manage', 'converse', 'readNotes'] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

const ORDER_RELATIONS = ['owner', 'linkHolder', 'staff'] as const;
type OrderRelation = (typeof ORDER_RELATIONS)[number];

const GRANTS: Record<OrderAction, readonly OrderRelation[]> = {
  view: ['owner', 'linkHolder', 'staff'],
  readFiles: ['owner', 'linkHolder', 'staff'],
  writeBrief: ['owner', 'linkHolder'],
  review: ['owner', 'linkHolder'],
  // Paying is the customer's (a guest's private link pays a quote from any browser, D22, D28).
  pay: ['owner', 'linkHolder'],
  // Declining a quote or asking about it goes with paying it: whoever may pay may say no (D28).
  answerQuote: ['owner', 'linkHolder'],
  // Asking for Korea's evidence of a payment (a cash receipt, a tax invoice) goes with paying it too.
  askPapers: ['owner', 'linkHolder'],
  cancel: ['owner'],
  manage: ['staff'],
  // Writing to staff in the order's thread goes with answering a quote or a draft.
  converse: ['owner', 'linkHolder'],
  readNotes: ['staff'],
};

export interface Accessor {
  user: { id: string; role: Role } | null;
  /** A well-formed guest id the request carried (D22), else null. */
  guestId: string | null;
  /** The order whose private link the request carries, verified against its key; else null. */
  linkedOrderNumber: string | null;
}

/** What access is decided on: who owns the order, and its public number. */
interface OrderOwnership {
  orderNumber: string;
  userId: string | null;
  guestId: string | null;
}

function relationsTo(accessor: Accessor, order: OrderOwnership): Set<OrderRelation> {
  const relations = new Set<OrderRelation>();
  if (accessor.user?.role === 'admin') relations.add('staff');
  if (accessor.user && order.userId === accessor.user.id) relations.add('owner');
  if (accessor.guestId && order.userId === null && order.guestId === accessor.guestId) relations.add('owner');
  if (accessor.linkedOrderNumber !== null && accessor.linkedOrderNumber === order.orderNumber) relations.add('linkHolder');
  return relations;
}

export function mayOnOrder(accessor: Accessor, order: OrderOwnership, action: OrderAction): boolean {
  const relations = relationsTo(accessor, order);
  return GRANTS[action].some((relation) => relations.has(relation));
}

/** Who uploaded a file (a customer's reference before a brief claims it), and whether a private note holds it. */
interface FileOwnership {
  ownerUserId: string | null;
  ownerGuestId: string | null;
  /** Attached to staff's private note: staff's alone. */
  inPrivateNote?: boolean;
}

/**
 * A file is read by whoever uploaded it, by staff, and by whoever may read the files of the
 * order it belongs to (how customers receive deliverables and messages' files); a private note's
 * file by staff alone.
 */
export function mayReadFile(accessor: Accessor, file: FileOwnership, order: OrderOwnership | null): boolean {
  if (accessor.user?.role === 'admin') return true;
  if (file.inPrivateNote) return false;
  if (accessor.user && file.ownerUserId === accessor.user.id) return true;
  if (accessor.guestId && file.ownerUserId === null && file.ownerGuestId === accessor.guestId) return true;
  return order !== null && mayOnOrder(accessor, order, 'readFiles');
}

/** The customer's side as the lifecycle table names it (D30): the buyer, or whoever holds the private link. */
export function customerActorOf(accessor: Accessor, order: OrderOwnership): 'customer' | 'linkHolder' {
  return relationsTo(accessor, order).has('owner') ? 'customer' : 'linkHolder';
}
