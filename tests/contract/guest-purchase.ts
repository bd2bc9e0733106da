/**
 * A guest's purchase in the /us store written as an integrator writes it: openapi-fetch with the
 * types openapi-typescript generates from the store's OpenAPI document (store-api.d.ts, kept
 * current by `npm run api:types` and checked by tests/integration/api-from-outside.test.ts). It is
 * compiled by `npm run typecheck` against those types, so an operation, parameter or answer the
 * document gets wrong for a typed client stops the build; the test runs it against the server.
 */
import createClient from 'openapi-fetch';
import type { paths } from './store-api';

export interface Purchase {
  orderId: string;
  amount: number;
  currency: string;
  status: string;
}

/** Fails with what the server said when an answer is not the one the script needs. */
function expected<T>(answer: { data?: T; error?: unknown; response: Response }, what: string): T {
  if (answer.data === undefined) throw new Error(`${what}: ${answer.response.status} ${JSON.stringify(answer.error)}`);
  return answer.data;
}

export async function guestPurchaseInUs(fetch: typeof globalThis.fetch, guestId: string, idempotencyKey: string): Promise<Purchase> {
  const api = createClient<paths>({ baseUrl: 'http://store.test', fetch });
  const store = { 'x-store-country': 'us' } as const;

  const settings = expected(await api.GET('/api/payments/settings', { params: { header: store } }), 'payment choices');
  const choice = settings.choices.find((c) => c.choice === 'stripe') ?? settings.choices[0];
  if (!choice) throw new Error('the us store offers no way to pay');

  expected(await api.POST('/api/cart', { params: { header: store }, body: { templateId: 3, quantity: '2', sessionId: guestId } }), 'add to cart');
  const cart = expected(await api.GET('/api/cart', { params: { header: store, query: { sessionId: guestId } } }), 'cart');
  if (cart.items[0]?.price.currency !== 'USD') throw new Error(`the cart is priced in ${cart.items[0]?.price.currency}`);

  const order = expected(await api.POST('/api/orders', {
    params: { header: { ...store, 'idempotency-key': idempotencyKey } },
    body: { customerName: 'Jane Doe', customerEmail: 'jane@example.com', customerPhone: '+1 415 555 0100', customerAddress: null, fromCart: true, sessionId: guestId },
  }), 'order');

  const started = expected(await api.POST('/api/payments/start', { body: { orderId: order.orderId, provider: choice.choice, sessionId: guestId } }), 'start');
  if (!('redirectUrl' in started)) throw new Error('the sandbox answered a widget');

  // What the sandbox's page does with the payer's "pay" button, then the success page's confirm.
  const approved = expected(await api.POST('/api/payments/sandbox/authorize', { body: { orderId: order.orderId, card: 'approved', sessionId: guestId } }), 'approve');
  const confirmed = expected(await api.POST('/api/confirm', {
    body: { orderId: approved.orderId, paymentKey: approved.paymentKey, amount: approved.amount, provider: 'sandbox', sessionId: guestId },
  }), 'confirm');

  const read = expected(await api.GET('/api/orders/{orderId}', { params: { path: { orderId: confirmed.orderId }, query: { sessionId: guestId } } }), 'order page');
  return { orderId: read.order.orderId, amount: read.order.amount, currency: read.order.currency, status: read.order.status };
}
