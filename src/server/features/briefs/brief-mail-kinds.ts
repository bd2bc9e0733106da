/** The mail the briefs feature queues: staff told that a brief arrived. */
import { z } from 'zod';
import { mailKind } from '../../mail/mail-kinds.ts';
import { orderOf } from '../orders/order-mail-kinds.ts';
import { staffOrderMail } from '../orders/staff-order-mails.ts';

export const briefMailKinds = {
  staff_brief: mailKind({
    payload: z.object({ briefId: z.uuid() }),
    build: async (row, batch) => staffOrderMail(await orderOf(row, batch), 'staff_brief', await batch.staffTo(), batch.origin),
  }),
};
