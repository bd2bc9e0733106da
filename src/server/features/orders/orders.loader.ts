/**
 * What the pages' loaders read of orders (My Page, a guest's private order page), bound to this
 * process's database and handed to them through the request context, after their role check.
 */
import type { PublicUser } from '../../../domain/user.ts';
import type { Database } from '../../db/client.ts';
import type { ReturnRefs } from '../payments/return-refs.ts';
import { keptOrder } from './kept-order.ts';
import type { OrderLinks } from './order-links.ts';
import { linkedOrderOf, orderOrNull } from './order-access.ts';
import { customerOrderView } from './order-view.ts';
import { listOwnOrders, withOrderDetails } from './orders.service.ts';
import { unreadCounts } from '../conversation/reads.ts';

export function createOrdersLoader({ db, links, refs, mailQueued }: { db: Database; links: OrderLinks; refs: ReturnRefs; mailQueued: () => void }) {
  return {
    /** The order a payment did not go through for, for its payer (the fail page); null for anyone else. */
    kept: (orderNumber: string, ref: string | null, user: PublicUser | null) =>
      keptOrder(db, { links, refs, mailQueued }, { orderNumber, ref, user: user ? { id: user.id, role: user.role } : null }),
    /** The signed-in user's orders, newest first, as My Page shows them. */
    /** My Page's orders, each with the messages from staff this customer has not read (D34). */
    listForUser: async (userId: string) => {
      const own = await listOwnOrders(db, { kind: 'user', userId });
      const unread = await unreadCounts(db, own.map((details) => details.order.id), `u:${userId}`, 'customer');
      return own.map((details) => ({ ...customerOrderView(details), unread: unread.get(details.order.id) ?? 0 }));
    },
    /** An order through its private link (D22); null when the key is not the order's. */
    byLink: async (orderNumber: string, key: string) => {
      const accessor = { user: null, guestId: null, linkedOrderNumber: linkedOrderOf(links, orderNumber, key) };
      const order = await orderOrNull(db, accessor, orderNumber, 'view');
      return order ? customerOrderView((await withOrderDetails(db, [order]))[0]!, { orderKey: key }) : null;
    },
  };
}

export type OrdersLoader = ReturnType<typeof createOrdersLoader>;
