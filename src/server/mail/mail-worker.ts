/**
 * Sends what the outbox holds (db/schema.ts `mail_outbox`): claims due rows in batches (a claim
 * pushes their next attempt forward, so two processes never send the same mail), builds each
 * message from the database, sends it, and marks it sent, or schedules a retry with backoff.
 * It wakes on a timer and when nudged right after something was queued.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { rowsOf, type Database } from '../db/client.ts';
import { contactSubmissions, mailOutbox, orders, type MAIL_KINDS } from '../db/schema.ts';
import { orderCommentMail, orderFilesMail, orderPaidMail, orderStatusMail } from '../features/orders/order-mails.ts';
import type { OrderWithDetails } from '../features/orders/orders.service.ts';
import type { OrderLinks } from '../features/orders/order-links.ts';
import { withOrderDetails } from '../features/orders/orders.service.ts';
import type { Mailer } from './mailer.ts';
import { staffContactMail, staffOrderMail, staffReviewMail } from './staff-mails.ts';

type MailKind = (typeof MAIL_KINDS)[number];

const BATCH = 50;
const NUDGE_DELAY_MS = 250;
/** A claimed row comes back to the queue after this long if its process died mid-send. */
const CLAIM_SECONDS = 300;
/** 1 min, 5 min, 30 min, 2 h, then every 6 h. */
const BACKOFF_SECONDS = [60, 300, 1800, 7200, 21_600];

export interface MailWorker {
  /** Something was queued: send it soon. */
  nudge(): void;
  /** One pass over what is due; resolves when it has been sent or rescheduled. */
  drain(): Promise<number>;
  stop(): Promise<void>;
}

export function startMailWorker(options: { db: Database; mailer: Mailer; origin: string; links: OrderLinks; log: FastifyBaseLogger; staffRecipients: () => Promise<string[]>; intervalMs?: number }): MailWorker {
  const { db, mailer, origin, links, log } = options;

  /** One message for a row: to the customer, or to staff (STAFF_EMAIL, else the administrators). */
  async function build(row: { kind: MailKind; payload: Record<string, string> | null }, order: OrderWithDetails | undefined, staffTo: () => Promise<string>) {
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
      case 'staff_order':
      case 'staff_brief':
        return staffOrderMail(order, row.kind, await staffTo(), origin);
      default:
        return orderPaidMail(order, origin, links);
    }
  }
  /** Staff's addresses, read at most once per batch (a busy hour queues a staff mail per paid order). */
  function staffAddresses(): () => Promise<string> {
    let addresses: Promise<string> | undefined;
    return () => (addresses ??= options.staffRecipients().then((to) => {
      if (to.length === 0) throw new Error('no staff address: set STAFF_EMAIL or create an administrator');
      return to.join(', ');
    }));
  }
  let running: Promise<number> | null = null;
  let again = false;
  let stopped = false;

  async function claim() {
    return rowsOf<{ id: string; kind: MailKind; order_id: string | null; payload: Record<string, string> | null; attempts: number }>(await db.execute(sql`
      update ${mailOutbox} set next_attempt_at = now() + make_interval(secs => ${CLAIM_SECONDS})
      where id in (
        select id from ${mailOutbox} where sent_at is null and next_attempt_at <= now()
        order by next_attempt_at limit ${BATCH} for update skip locked
      )
      returning id, kind, order_id, payload, attempts`));
  }

  async function pass(): Promise<number> {
    let sent = 0;
    while (!stopped) {
      const due = await claim();
      if (due.length === 0) return sent;
      const orderIds = due.map((row) => row.order_id).filter((id): id is string => id !== null);
      const details = orderIds.length ? await withOrderDetails(db, await db.select().from(orders).where(inArray(orders.id, orderIds))) : [];
      const delivered: string[] = [];
      const staffTo = staffAddresses();
      for (const row of due) {
        const order = details.find((d) => d.order.id === row.order_id);
        try {
          await mailer.send(await build(row, order, staffTo));
          delivered.push(row.id);
          sent++;
        } catch (error) {
          const wait = BACKOFF_SECONDS[Math.min(row.attempts, BACKOFF_SECONDS.length - 1)]!;
          log.warn({ err: error, mailId: row.id, attempts: row.attempts + 1 }, 'mail not sent; will retry');
          await db.update(mailOutbox)
            .set({ attempts: row.attempts + 1, lastError: String((error as Error).message ?? error).slice(0, 500), nextAttemptAt: new Date(Date.now() + wait * 1000) })
            .where(and(eq(mailOutbox.id, row.id), isNull(mailOutbox.sentAt)));
        }
      }
      // One statement for the whole batch: a mail sent twice after a crash right here is the
      // price of never losing one.
      if (delivered.length) {
        await db.update(mailOutbox).set({ sentAt: new Date(), attempts: sql`${mailOutbox.attempts} + 1`, lastError: null }).where(inArray(mailOutbox.id, delivered));
      }
      if (due.length < BATCH) return sent;
    }
    return sent;
  }

  function drain(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = pass()
      .catch((error: unknown) => {
        log.error({ err: error }, 'mail worker pass failed');
        return 0;
      })
      .finally(() => {
        running = null;
        if (again && !stopped) {
          again = false;
          void drain();
        }
      });
    return running;
  }

  const timer = setInterval(() => void drain(), options.intervalMs ?? 30_000);
  timer.unref();
  // Nudges within a short while make one pass, so a busy shop sends its mail in batches.
  let scheduled: ReturnType<typeof setTimeout> | null = null;
  return {
    nudge: () => {
      if (stopped || scheduled) return;
      scheduled = setTimeout(() => {
        scheduled = null;
        void drain();
      }, NUDGE_DELAY_MS);
    },
    drain,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      if (scheduled) clearTimeout(scheduled);
      await running;
    },
  };
}
