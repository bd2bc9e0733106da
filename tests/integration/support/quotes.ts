/**
 * Helpers for the quote tests (D28): consultation orders opened with a brief in any store, staff
 * pricing them, the customer (signed in, a guest's browser, a private link's holder) reading,
 * answering and paying them through the real API, and a picture of everything a refused call
 * could have written, to prove it wrote nothing.
 */
import { and, asc, count, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { CountryCode } from '../../../src/domain/countries.ts';
import { mailOutbox, orderMessages, orderQuotes, orderStatusHistory, orders, paymentAttempts, users } from '../../../src/server/db/schema.ts';
import { createOrderLinks } from '../../../src/server/features/orders/order-links.ts';
import type { TestServer } from '../harness.ts';
import { client } from './clients.ts';

/** The harness's cookie secret: private links (D22) are keyed with it. */
export const LINKS = createOrderLinks('test-cookie-secret-0123456789abcdef', 'http://localhost');

export const storeHeaders = (country: CountryCode) => ({ 'x-store-country': country, 'accept-language': country === 'kr' ? 'ko' : 'en' });

/** Who a request is: a session cookie, a browser's guest id, a private link's key; any mix. */
export interface Who {
  cookie?: string;
  sessionId?: string;
  orderKey?: string;
}

export interface Consultation {
  /** The public order number. */
  orderId: string;
  /** The order's uuid (staff URLs). */
  id: string;
  country: CountryCode;
  /** How its owner reaches it. */
  owner: Who;
}

export const guestBuyer = { customerName: 'Jamie Buyer', customerEmail: 'jamie.quote@example.com', customerPhone: '010-1234-5678' };

export function quotesShop(server: () => TestServer) {
  const api = client(server);
  const db = () => server().database.db;
  const cookieHeader = (who: Who): Record<string, string> => (who.cookie ? { cookie: who.cookie } : {});
  const bodyOf = (who: Who) => ({ ...(who.sessionId ? { sessionId: who.sessionId } : {}), ...(who.orderKey ? { orderKey: who.orderKey } : {}) });

  return {
    api,
    db,
    /** A consultation opened by a brief for a quote-only service, by a guest or a signed-in customer. */
    async consultation(country: CountryCode, owner: Who, serviceId = 6): Promise<Consultation> {
      const response = await api.call('POST', '/api/project-briefs', {
        serviceId, style: ['modern'], additionalRequests: 'A menu of twelve dishes',
        ...(owner.cookie ? {} : { ...guestBuyer, sessionId: owner.sessionId }),
      }, { ...storeHeaders(country), ...cookieHeader(owner) });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().orderStatus).toBe('quote_review');
      const [row] = await db().select().from(orders).where(eq(orders.orderNumber, response.json().orderId));
      return { orderId: row!.orderNumber, id: row!.id, country, owner };
    },
    price(id: string, body: unknown, cookie?: string) {
      return api.call('PUT', `/api/admin/orders/${id}/quote`, body, cookie ? { cookie } : {});
    },
    view(order: Pick<Consultation, 'orderId'>, who: Who) {
      const query = new URLSearchParams({ ...(who.sessionId ? { sessionId: who.sessionId } : {}), ...(who.orderKey ? { key: who.orderKey } : {}) }).toString();
      return api.call('GET', `/api/orders/${order.orderId}${query ? `?${query}` : ''}`, undefined, cookieHeader(who));
    },
    decline(order: Pick<Consultation, 'orderId'>, reason: unknown, who: Who) {
      return api.call('POST', `/api/orders/${order.orderId}/quote/decline`, { reason, ...bodyOf(who) }, cookieHeader(who));
    },
    ask(order: Pick<Consultation, 'orderId'>, message: unknown, who: Who) {
      return api.call('POST', `/api/orders/${order.orderId}/quote/questions`, { message, ...bodyOf(who) }, cookieHeader(who));
    },
    start(order: Pick<Consultation, 'orderId'>, provider: string, who: Who) {
      return api.call('POST', '/api/payments/start', { orderId: order.orderId, provider, ...bodyOf(who) }, cookieHeader(who));
    },
    /** A return brought by the payer: the quote mail's private link carries the order's key (D22). */
    confirm(body: Record<string, unknown>) {
      return api.call('POST', '/api/confirm', typeof body.orderId === 'string' ? { orderKey: LINKS.keyFor(body.orderId), ...body } : body);
    },
    adminOrder(id: string, cookie: string) {
      return api.call('GET', `/api/admin/orders/${id}`, undefined, { cookie });
    },
    async overview(cookie: string) {
      const response = await api.call('GET', '/api/admin/overview', undefined, { cookie });
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    },
    async userId(email: string) {
      const [row] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
      return row!.id;
    },
    async row(id: string) {
      const [row] = await db().select().from(orders).where(eq(orders.id, id));
      return row!;
    },
    async history(id: string) {
      const rows = await db().select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, id)).orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id));
      return rows.map((h) => ({ from: h.fromStatus, to: h.toStatus, actor: h.actor, actorUserId: h.actorUserId, note: h.note }));
    },
    /** The order's mails in the order they were queued (kinds of one statement alphabetically). */
    async mails(id: string) {
      const rows = await db().select().from(mailOutbox).where(eq(mailOutbox.orderId, id)).orderBy(asc(mailOutbox.createdAt), asc(mailOutbox.kind));
      return rows.map((m) => ({ id: m.id, kind: m.kind, payload: m.payload }));
    },
    async quotes(id: string) {
      return db().select().from(orderQuotes).where(eq(orderQuotes.orderId, id)).orderBy(asc(orderQuotes.version));
    },
    /** What people wrote on the order (its conversation's texts, without the order's own entries). */
    async messages(id: string) {
      return db().select().from(orderMessages).where(and(eq(orderMessages.orderId, id), eq(orderMessages.kind, 'text'))).orderBy(asc(orderMessages.seq));
    },
    /** The order's own entries in its conversation: what happened, in order. */
    async entries(id: string) {
      return (await db().select().from(orderMessages).where(and(eq(orderMessages.orderId, id), eq(orderMessages.kind, 'system'))).orderBy(asc(orderMessages.seq))).map((m) => [m.event, m.authorActor, m.data]);
    },
    /** Everything a quote call could write: the order's row and how many rows each such table has. */
    async picture(id: string) {
      const n = async (table: typeof orderQuotes | typeof orderStatusHistory | typeof mailOutbox | typeof orderMessages | typeof paymentAttempts | typeof orders) => (await db().select({ n: count() }).from(table))[0]!.n;
      const [row, quotes, history, mails, messages, attempts, allOrders] = await Promise.all([
        this.row(id), n(orderQuotes), n(orderStatusHistory), n(mailOutbox), n(orderMessages), n(paymentAttempts), n(orders),
      ]);
      return { row, rows: { quotes, history, mails, messages, attempts, orders: allOrders } };
    },
  };
}

export type QuotesShop = ReturnType<typeof quotesShop>;
