/**
 * The one way money goes back (D21, D27, D32). A refund is first recorded as `requested`, with its
 * Idempotency-Key, in a short transaction of the caller's (the cancel that decided it, or the
 * refusal of money an order could not take); that row is the claim, so two refunds of one payment
 * cannot both go out. Then the provider is called outside any transaction, and its answer is
 * recorded: succeeded (and the cancellation the refund was for is made, with its history row and
 * mail, in the same transaction), failed (the provider refused: staff must act), or unknown (no
 * readable answer: a 5xx, a timeout, a dropped connection). The reconciler sends a requested or
 * unknown refund again a minute later through this same function: first it asks the provider
 * whether the refund exists (Stripe keeps a key's 500 for a day, so it is looked for among the
 * payment's refunds), then it sends it again, under the same key, or for Stripe under a key naming
 * the try.
 */
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { DomainError } from '../../../domain/errors.ts';
import type { LifecycleEvent } from '../../../domain/lifecycle.ts';
import { OPEN_REFUND_STATUSES, type RefundStatus } from '../../../domain/payments.ts';
import type { Database } from '../../db/client.ts';
import { refunds } from '../../db/schema.ts';
import { addEntry } from '../conversation/conversation-writes.ts';
import { transition } from '../orders/lifecycle.ts';
import { issueCreditNote } from './credit-notes.ts';
import { numberSoon } from './papers-numbering.ts';
import type { PaymentProvider } from './providers/provider.ts';

export type RefundRow = typeof refunds.$inferSelect;
export type NewRefund = typeof refunds.$inferInsert;

/** The provider that took a payment, by the name stored with it: refunds go back through it. */
export type RefundingProvider = (name: string | null) => PaymentProvider;

/** Records a refund as requested (the claim); in the caller's transaction. A key seen before answers the row it made. */
export async function requestRefund(tx: Database, refund: Omit<NewRefund, 'status'>): Promise<RefundRow> {
  const [made] = await tx.insert(refunds).values({ ...refund, status: 'requested' }).onConflictDoNothing({ target: refunds.idempotencyKey }).returning();
  if (made) return made;
  const [existing] = await tx.select().from(refunds).where(eq(refunds.idempotencyKey, refund.idempotencyKey!));
  if (!existing) throw new Error(`refund ${refund.idempotencyKey} neither made nor found`);
  return existing;
}

/** Records the provider's final word on a refund and, when it went through, its credit note and the cancellation it was for. */
async function finish(db: Database, refund: RefundRow, status: 'succeeded' | 'failed', failure: string | null): Promise<RefundStatus> {
  let credited = false;
  const finished = await db.transaction(async (tx) => {
    const [done] = await tx.update(refunds).set({ status, failure, sendingUntil: null, completedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(refunds.id, refund.id), inArray(refunds.status, OPEN_REFUND_STATUSES))).returning({ id: refunds.id });
    // Finished meanwhile by another (the call and the reconciler both learnt it): nothing more to do.
    if (!done) return (await currentStatus(tx, refund.id)) ?? status;
    // The money went back: its credit note (issue 34) is issued with the record of it.
    if (status === 'succeeded') credited = await issueCreditNote(tx as unknown as Database, refund);
    if (status === 'succeeded' && refund.cancelEvent && refund.cancelFrom) {
      // Made only from the status it was decided on: an order staff moved on meanwhile keeps its
      // status, and its refund is recorded for staff to see.
      await transition(tx as unknown as Database, {
        orderId: refund.orderId, event: refund.cancelEvent as LifecycleEvent, actor: refund.cancelEvent === 'cancelledByStaff' ? 'staff' : 'customer',
        actorUserId: refund.actorUserId, note: refund.note ?? refund.reason, when: sql`o.status = ${refund.cancelFrom}`,
        mailPayload: { refund: String(refund.amountMinor) }, entryData: { refund: refund.amountMinor },
      });
    }
    if (status === 'succeeded') {
      await addEntry(tx as unknown as Database, {
        // Who decided it: the cancel it was for, or the store giving back money an order could not take.
        orderId: refund.orderId, event: 'refunded', actor: refund.cancelEvent === 'cancelledByStaff' ? 'staff' : refund.cancelEvent ? 'customer' : 'system', userId: refund.actorUserId,
        data: { amount: refund.amountMinor, ...(refund.currency ? { currency: refund.currency.toUpperCase() } : {}) },
      });
    }
    return status;
  });
  if (credited) numberSoon(db, `credit note of refund ${refund.id}`);
  return finished;
}

async function currentStatus(db: Database, id: string): Promise<RefundStatus | undefined> {
  const [row] = await db.select({ status: refunds.status }).from(refunds).where(eq(refunds.id, id));
  return row?.status;
}

/**
 * How long a sender holds a refund: longer than any provider call may take (a lookup and a send,
 * each up to two deadlines of at most two minutes, PROVIDER_TIMEOUT_MS), so a refund is never sent
 * by two processes at once; a sender that died lets another send it when this runs out.
 */
export const SEND_LEASE_MS = 10 * 60_000;

/**
 * Sends a requested (or unknown) refund to its provider, outside any transaction, and records the
 * answer. Resolves to where the refund stands; never throws for the provider's answer. A refund
 * another process is sending now is left to it (its status is answered).
 */
export async function sendRefund(db: Database, providerOf: RefundingProvider, refund: RefundRow): Promise<RefundStatus> {
  const provider = providerOf(refund.provider);
  // The lease, taken with the try's count: the try is counted before the call, so a retry after a
  // crash names a try of its own, and no one else sends this refund until the lease runs out.
  const [counted] = await db.update(refunds)
    .set({ tries: sql`${refunds.tries} + 1`, sendingUntil: sql`now() + make_interval(secs => ${SEND_LEASE_MS / 1000})`, updatedAt: new Date() })
    .where(and(eq(refunds.id, refund.id), inArray(refunds.status, OPEN_REFUND_STATUSES), or(isNull(refunds.sendingUntil), lt(refunds.sendingUntil, sql`now()`))))
    .returning({ tries: refunds.tries });
  if (!counted) return (await currentStatus(db, refund.id)) ?? 'succeeded';
  const key = refund.idempotencyKey!;
  try {
    // A try after the first may follow one whose answer was lost: it is looked for before a new key is used.
    if (counted.tries > 1 && provider.findRefund && refund.paymentRef) {
      const found = await provider.findRefund({ paymentRef: refund.paymentRef, idempotencyKey: key });
      if (found) return await finish(db, refund, found, found === 'failed' ? 'the provider says the refund failed' : null);
    }
    if (!refund.paymentRef) throw new DomainError('PAYMENT_FAILED', { detail: 'nothing to refund: no payment reference' });
    await provider.refund({
      paymentRef: refund.paymentRef, amountMinor: refund.amountMinor, currency: refund.currency ?? '', reason: refund.reason,
      idempotencyKey: key, retry: counted.tries - 1,
    });
    return await finish(db, refund, 'succeeded', null);
  } catch (error) {
    if (error instanceof DomainError && error.code === 'PAYMENT_FAILED') return finish(db, refund, 'failed', error.message);
    // Unknown (NETWORK_ERROR), or our own fault: the reconciler asks again once the refund has been quiet.
    await db.update(refunds).set({ status: 'unknown', sendingUntil: null, failure: error instanceof Error ? error.message.slice(0, 500) : 'unknown', updatedAt: new Date() })
      .where(and(eq(refunds.id, refund.id), inArray(refunds.status, OPEN_REFUND_STATUSES)));
    if (error instanceof DomainError) return 'unknown';
    throw error;
  }
}
