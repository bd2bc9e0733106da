/** A guest's order in the Korean store, paid in the sandbox: the starting point of the conversation's tests. */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { orders } from '../../../src/server/db/schema.ts';
import type { staffApi } from './staff.ts';

export async function paidGuestOrder(s: ReturnType<typeof staffApi>, guestId: string, options: { lang?: string; email?: string } = {}) {
  const created = (await s.api.call('POST', '/api/orders', {
    customerName: 'Lee', customerEmail: options.email ?? `buyer.${guestId.slice(0, 8).toLowerCase()}@example.com`, customerPhone: '010-2222-3333',
    serviceId: 1, quantity: 1, country: 'kr', sessionId: guestId,
  }, { 'x-store-country': 'kr', 'accept-language': options.lang ?? 'ko' })).json();
  const { paymentKey } = (await s.api.call('POST', '/api/payments/sandbox/authorize', { orderId: created.orderId, card: 'approved', sessionId: guestId })).json();
  expect((await s.api.call('POST', '/api/confirm', { orderId: created.orderId, amount: created.amount, paymentKey })).statusCode).toBe(200);
  const [row] = await s.db().select().from(orders).where(eq(orders.orderNumber, created.orderId));
  return row!;
}
