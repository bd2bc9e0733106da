/**
 * The message a mail_outbox row stands for, built from the database when it is sent (so it
 * reports the order as it is then, in the order's language): to the customer, or to staff
 * (STAFF_EMAIL, else the administrators).
 */
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { contactSubmissions, orders, type MAIL_KINDS } from '../db/schema.ts';
import { orderCommentMail, orderFilesMail, orderPaidMail, orderStatusMail } from '../features/orders/order-mails.ts';
import type { OrderLinks } from '../features/orders/order-links.ts';
import { withOrderDetails, type OrderWithDetails } from '../features/orders/orders.service.ts';
import type { MailMessage } from './mailer.ts';
import { staffContactMail, staffOrderMail, staffQuoteMail, staffReviewMail } from './staff-mails.ts';
import { consultationReceivedMail, quoteSentMail } from '../features/quotes/quote-mails.ts';

export type MailKind = (typeof MAIL_KINDS)[number];

export interface OutboxRow {
  id: string;
  kind: MailKind;
  order_id: string | null;
  payload: Record<string, string> | null;
  attempts: number;
}

export interface MessageContext {
  db: Database;
  origin: string;
  links: OrderLinks;
  staffRecipients: () => Promise<string[]>;
}

/**
 * Builds the messages of one claimed batch: its orders are read in one go, and staff's addresses
 * at most once (a busy hour queues a staff mail per paid order).
 */
export async function batchBuilder(context: MessageContext, rows: OutboxRow[]): Promise<(row: OutboxRow) => Promise<MailMessage>> {
  const { db, origin, links } = context;
  const orderIds = rows.map((row) => row.order_id).filter((id): id is string => id !== null);
  const details = orderIds.length ? await withOrderDetails(db, await db.select().from(orders).where(inArray(orders.id, orderIds))) : [];
  const byId = new Map(details.map((d) => [d.order.id, d] as const));
  let addresses: Promise<string> | undefined;
  const staffTo = () => (addresses ??= context.staffRecipients().then((to) => {
    if (to.length === 0) throw new Error('no staff address: set STAFF_EMAIL or create an administrator');
    return to.join(', ');
  }));

  return async (row) => {
    const message = await build(row, row.order_id ? byId.get(row.order_id) : undefined);
    return { ...message, outboxId: row.id };
  };

  async function build(row: OutboxRow, order: OrderWithDetails | undefined): Promise<MailMessage> {
    const payload = row.payload ?? {};
    if (row.kind === 'staff_contact') {
      const [contact] = await db.select().from(contactSubmissions).where(eq(contactSubmissions.id, payload.contactId ?? '00000000-0000-0000-0000-000000000000'));
      if (!contact) throw new Error('the contact message of this mail no longer exists');
      return staffContactMail(contact, await staffTo(), origin);
    }
    if (!order) throw new Error('the order of this mail no longer exists');
    switch (row.kind) {
      case 'order_status':
        return orderStatusMail(order, { from: payload.from ?? '', to: payload.to ?? order.order.status, refundMinor: Number(payload.refund ?? 0) }, origin, links);
      case 'order_comment':
        return orderCommentMail(order, payload.comment ?? '', origin, links);
      case 'order_files':
        return orderFilesMail(order, { purpose: payload.purpose ?? 'draft', count: Number(payload.count ?? 0) }, origin, links);
      case 'staff_review':
        return staffReviewMail(order, { decision: payload.decision ?? '', note: payload.note, round: payload.round }, await staffTo(), origin);
      case 'staff_quote':
        return staffQuoteMail(order, { event: payload.event ?? 'expired', text: payload.text }, await staffTo(), origin);
      case 'consultation_received':
        return consultationReceivedMail(order, origin, links);
      case 'quote_sent':
        return quoteSentMail(order, Number(payload.version ?? 0), origin, links);
      case 'staff_order':
      case 'staff_brief':
        return staffOrderMail(order, row.kind, await staffTo(), origin);
      default:
        return orderPaidMail(order, origin, links);
    }
  }
}
