/**
 * Helpers for the Stripe and PayPal tests: orders in any store, payment starts and returns through
 * the real API (Fastify inject), webhook deliveries built by the fakes and posted here (so their
 * timing is the test's), and the rows a payment leaves behind.
 */
import { asc, count, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { CountryCode } from '../../../src/domain/countries.ts';
import { newGuestId } from '../../../src/domain/guest.ts';
import { mailOutbox, orderStatusHistory, orders, paymentAttempts, paymentEvents, refunds } from '../../../src/server/db/schema.ts';
import type { TestServer } from '../harness.ts';
import { client } from './clients.ts';

export const buyer = { customerName: 'Jamie Buyer', customerEmail: 'jamie@example.com', customerPhone: '010-1234-5678' };

export interface PlacedOrder {
  /** The public order number (SPEC's orderId). */
  orderId: string;
  /** The order's uuid (staff URLs, foreign keys). */
  id: string;
  amount: number;
  currency: string;
  providers: string[];
  /** The guest id that owns it. */
  guest: string;
}

export function paymentsShop(server: () => TestServer) {
  const api = client(server);
  const db = () => server().database.db;
  const webhook = (provider: 'stripe' | 'paypal', payload: string, headers: Record<string, string>) =>
    server().app.inject({ method: 'POST', url: `/api/webhooks/${provider}`, remoteAddress: '10.77.0.1', headers, payload });

  return {
    api,
    db,
    /** A guest's order in `country`'s store; template 1 (35,000 won) unless another item is given. */
    async order(country: CountryCode, item: Record<string, unknown> = { selectedTemplate: { id: 1 } }, guest = newGuestId()): Promise<PlacedOrder> {
      const response = await api.call('POST', '/api/orders', { ...buyer, country, sessionId: guest, ...item }, { 'x-store-country': country, 'accept-language': 'en' });
      expect(response.statusCode, response.body).toBe(201);
      const body = response.json();
      return { orderId: body.orderId, id: body.id, amount: body.amount, currency: body.currency, providers: body.providers, guest };
    },
    start(order: Pick<PlacedOrder, 'orderId' | 'guest'>, provider: string, extra: Record<string, unknown> = {}) {
      return api.call('POST', '/api/payments/start', { orderId: order.orderId, provider, sessionId: order.guest, ...extra });
    },
    /** A return brought by the payer's own browser: it names the order's guest id (D22). */
    async confirm(body: Record<string, unknown>) {
      const [row] = typeof body.orderId === 'string' ? await db().select({ guestId: orders.guestId }).from(orders).where(eq(orders.orderNumber, body.orderId)) : [];
      return api.call('POST', '/api/confirm', row?.guestId && body.sessionId === undefined ? { ...body, sessionId: row.guestId } : body);
    },
    /** The same return brought by someone who is not the payer (no session, no guest id, no key). */
    confirmAsStranger(body: Record<string, unknown>) {
      return api.call('POST', '/api/confirm', body);
    },
    /** A Stripe event as the fake built and signed it, posted with Stripe's headers. */
    stripeWebhook(event: { payload: string; signature: string }) {
      return webhook('stripe', event.payload, { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': event.signature, 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' });
    },
    /** A PayPal event with the transmission headers the fake issued for it. */
    paypalWebhook(event: { body: string; headers: Record<string, string> }) {
      return webhook('paypal', event.body, event.headers);
    },
    async orderRow(orderNumber: string) {
      const [row] = await db().select().from(orders).where(eq(orders.orderNumber, orderNumber));
      return row!;
    },
    async attemptsOf(orderUuid: string) {
      return db().select().from(paymentAttempts).where(eq(paymentAttempts.orderId, orderUuid)).orderBy(asc(paymentAttempts.createdAt));
    },
    /** The one attempt of an order (fails the test when there is not exactly one). */
    async attemptOf(orderUuid: string) {
      const rows = await db().select().from(paymentAttempts).where(eq(paymentAttempts.orderId, orderUuid));
      expect(rows).toHaveLength(1);
      return rows[0]!;
    },
    async historyOf(orderUuid: string) {
      const rows = await db().select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, orderUuid)).orderBy(asc(orderStatusHistory.createdAt));
      return rows.map((h) => [h.fromStatus, h.toStatus]);
    },
    async mailKindsOf(orderUuid: string) {
      return (await db().select().from(mailOutbox).where(eq(mailOutbox.orderId, orderUuid))).map((m) => m.kind).sort();
    },
    async refundsOf(orderUuid: string) {
      return db().select().from(refunds).where(eq(refunds.orderId, orderUuid));
    },
    async attemptCount() {
      const [row] = await db().select({ n: count() }).from(paymentAttempts);
      return row!.n;
    },
    async eventsWithId(eventId: string) {
      return db().select().from(paymentEvents).where(eq(paymentEvents.eventId, eventId));
    },
  };
}

export type PaymentsShop = ReturnType<typeof paymentsShop>;

/** The Checkout Session id in a redirect to the fake Stripe's hosted page. */
export function sessionIdOf(redirectUrl: string): string {
  const match = /\/c\/pay\/(cs_[A-Za-z0-9_]+)$/.exec(new URL(redirectUrl).pathname);
  expect(match, redirectUrl).toBeTruthy();
  return match![1]!;
}

/** The PayPal order id in a redirect to the fake PayPal's approval page. */
export function paypalOrderIdOf(redirectUrl: string): string {
  const url = new URL(redirectUrl);
  expect(url.pathname, redirectUrl).toBe('/checkoutnow');
  return url.searchParams.get('token')!;
}
