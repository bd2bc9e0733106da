/**
 * The order a payment did not go through for, as the fail page shows it to its payer (issue 33,
 * items 18 and 19): its way back to paying (My Page for a signed-in customer; for a guest, the
 * order's private link, D22), and, for a guest, that link by e-mail once, so an order kept for
 * later can be found again from any browser.
 *
 * Who is the payer: the signed-in owner, or whoever comes back with the `ref` the store put in the
 * fail and cancel addresses it gave the provider (return-refs.ts): only a start of this order's
 * payment hands it out. Anyone else gets nothing, as for a number that does not exist.
 */
import { sql } from 'drizzle-orm';
import type { Accessor } from '../../../domain/order-access.ts';
import type { KeptOrder } from '../../../domain/orders.ts';
import { isPayable } from '../../../domain/payments.ts';
import { rowsOf, type Database } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema.ts';
import type { ReturnRefs } from '../payments/return-refs.ts';
import type { OrderLinks } from './order-links.ts';
import { orderOrNull } from './order-access.ts';

/** A path of the store's own (D24: the page builds absolute links from PUBLIC_URL only). */
const pathOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

export async function keptOrder(db: Database, deps: { links: OrderLinks; refs: ReturnRefs; mailQueued?: () => void }, input: { orderNumber: string; ref: string | null; user: Accessor['user'] }): Promise<KeptOrder | null> {
  const accessor: Accessor = { user: input.user, guestId: null, linkedOrderNumber: deps.refs.verify(input.orderNumber, input.ref ?? undefined) ? input.orderNumber : null };
  const order = await orderOrNull(db, accessor, input.orderNumber, 'pay');
  if (!order) return null;
  const payable = isPayable(order);
  const guest = order.userId === null;
  const privatePath = guest ? pathOf(deps.links.url(order.country, order.orderNumber)) : null;
  if (guest && payable && await mailPrivateLinkOnce(db, order.id)) deps.mailQueued?.();
  return {
    orderId: order.orderNumber,
    orderName: order.orderName,
    amount: order.amountMinor,
    country: order.country,
    payable,
    payPath: privatePath ? `${privatePath}&pay=1` : `/${order.country}/profile?pay=${encodeURIComponent(order.orderNumber)}`,
    privatePath,
    mailedTo: guest ? order.customerEmail : null,
  };
}

/** Queues the "your order is kept" mail with the private link, once per order whoever asks again; true when queued now. */
async function mailPrivateLinkOnce(db: Database, orderId: string): Promise<boolean> {
  const queued = rowsOf<{ id: string }>(await db.execute(sql`
    insert into ${mailOutbox} (kind, order_id, payload) values ('order_kept', ${orderId}, '{}'::jsonb)
    on conflict (order_id, kind) where kind = 'order_kept' do nothing
    returning id`));
  return queued.length > 0;
}
