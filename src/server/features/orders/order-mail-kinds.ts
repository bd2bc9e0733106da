/** The mails about an order that the orders feature queues (the lifecycle's, staff's comment), and how a kind reads its order. */
import { inArray } from 'drizzle-orm';
import { z } from 'zod';
import { ORDER_STATUSES } from '../../../domain/statuses.ts';
import { orders } from '../../db/schema.ts';
import { mailKind, type MailBatch } from '../../mail/mail-kinds.ts';
import type { OrderLinks } from './order-links.ts';
import { orderCommentMail, orderKeptMail, orderPaidMail, orderStatusMail } from './order-mails.ts';
import { withOrderDetails, type OrderWithDetails } from './orders.service.ts';
import { staffOrderMail } from './staff-order-mails.ts';
import { creditNoteAttachments, paidPaperAttachments } from '../papers/paper-attachments.ts';

/** A count or an amount in minor units, as the payload carries numbers (text). */
export const digits = z.string().regex(/^\d{1,15}$/);

const BATCH_ORDERS = {};

/** The row's order with its details; the orders of the whole batch are read in one go. */
export async function orderOf(row: { orderId: string | null }, batch: MailBatch): Promise<OrderWithDetails> {
  const byId = await batch.shared(BATCH_ORDERS, async () => {
    const ids = [...new Set(batch.rows.map((r) => r.order_id).filter((id): id is string => id !== null))];
    const details = ids.length ? await withOrderDetails(batch.db, await batch.db.select().from(orders).where(inArray(orders.id, ids))) : [];
    return new Map(details.map((d) => [d.order.id, d] as const));
  });
  const order = row.orderId ? byId.get(row.orderId) : undefined;
  // Retried: an order deleted since takes its mail rows with it, so this is a passing state.
  if (!order) throw new Error('the order of this mail no longer exists');
  return order;
}

export function orderMailKinds(links: OrderLinks) {
  return {
    order_paid: mailKind({
      payload: z.object({}),
      build: async (row, batch) => {
        const details = await orderOf(row, batch);
        // Its papers go with it as PDFs (issue 34).
        const papers = await paidPaperAttachments(batch.db, details.order);
        // A business's address for papers gets the mail too, when it is not the order's.
        const papersTo = details.order.business?.email;
        const cc = papersTo && papersTo.toLowerCase() !== details.order.customerEmail.toLowerCase() ? { cc: papersTo } : {};
        return { ...orderPaidMail(details, batch.origin, links, papers.labels), ...cc, attachments: papers.files };
      },
    }),
    order_status: mailKind({
      payload: z.object({ from: z.enum(ORDER_STATUSES), to: z.enum(ORDER_STATUSES), refund: digits.optional() }),
      build: async (row, batch) => {
        const details = await orderOf(row, batch);
        const refundMinor = Number(row.payload.refund ?? 0);
        // A refund's mail carries its credit note (issue 34).
        const notes = refundMinor > 0 ? await creditNoteAttachments(batch.db, details.order) : { files: [], labels: [] };
        const mail = orderStatusMail(details, { from: row.payload.from, to: row.payload.to, refundMinor }, batch.origin, links, notes.labels);
        return notes.files.length ? { ...mail, attachments: notes.files } : mail;
      },
    }),
    order_kept: mailKind({
      payload: z.object({}),
      build: async (row, batch) => orderKeptMail(await orderOf(row, batch), links),
    }),
    order_comment: mailKind({
      payload: z.object({ comment: z.string().min(1) }),
      build: async (row, batch) => orderCommentMail(await orderOf(row, batch), row.payload.comment, batch.origin, links),
    }),
    staff_order: mailKind({
      payload: z.object({}),
      build: async (row, batch) => staffOrderMail(await orderOf(row, batch), 'staff_order', await batch.staffTo(), batch.origin),
    }),
  };
}
