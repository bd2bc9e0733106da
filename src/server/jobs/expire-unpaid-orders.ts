/**
 * Unpaid orders do not stay open for ever (issue "Hardening, round three", item 12): a `pending`
 * order a day old is cancelled, with its history row, in one statement per batch. The update is
 * conditioned on the status again, and rows are claimed with `for update skip locked`, so an order
 * paid meanwhile (its confirmation holds or has changed the row) is never touched, and several
 * server processes expiring at once each take other orders. A payment confirmed for an order after
 * this refuses it (ORDER_NOT_PAYABLE) and gives the money back (payments/settle.service.ts). An
 * order whose payment is processing at its provider waits for the provider's word.
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../db/client.ts';
import { orderStatusHistory, orders, paymentAttempts } from '../db/schema.ts';

export const UNPAID_ORDER_TTL_MS = 24 * 60 * 60 * 1000;
export const EXPIRED_NOTE = 'expired unpaid after 24 hours';
const BATCH = 100;

export async function expireUnpaidOrders(db: Database, options: { olderThanMs?: number; batchSize?: number } = {}): Promise<number> {
  const seconds = (options.olderThanMs ?? UNPAID_ORDER_TTL_MS) / 1000;
  const batchSize = options.batchSize ?? BATCH;
  let expired = 0;
  for (;;) {
    const rows = rowsOf<{ order_id: string }>(await db.execute(sql`
      with expired as (
        update ${orders} set status = 'cancelled', updated_at = now()
        where status = 'pending' and id in (
          select id from ${orders}
          where status = 'pending' and created_at < now() - make_interval(secs => ${seconds})
            -- A delayed method (Alipay, WeChat Pay) took the payment and the provider has yet to say yes.
            and not exists (select 1 from ${paymentAttempts} as a where a.order_id = ${orders}.id and a.status = 'processing')
          order by created_at limit ${batchSize}
          for update skip locked
        )
        returning id
      )
      insert into ${orderStatusHistory} (order_id, from_status, to_status, actor_user_id, note)
      select id, 'pending', 'cancelled', null, ${EXPIRED_NOTE} from expired
      returning order_id`));
    expired += rows.length;
    if (rows.length < batchSize) return expired;
  }
}
