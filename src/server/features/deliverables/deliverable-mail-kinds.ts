/** The mails the deliverables feature queues: the customer told of new files, staff told how a draft was answered. */
import { z } from 'zod';
import { DELIVERABLE_PURPOSES } from '../../../domain/deliverables.ts';
import { mailKind } from '../../mail/mail-kinds.ts';
import type { OrderLinks } from '../orders/order-links.ts';
import { digits, orderOf } from '../orders/order-mail-kinds.ts';
import { orderFilesMail } from '../orders/order-mails.ts';
import { staffReviewMail } from './review-mails.ts';

export function deliverableMailKinds(links: OrderLinks) {
  return {
    order_files: mailKind({
      payload: z.object({ purpose: z.enum(DELIVERABLE_PURPOSES), count: digits }),
      build: async (row, batch) => orderFilesMail(await orderOf(row, batch), { purpose: row.payload.purpose, count: Number(row.payload.count) }, batch.origin, links),
    }),
    staff_review: mailKind({
      payload: z.object({ decision: z.enum(['approved', 'revision']), note: z.string().optional(), round: digits.optional() }),
      build: async (row, batch) => staffReviewMail(await orderOf(row, batch), row.payload, await batch.staffTo(), batch.origin),
    }),
  };
}
