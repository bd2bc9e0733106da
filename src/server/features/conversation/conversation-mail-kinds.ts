/**
 * The conversation's mails (D34): the customer told of staff's texts they did not read in time, in
 * the order's language, with the way back to the thread; staff told of the customer's, in Korean.
 * Each gathers the texts of that side in (after, through], read when the mail is built; a private
 * note is never among them (the query takes public texts only).
 */
import { and, asc, eq, gt, inArray, lte } from 'drizzle-orm';
import { z } from 'zod';
import { translatorFor } from '../../../i18n/translator.server.ts';
import { orderMessages, uploadedFiles } from '../../db/schema.ts';
import { compose, STAFF_LANGUAGE } from '../../mail/compose.ts';
import { mailKind, type MailBatch } from '../../mail/mail-kinds.ts';
import type { OrderLinks } from '../orders/order-links.ts';
import { digits, orderOf } from '../orders/order-mail-kinds.ts';
import { followButton } from '../orders/order-mails.ts';

const range = z.object({ after: digits, through: digits });

/** The public texts of one side of an order in (after, through], oldest first, each with its files' names. */
async function textsOf(batch: MailBatch, orderId: string, side: 'customer' | 'staff', payload: z.infer<typeof range>) {
  const rows = await batch.db.select({ id: orderMessages.id, body: orderMessages.body }).from(orderMessages)
    .where(and(eq(orderMessages.orderId, orderId), eq(orderMessages.kind, 'text'), eq(orderMessages.visibility, 'public'), eq(orderMessages.authorSide, side),
      gt(orderMessages.seq, Number(payload.after)), lte(orderMessages.seq, Number(payload.through))))
    .orderBy(asc(orderMessages.seq));
  const files = rows.length
    ? await batch.db.select({ messageId: uploadedFiles.messageId, name: uploadedFiles.originalName }).from(uploadedFiles)
      .where(inArray(uploadedFiles.messageId, rows.map((r) => r.id))).orderBy(asc(uploadedFiles.briefPosition))
    : [];
  return rows.map((row) => ({ body: row.body ?? '', files: files.filter((f) => f.messageId === row.id).map((f) => f.name) }));
}

/** Each text as a paragraph (its line breaks kept), its files named after it. */
function paragraphsOf(texts: Array<{ body: string; files: string[] }>, filesLine: (names: string) => string): string[] {
  return texts.flatMap((text) => [text.body, ...(text.files.length ? [filesLine(text.files.join(', '))] : [])]);
}

export function conversationMailKinds(links: OrderLinks) {
  return {
    order_messages: mailKind({
      payload: range,
      build: async (row, batch) => {
        const { order } = await orderOf(row, batch);
        const texts = await textsOf(batch, order.id, 'staff', row.payload);
        const t = translatorFor(order.language, 'orders');
        return compose({
          to: order.customerEmail,
          lang: order.language,
          subject: t('mail.messagesSubject'),
          greeting: t('mail.greeting', { name: order.customerName }),
          paragraphs: [t('mail.messagesBody', { name: order.orderName, count: texts.length }), ...paragraphsOf(texts, (names) => t('mail.messagesFiles', { names }))],
          table: [[t('mail.number'), order.orderNumber]],
          // Straight to the thread, opened (web/features/conversation/thread-disclosure.tsx).
          button: { label: t('mail.messagesAnswer'), href: `${followButton(order, batch.origin, links, t).href}#messages-${order.orderNumber}` },
          footnotes: [],
          signature: t('mail.signature'),
        });
      },
    }),
    staff_messages: mailKind({
      payload: range,
      build: async (row, batch) => {
        const { order } = await orderOf(row, batch);
        const texts = await textsOf(batch, order.id, 'customer', row.payload);
        const t = translatorFor(STAFF_LANGUAGE, 'admin');
        return compose({
          to: await batch.staffTo(),
          lang: STAFF_LANGUAGE,
          subject: t('mail.messages.subject', { name: order.orderName }),
          greeting: t('mail.messages.body', { customer: `${order.customerName} <${order.customerEmail}>`, count: texts.length }),
          paragraphs: paragraphsOf(texts, (names) => t('mail.messages.files', { names })),
          table: [[order.orderNumber, order.country.toUpperCase()]],
          button: { label: t('mail.messages.answer'), href: `${batch.origin}/kr/admin?tab=orders&order=${order.id}#messages-${order.id}` },
          footnotes: [],
          signature: t('mail.signature'),
        });
      },
    }),
  };
}
