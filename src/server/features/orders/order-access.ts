/**
 * Reading an order for an action, through the access table (`domain/order-access.ts`): the one
 * way a route, a service or a page loader gets hold of someone's order. Whoever may not do the
 * action is told the order does not exist (NOT_FOUND), so a number reveals nothing.
 */
import { eq } from 'drizzle-orm';
import { DomainError } from '../../../domain/errors.ts';
import { mayOnOrder, type Accessor, type OrderAction } from '../../../domain/order-access.ts';
import { ORDER_NUMBER_PATTERN } from '../../../domain/orders.ts';
import type { Database } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import type { OrderLinks } from './order-links.ts';

type OrderRow = typeof orders.$inferSelect;

/**
 * The order numbered `orderNumber` if `accessor` may do `action` to it. `lock` reads it `for
 * update`, for a caller that changes it in the same transaction.
 */
export async function orderFor(db: Database, accessor: Accessor, orderNumber: string, action: OrderAction, options: { lock?: boolean } = {}): Promise<OrderRow> {
  if (!ORDER_NUMBER_PATTERN.test(orderNumber)) throw new DomainError('NOT_FOUND');
  const query = db.select().from(orders).where(eq(orders.orderNumber, orderNumber)).limit(1);
  const [order] = options.lock ? await query.for('update') : await query;
  if (!order || !mayOnOrder(accessor, order, action)) throw new DomainError('NOT_FOUND');
  return order;
}

/** The order number when `key` is its private link's key (D22), else null; anything may be passed. */
export function linkedOrderOf(links: OrderLinks, orderNumber: unknown, key: unknown): string | null {
  return typeof orderNumber === 'string' && typeof key === 'string' && ORDER_NUMBER_PATTERN.test(orderNumber) && links.verify(orderNumber, key) ? orderNumber : null;
}

/** An order found, or null when it does not exist or may not be touched by the accessor. */
export async function orderOrNull(db: Database, accessor: Accessor, orderNumber: string, action: OrderAction): Promise<OrderRow | null> {
  try {
    return await orderFor(db, accessor, orderNumber, action);
  } catch (error) {
    if (error instanceof DomainError && error.code === 'NOT_FOUND') return null;
    throw error;
  }
}
