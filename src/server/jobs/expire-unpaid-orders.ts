/**
 * Unpaid orders do not stay open for ever (issue "Hardening, round three", item 12): a `pending`
 * order a day old is cancelled through the lifecycle (D30), one transaction per batch. Each change
 * is conditioned on the status again, and rows are claimed with `for update skip locked`, so an order
 * paid meanwhile (its confirmation holds or has changed the row) is never touched, and several
 * server processes expiring at once each take other orders. A payment confirmed for an order after
 * this refuses it (ORDER_NOT_PAYABLE) and gives the money back (payments/settle.service.ts). Before
 * that, the provider is asked about each open attempt of an order due to expire (D32): one it paid is
 * paid, one it still shows open is given up; an order whose payment is processing, or whose
 * provider could not be read, waits for the provider's word.
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../db/client.ts';
import { orders, paymentAttempts } from '../db/schema.ts';
import { transition } from '../features/orders/lifecycle.ts';

const UNPAID_ORDER_TTL_MS = 24 * 60 * 60 * 1000;
export const EXPIRED_NOTE = 'expired unpaid after 24 hours';
const BATCH = 100;

/** A delayed method (Alipay, WeChat Pay) took the payment and the provider has yet to say yes, or the provider could not be read. */
const NOTHING_PROCESSING = sql`not exists (select 1 from ${paymentAttempts} as a where a.order_id = o.id and a.status in ('processing', 'unknown'))`;

interface ExpiryOptions {
  olderThanMs?: number;
  batchSize?: number;
  /** Asks the providers about these orders' open attempts first (payments.settleOpenAttempts). */
  settleOpenAttempts?: (orderIds: string[]) => Promise<void>;
}

export async function expireUnpaidOrders(db: Database, options: ExpiryOptions = {}): Promise<number> {
  const seconds = (options.olderThanMs ?? UNPAID_ORDER_TTL_MS) / 1000;
  const batchSize = options.batchSize ?? BATCH;
  if (options.settleOpenAttempts) {
    // Outside any transaction: the providers answer first, then the orders are claimed.
    const due = rowsOf<{ id: string }>(await db.execute(sql`
      select o.id from ${orders} as o
      where o.status = 'pending' and o.created_at < now() - make_interval(secs => ${seconds})
        and exists (select 1 from ${paymentAttempts} as a where a.order_id = o.id and a.status in ('started', 'processing', 'unknown'))
      limit 1000`));
    await options.settleOpenAttempts(due.map((row) => row.id));
  }
  let expired = 0;
  for (;;) {
    const { claimed, changed } = await db.transaction(async (tx) => {
      const ids = rowsOf<{ id: string }>(await tx.execute(sql`
        select id from ${orders} as o
        where status = 'pending' and created_at < now() - make_interval(secs => ${seconds}) and ${NOTHING_PROCESSING}
        order by created_at limit ${batchSize}
        for update skip locked`));
      let count = 0;
      for (const { id } of ids) {
        const change = await transition(tx as unknown as Database, { orderId: id, event: 'expiredUnpaid', actor: 'system', note: EXPIRED_NOTE, when: NOTHING_PROCESSING });
        if (change.changed) count += 1;
      }
      return { claimed: ids.length, changed: count };
    });
    expired += changed;
    if (claimed < batchSize) return expired;
  }
}
