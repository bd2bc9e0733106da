/**
 * Money staff must look at (D32): an attempt whose outcome the providers have not told for an hour,
 * a refund not confirmed for an hour, and a refund a provider refused. The reconciler keeps asking
 * about the first two; staff see all three on the overview and are mailed once about each
 * (`staff_money`, queued in the statement that marks the row alerted, so a mail is never doubled).
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../../db/client.ts';
import { mailOutbox, orders, paymentAttempts, refunds } from '../../db/schema.ts';

/** How long an outcome may stay unknown before staff are told. */
const STUCK_AFTER = sql`interval '1 hour'`;

const STUCK_ATTEMPT = sql`a.status = 'unknown' and a.created_at < now() - ${STUCK_AFTER}`;
const STUCK_REFUND = sql`(r.status in ('requested', 'unknown') and r.created_at < now() - ${STUCK_AFTER}) or r.status = 'failed'`;

export interface StuckMoney {
  kind: 'attempt' | 'refund';
  status: string;
  orderId: string;
  orderNumber: string;
  provider: string;
  amount: number;
  currency: string;
  since: Date;
}

/** The stuck money, newest first (at most `limit`), and how much of it there is in all. */
export async function stuckMoney(db: Database, limit = 20): Promise<{ total: number; items: StuckMoney[] }> {
  const rows = rowsOf<{ kind: 'attempt' | 'refund'; status: string; order_id: string; order_number: string; provider: string; amount: number; currency: string; since: Date | string; total: number }>(await db.execute(sql`
    with stuck as (
      select 'attempt' as kind, a.status, a.order_id, a.provider, a.amount_minor as amount, a.currency, a.created_at as since
      from ${paymentAttempts} as a where ${STUCK_ATTEMPT}
      union all
      select 'refund', r.status, r.order_id, r.provider, r.amount_minor, coalesce(r.currency, o.currency), r.created_at
      from ${refunds} as r join ${orders} as o on o.id = r.order_id
      -- A refused refund that a later one of the same payment made good is settled.
      where (${STUCK_REFUND}) and not (r.status = 'failed' and exists (
        select 1 from ${refunds} as later where later.order_id = r.order_id and later.attempt_id is not distinct from r.attempt_id
          and later.status = 'succeeded' and later.created_at > r.created_at))
    )
    select s.*, o.order_number, count(*) over ()::int as total from stuck as s join ${orders} as o on o.id = s.order_id
    order by s.since desc limit ${limit}`));
  return {
    total: rows[0]?.total ?? 0,
    items: rows.map((r) => ({ kind: r.kind, status: r.status, orderId: r.order_id, orderNumber: r.order_number, provider: r.provider, amount: Number(r.amount), currency: r.currency, since: new Date(r.since) })),
  };
}

/** Queues one staff mail for each newly stuck attempt and refund; resolves to how many. */
export async function alertStuckMoney(db: Database): Promise<number> {
  const attempts = rowsOf<{ n: number }>(await db.execute(sql`
    with marked as (
      update ${paymentAttempts} as a set alerted_at = now() where ${STUCK_ATTEMPT} and a.alerted_at is null
      returning a.order_id, a.status, a.provider, a.amount_minor, a.currency
    ), queued as (
      insert into ${mailOutbox} (kind, order_id, payload)
      select 'staff_money', order_id, jsonb_build_object('what', 'attempt', 'status', status, 'provider', provider, 'amount', amount_minor::text, 'currency', currency) from marked
      returning 1
    )
    select count(*)::int as n from queued`));
  const refunded = rowsOf<{ n: number }>(await db.execute(sql`
    with marked as (
      update ${refunds} as r set alerted_at = now() where (${STUCK_REFUND}) and r.alerted_at is null
      returning r.order_id, r.status, r.provider, r.amount_minor, r.currency
    ), queued as (
      insert into ${mailOutbox} (kind, order_id, payload)
      select 'staff_money', order_id, jsonb_build_object('what', 'refund', 'status', status, 'provider', provider, 'amount', amount_minor::text, 'currency', coalesce(currency, '')) from marked
      returning 1
    )
    select count(*)::int as n from queued`));
  return (attempts[0]?.n ?? 0) + (refunded[0]?.n ?? 0);
}
