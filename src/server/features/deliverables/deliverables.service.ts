/**
 * Deliverables (issue 9): staff attach draft and final files to an order; a draft moves the order
 * to `draft_delivered`, approves a brief still waiting for staff (it was worked from) and opens the
 * customer's seven days to review it; the customer approves it (completed) or asks for a revision
 * (back to in_progress, counted against the free revisions).
 * Each of these is one transaction: the files or the decision, and the status change through the
 * lifecycle (D30: its history row and e-mails).
 */
import type { OrderStatus } from '../../../domain/statuses.ts';
import { and, eq, inArray } from 'drizzle-orm';
import { BRIEF_APPROVED_BY_DRAFT } from '../../../domain/briefs.ts';
import { draftReview, freeRevisions, REVIEW_DAYS, type DeliverablePurpose } from '../../../domain/deliverables.ts';
import type { StaffActor } from '../../../domain/audit.ts';
import { DomainError } from '../../../domain/errors.ts';
import type { Database } from '../../db/client.ts';
import { mailOutbox, orderLines, orders, projectBriefs, revisionRequests } from '../../db/schema.ts';
import { auditedFile, recordAudit } from '../../audit/audit.ts';
import { addEntry, addText } from '../conversation/conversation-writes.ts';
import { readerOf } from '../conversation/reads.ts';
import { requireTransition } from '../orders/lifecycle.ts';
import type { UploadBatch, UploadedFileRow } from '../uploads/upload-batch.ts';
import { customerActorOf, type Accessor } from '../../../domain/order-access.ts';
import { orderFor } from '../orders/order-access.ts';

/** Orders that take deliverables: paid, or a consultation being reviewed; never unpaid (pending, quoted) or cancelled. */
const NOT_DELIVERABLE = new Set(['pending', 'quoted', 'cancelled']);

interface Delivery {
  files: UploadedFileRow[];
  /** The order's status after the delivery, and whether the delivery changed it. */
  status: OrderStatus;
  statusChanged: boolean;
}

/** Attaches the batch's files to the order as `purpose`; a draft starts (or restarts) the review window. */
export async function deliverFiles(db: Database, actor: StaffActor, orderId: string, purpose: DeliverablePurpose, batch: UploadBatch): Promise<Delivery> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select({ id: orders.id, status: orders.status }).from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw new DomainError('NOT_FOUND');
    if (NOT_DELIVERABLE.has(order.status)) throw new DomainError('NOT_DELIVERABLE');
    const actorId = actor.userId;
    const files = await batch.commit(tx, { kind: 'user', userId: actorId }, { orderId, purpose });
    const toDraft = purpose === 'draft' && order.status !== 'draft_delivered';
    if (toDraft) {
      await requireTransition(tx as unknown as Database, { orderId, event: 'draftDelivered', actor: 'staff', actorUserId: actorId, note: `draft delivered (${files.length} files)`, set: { draftDeliveredAt: new Date() }, entryData: { count: files.length } });
    } else {
      // Another draft restarts the review window; final files change no status.
      if (purpose === 'draft') await tx.update(orders).set({ draftDeliveredAt: new Date(), updatedAt: new Date() }).where(eq(orders.id, orderId));
      await tx.insert(mailOutbox).values({ kind: 'order_files', orderId, payload: { purpose, count: String(files.length) } });
      await addEntry(tx as unknown as Database, { orderId, event: 'files_delivered', actor: 'staff', userId: actorId, data: { purpose, count: files.length } });
    }
    if (purpose === 'draft') {
      await tx.update(projectBriefs).set({ status: 'approved', updatedAt: new Date() })
        .where(and(eq(projectBriefs.orderId, orderId), inArray(projectBriefs.status, [...BRIEF_APPROVED_BY_DRAFT])));
    }
    const status = purpose === 'draft' ? 'draft_delivered' : order.status;
    await recordAudit(tx as unknown as Database, actor, {
      action: 'files.delivered', subjectType: 'order', subjectId: orderId, orderId,
      before: { status: order.status }, after: { status, purpose, files: files.map(auditedFile) },
    });
    return { files, status, statusChanged: toDraft };
  });
}

type ReviewDecision = { kind: 'approve' } | { kind: 'revise'; note: string };

const REFUSAL_CODE = { NOT_DELIVERED: 'REVIEW_NOT_OPEN', REVIEW_WINDOW_CLOSED: 'REVIEW_WINDOW_CLOSED', NO_FREE_REVISIONS: 'NO_FREE_REVISIONS' } as const;

/** The customer's answer to the latest draft. */
export async function reviewDraft(db: Database, accessor: Accessor, orderNumber: string, decision: ReviewDecision, now = new Date()): Promise<{ status: 'completed' | 'in_progress'; revisionsUsed: number }> {
  return db.transaction(async (tx) => {
    // The order's owner or whoever holds its private link (D22), as the access table says.
    const order = await orderFor(tx, accessor, orderNumber, 'review', { lock: true });
    const lines = await tx.select({ kind: orderLines.kind, ref: orderLines.ref }).from(orderLines).where(eq(orderLines.orderId, order.id));
    const review = draftReview(order, freeRevisions(lines), now);
    const actorUserId = accessor.user?.id ?? null;
    // The buyer, or whoever holds the private link (D22); the lifecycle table lets both answer a draft.
    const actor = customerActorOf(accessor, order);
    if (decision.kind === 'approve') {
      if (!review.canApprove) throw new DomainError('REVIEW_NOT_OPEN');
      await requireTransition(tx as unknown as Database, { orderId: order.id, event: 'draftApproved', actor, actorUserId, note: 'draft approved by the customer', mailPayload: { decision: 'approved' } });
      return { status: 'completed' as const, revisionsUsed: order.revisionsUsed };
    }
    if (review.refusal) throw new DomainError(REFUSAL_CODE[review.refusal], { values: { count: REVIEW_DAYS } });
    const revisionsUsed = order.revisionsUsed + 1;
    await requireTransition(tx as unknown as Database, {
      orderId: order.id, event: 'revisionRequested', actor, actorUserId, note: `revision ${revisionsUsed} requested by the customer`,
      set: { revisionsUsed }, mailPayload: { decision: 'revision', note: decision.note, round: String(revisionsUsed) },
    });
    const message = await addText(tx as unknown as Database, { orderId: order.id, side: 'customer', actor, userId: actorUserId, body: decision.note, context: 'revision_request', reader: readerOf(accessor), mailedAlready: true });
    await tx.insert(revisionRequests).values({ orderId: order.id, round: revisionsUsed, note: decision.note, requestedByUserId: actorUserId, messageId: message.id });
    return { status: 'in_progress' as const, revisionsUsed };
  });
}
