/**
 * Deliverables (issue 9): staff hand over draft and final files; within seven days of the latest
 * draft the customer approves it (the order is completed) or asks for a revision, as long as the
 * free revisions of what they bought are not used up (SPEC section 9, terms: revision requests
 * within 7 days of the draft; more revisions are agreed and charged separately).
 */
import { findService } from './catalog/services.ts';
import type { OrderStatus } from './statuses.ts';

/** Why a file is attached to an order: the customer's references, what staff delivered, or a message's attachment. */
export const FILE_PURPOSES = ['reference', 'draft', 'final', 'message'] as const;
export type FilePurpose = (typeof FILE_PURPOSES)[number];
export const DELIVERABLE_PURPOSES = ['draft', 'final'] as const satisfies readonly FilePurpose[];
export type DeliverablePurpose = (typeof DELIVERABLE_PURPOSES)[number];

export function isDeliverablePurpose(value: unknown): value is DeliverablePurpose {
  return typeof value === 'string' && (DELIVERABLE_PURPOSES as readonly string[]).includes(value);
}

/** Days the customer has to approve a draft or ask for a revision (terms page, DESIGN D21). */
export const REVIEW_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Packages and templates come with one free revision, as most services do (SPEC section 9). */
const DEFAULT_FREE_REVISIONS = 1;

/**
 * Free revision rounds of an order, from what it sold: the most generous line wins; null when a
 * line's revisions are agreed per project ('negotiable'), which the button then does not count.
 */
export function freeRevisions(lines: ReadonlyArray<{ kind: string; ref: string }>): number | null {
  let most = 0;
  for (const line of lines) {
    const revisions = line.kind === 'service' ? findService(Number(line.ref))?.revisions ?? DEFAULT_FREE_REVISIONS : DEFAULT_FREE_REVISIONS;
    if (revisions === 'negotiable') return null;
    most = Math.max(most, revisions);
  }
  return lines.length ? most : DEFAULT_FREE_REVISIONS;
}

export type ReviewRefusal = 'NOT_DELIVERED' | 'REVIEW_WINDOW_CLOSED' | 'NO_FREE_REVISIONS';

export interface DraftReview {
  /** Until when the customer may approve or ask for a revision; null before any draft. */
  deadline: Date | null;
  /** The customer may approve the draft now (also after the window: approving late harms no one). */
  canApprove: boolean;
  /** The customer may ask for a free revision now. */
  canRevise: boolean;
  /** Free revision rounds: allowed (null: agreed per project) and used. */
  free: number | null;
  used: number;
  /** Why a revision is refused now, if it is. */
  refusal: ReviewRefusal | null;
}

export function draftReview(order: { status: OrderStatus; draftDeliveredAt: Date | null; revisionsUsed: number }, free: number | null, now = new Date()): DraftReview {
  const deadline = order.draftDeliveredAt ? new Date(order.draftDeliveredAt.getTime() + REVIEW_DAYS * DAY_MS) : null;
  const open = order.status === 'draft_delivered' && deadline !== null && now.getTime() <= deadline.getTime();
  const revisionsLeft = free === null || order.revisionsUsed < free;
  const refusal: ReviewRefusal | null = order.status !== 'draft_delivered' || !deadline ? 'NOT_DELIVERED'
    : !open ? 'REVIEW_WINDOW_CLOSED'
      : !revisionsLeft ? 'NO_FREE_REVISIONS' : null;
  return { deadline, canApprove: order.status === 'draft_delivered', canRevise: refusal === null, free, used: order.revisionsUsed, refusal };
}
