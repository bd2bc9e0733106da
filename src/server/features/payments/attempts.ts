/**
 * Payment attempts in the database: one row per try at paying an order (schema.paymentAttempts).
 * Found by the provider's own reference (a Checkout Session, a PayPal order, a payment key); a
 * status moves only forward: nothing changes an attempt that paid the order or whose money was
 * given back.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PaymentAttemptStatus, PaymentChoice, ProviderName } from '../../../domain/payments.ts';
import { rowsOf, type Database } from '../../db/client.ts';
import { orders, paymentAttempts } from '../../db/schema.ts';

export type AttemptRow = typeof paymentAttempts.$inferSelect;

export async function findAttempt(db: Database, provider: ProviderName, reference: string): Promise<AttemptRow | undefined> {
  const [row] = await db.select().from(paymentAttempts)
    .where(and(eq(paymentAttempts.provider, provider), eq(paymentAttempts.reference, reference)))
    .limit(1);
  return row;
}

export interface NewAttempt {
  orderId: string;
  provider: ProviderName;
  method: PaymentChoice;
  amountMinor: number;
  currency: string;
  idempotencyKey: string;
  /** The quote version it pays, when the order is a quote (D28). */
  quoteVersion?: number | null | undefined;
}

/** An attempt about to be started at the provider (its reference comes with the provider's answer). */
export async function openAttempt(db: Database, attempt: NewAttempt): Promise<AttemptRow> {
  const [row] = await db.insert(paymentAttempts).values({ ...attempt, status: 'started' }).returning();
  return row!;
}

export async function setAttemptReference(db: Database, id: string, reference: string): Promise<void> {
  await db.update(paymentAttempts).set({ reference, updatedAt: new Date() }).where(eq(paymentAttempts.id, id));
}

/** An attempt that never got started at the provider, or that the store will not capture: no money moved. */
export async function failAttempt(db: Database, id: string, failure: string, from: readonly PaymentAttemptStatus[] = ['started']): Promise<void> {
  await db.update(paymentAttempts).set({ status: 'failed', failure, completedAt: new Date(), updatedAt: new Date() }).where(and(eq(paymentAttempts.id, id), inArray(paymentAttempts.status, [...from])));
}

/** An attempt that was unknown and that the provider now shows open: the payer may still pay. */
export async function reopenAttempt(db: Database, id: string): Promise<void> {
  await db.update(paymentAttempts).set({ status: 'started', updatedAt: new Date() }).where(and(eq(paymentAttempts.id, id), eq(paymentAttempts.status, 'unknown')));
}

/**
 * Records where an attempt stands (processing, failed, refused), making the row if the provider's
 * reference is new to us (a Toss or sandbox payment confirmed without a start). Statuses move only
 * forward: an attempt that paid its order never changes again; a refused one neither; a failed one
 * is not made processing again by a stale word (a reloaded return page after a delayed method
 * failed). A refusal also overrides `succeeded` when the attempt did not pay its order (another
 * attempt did, or the order was cancelled first): its money was given back. Unknown (the provider
 * could not be read) replaces anything but a final word. Resolves to the attempt's id.
 */
export async function markAttempt(db: Database, attempt: NewAttempt & { reference: string; status: Exclude<PaymentAttemptStatus, 'succeeded' | 'started'>; failure?: string | undefined; paymentRef?: string | null | undefined }): Promise<string> {
  const stays = attempt.status === 'refused'
    ? sql`${paymentAttempts.status} = 'refused' or exists (select 1 from ${orders} as o where o.paid_attempt_id = ${paymentAttempts.id})`
    : attempt.status === 'processing'
      ? sql`${paymentAttempts.status} in ('succeeded', 'refused', 'failed')`
      : attempt.status === 'unknown'
        ? sql`${paymentAttempts.status} in ('succeeded', 'refused')`
      : sql`${paymentAttempts.status} in ('succeeded', 'refused')`;
  const open = attempt.status === 'processing' || attempt.status === 'unknown';
  const [changed] = rowsOf<{ id: string }>(await db.execute(sql`
    insert into ${paymentAttempts} (order_id, provider, method, reference, payment_ref, amount_minor, currency, status, idempotency_key, failure, completed_at)
    values (${attempt.orderId}, ${attempt.provider}, ${attempt.method}, ${attempt.reference}, ${attempt.paymentRef ?? null}, ${attempt.amountMinor}, ${attempt.currency},
      ${attempt.status}, ${attempt.idempotencyKey}, ${attempt.failure ?? null}, ${open ? null : sql`now()`})
    on conflict (provider, reference) where reference is not null do update
      set status = excluded.status, failure = coalesce(excluded.failure, ${paymentAttempts.failure}),
        payment_ref = coalesce(excluded.payment_ref, ${paymentAttempts.paymentRef}), completed_at = excluded.completed_at, updated_at = now()
      where not (${stays}) and ${paymentAttempts.orderId} = excluded.order_id
    returning id`));
  if (changed) return changed.id;
  const kept = await findAttempt(db, attempt.provider, attempt.reference);
  return kept!.id;
}
