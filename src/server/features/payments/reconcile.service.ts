/**
 * The reconciler (D32, docs/decisions/0038): money follows the provider's word, reached eventually.
 * Every pass asks the providers about each attempt that may still move money (started, processing
 * or unknown) and each refund whose answer is not known (requested or unknown), once they have
 * been quiet for a minute, and settles them through the same code as a return or a webhook: paid,
 * refused and given back, failed; a refund found or sent again. An attempt the provider still
 * calls open is left for the payer, and given up (failed, nothing taken) two days after it began.
 *
 * Several processes run it at once without asking a provider twice for one row: each pass claims
 * its rows with `for update skip locked` and stamps them (updated_at), so another process passes
 * them over for a minute; no transaction is open while a provider answers.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { DomainError } from '../../../domain/errors.ts';
import { OPEN_ATTEMPT_STATUSES, OPEN_REFUND_STATUSES } from '../../../domain/payments.ts';
import { rowsOf, type Database } from '../../db/client.ts';
import { orders, paymentAttempts, refunds } from '../../db/schema.ts';
import type { OrderRow } from '../orders/orders.service.ts';
import { failAttempt, reopenAttempt } from './attempts.ts';
import { whyNotTakeMoney } from './confirm.service.ts';
import type { PaymentRegistry } from './providers/index.ts';
import { sendRefund } from './refunds.service.ts';
import { askProvider, settle, type SettleOutcome } from './settle.service.ts';

type AttemptRow = typeof paymentAttempts.$inferSelect;

export interface ReconcileOptions {
  /** How long an attempt or refund is left alone before it is asked about (and between two asks). */
  quietMs?: number;
  /** When an attempt the provider still calls open is given up: nothing was taken. */
  abandonAfterMs?: number;
  batchSize?: number;
  /** Told of a row that could not be reconciled for a fault of ours (the pass goes on with the others). */
  onError?: (error: unknown, row: { attemptId?: string; refundId?: string }) => void;
}

export interface ReconcileReport {
  /** Attempts whose state changed on the provider's word (paid, refused, failed). */
  settled: number;
  /** Refunds the provider now says went through or were refused. */
  refunds: number;
  /** Orders newly paid (their mails are queued). */
  paid: SettleOutcome[];
  /** Rows left for the next pass after a fault of ours (logged through onError). */
  errors: number;
}

const QUIET_MS = 60_000;
const ABANDON_AFTER_MS = 2 * 24 * 60 * 60 * 1000;
const BATCH = 50;

const list = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/** Claims up to `limit` quiet rows of `table` in an open status, stamping them so no other process takes them for a while. */
async function claim(db: Database, table: typeof paymentAttempts | typeof refunds, statuses: readonly string[], quietMs: number, limit: number, extra = sql`true`): Promise<string[]> {
  return rowsOf<{ id: string }>(await db.execute(sql`
    update ${table} set updated_at = now()
    where id in (
      select id from ${table}
      where status in (${list(statuses)}) and updated_at < now() - make_interval(secs => ${quietMs / 1000}) and ${extra}
      order by updated_at limit ${limit}
      for update skip locked)
    returning id`)).map((row) => row.id);
}

/**
 * Claims batch after batch until one comes back short (or repeats itself, when nothing need be
 * quiet for long). A row whose work fails for a fault of ours is reported and left for the next
 * pass: one bad row never stops the others from being settled.
 */
async function eachClaimed<T>(claimBatch: () => Promise<string[]>, read: (ids: string[]) => Promise<T[]>, batchSize: number, work: (row: T) => Promise<void>, failed: (error: unknown, row: T) => void): Promise<void> {
  const seen = new Set<string>();
  for (;;) {
    const ids = (await claimBatch()).filter((id) => !seen.has(id));
    ids.forEach((id) => seen.add(id));
    if (ids.length) {
      for (const row of await read(ids)) {
        try {
          await work(row);
        } catch (error) {
          failed(error, row);
        }
      }
    }
    if (ids.length < batchSize) return;
  }
}

/**
 * Asks the provider about one attempt and settles on its word. Resolves to the outcome when the
 * attempt changed, null when it is still open or still cannot be read.
 */
export async function reconcileAttempt(db: Database, registry: PaymentRegistry, attempt: AttemptRow, options: { abandonAfterMs?: number } = {}): Promise<SettleOutcome | 'changed' | null> {
  const provider = registry.byName(attempt.provider);
  if (!provider || !attempt.reference) return null;
  const [order]: OrderRow[] = await db.select().from(orders).where(eq(orders.id, attempt.orderId)).limit(1);
  if (!order) return null;
  try {
    let word = await askProvider(db, provider, order, attempt, attempt.reference, 'lookup');
    if (word.state === 'approved') {
      // The payer approved and the capture (or Toss's confirm) was never made or its answer lost;
      // an order that can no longer take it is not captured, and the approval lapses.
      const refusal = await whyNotTakeMoney(db, provider, order, attempt);
      if (refusal) {
        await failAttempt(db, attempt.id, `not captured: ${refusal.message}`, OPEN_ATTEMPT_STATUSES);
        return 'changed';
      }
      word = await askProvider(db, provider, order, attempt, attempt.reference, 'confirm');
    }
    if (word.state === 'open') {
      if (Date.now() - attempt.createdAt.getTime() < (options.abandonAfterMs ?? ABANDON_AFTER_MS)) {
        // Read again: no longer unknown, the payer may still pay (and staff are not told of it as stuck).
        if (attempt.status === 'unknown') await reopenAttempt(db, attempt.id);
        return null;
      }
      await failAttempt(db, attempt.id, `abandoned: ${provider.name} still shows it open`, OPEN_ATTEMPT_STATUSES);
      return 'changed';
    }
    const outcome = await settle(db, provider, order, attempt, word);
    return outcome.kind === 'processing' ? null : outcome;
  } catch (error) {
    // Still unknown: the next pass asks again. A final word (declined, refused and given back) is recorded.
    if (error instanceof DomainError && error.code === 'NETWORK_ERROR') return null;
    if (error instanceof DomainError) return 'changed';
    throw error;
  }
}

/** One pass of the reconciler over attempts and refunds. */
export async function reconcilePayments(db: Database, registry: PaymentRegistry, options: ReconcileOptions = {}): Promise<ReconcileReport> {
  const quietMs = options.quietMs ?? QUIET_MS;
  const batchSize = options.batchSize ?? BATCH;
  const report: ReconcileReport = { settled: 0, refunds: 0, paid: [], errors: 0 };
  const failed = (row: { attemptId?: string; refundId?: string }) => (error: unknown) => {
    report.errors += 1;
    options.onError?.(error, row);
  };
  await eachClaimed(
    () => claim(db, paymentAttempts, OPEN_ATTEMPT_STATUSES, quietMs, batchSize, sql`reference is not null`),
    (ids) => db.select().from(paymentAttempts).where(inArray(paymentAttempts.id, ids)),
    batchSize,
    async (attempt) => {
      const outcome = await reconcileAttempt(db, registry, attempt, options);
      if (!outcome) return;
      report.settled += 1;
      if (outcome !== 'changed' && outcome.kind === 'paid' && outcome.newlyPaid) report.paid.push(outcome);
    },
    (error, attempt) => failed({ attemptId: attempt.id })(error),
  );
  await eachClaimed(
    // A refund another process is sending now (its lease) is left to it.
    () => claim(db, refunds, OPEN_REFUND_STATUSES, quietMs, batchSize, sql`(sending_until is null or sending_until < now())`),
    (ids) => db.select().from(refunds).where(inArray(refunds.id, ids)),
    batchSize,
    async (refund) => {
      if (!registry.byName(refund.provider)) return;
      const status = await sendRefund(db, (name) => registry.byName(name)!, refund);
      if (status === 'succeeded' || status === 'failed') report.refunds += 1;
    },
    (error, refund) => failed({ refundId: refund.id })(error),
  );
  return report;
}
