/**
 * "Hardening, round three", item 12 (Idempotency-Key): a retried POST /api/orders (its answer lost)
 * used to make a second order. The same key with the same body answers the first order (201, the
 * same number), another body with that key is 409 IDEMPOTENCY_KEY_REUSED, a malformed key is 400,
 * concurrent requests with one key make one order, and a key is the caller's own.
 */
import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newGuestId } from '../../src/domain/guest.ts';
import { orderLines, orders, orderStatusHistory } from '../../src/server/db/schema.ts';
import { BACKENDS, useTestServer } from './harness.ts';
import { client, newAccount, sessionCookie } from './support/clients.ts';

const checkout = (guest: string, extra: Record<string, unknown> = {}) => ({
  customerName: '김민수', customerEmail: 'minsu@example.com', customerPhone: '010-1234-5678', serviceId: 1, quantity: 3, country: 'kr', sessionId: guest, isGuestOrder: true, ...extra,
});

describe.each(BACKENDS)('POST /api/orders with an Idempotency-Key (%s)', (backend) => {
  const server = useTestServer(backend);
  const api = client(server);
  const db = () => server().database.db;
  const order = (body: Record<string, unknown>, key?: string, headers: Record<string, string> = {}) =>
    api.call('POST', '/api/orders', body, { 'x-store-country': 'kr', 'accept-language': 'en', ...(key !== undefined ? { 'idempotency-key': key } : {}), ...headers });
  const ordersOf = (guest: string) => db().select().from(orders).where(eq(orders.guestId, guest));
  async function counts() {
    const [o] = await db().select({ n: count() }).from(orders);
    const [l] = await db().select({ n: count() }).from(orderLines);
    const [h] = await db().select({ n: count() }).from(orderStatusHistory);
    return { orders: o!.n, lines: l!.n, history: h!.n };
  }

  it('answers a retry with the same key and body with the same order, 201 and all', async () => {
    const guest = newGuestId();
    const key = randomUUID();
    const first = await order(checkout(guest), key);
    expect(first.statusCode).toBe(201);
    const before = await counts();
    const again = await order(checkout(guest), key);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await counts()).toEqual(before);
    const rows = await ordersOf(guest);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ orderNumber: first.json().orderId, idempotencyKey: key, requestFingerprint: expect.stringMatching(/^[0-9a-f]{64}$/) });
    // The same input written another way (key order, spaces the schema trims) is the same request.
    const { serviceId, quantity, ...rest } = checkout(guest);
    const reordered = await order({ quantity: String(quantity), serviceId, ...rest, customerName: '  김민수 ' }, key);
    expect(reordered.statusCode).toBe(201);
    expect(reordered.json().orderId).toBe(first.json().orderId);
    expect(await ordersOf(guest)).toHaveLength(1);
  });

  it('refuses the same key with another body (409 IDEMPOTENCY_KEY_REUSED) and makes no second order', async () => {
    const guest = newGuestId();
    const key = randomUUID();
    const first = await order(checkout(guest), key);
    expect(first.statusCode).toBe(201);
    const before = await counts();
    for (const body of [checkout(guest, { quantity: 4 }), checkout(guest, { requirements: '배경은 흰색으로' }), checkout(guest, { serviceId: undefined, quantity: undefined, packageId: 'social' })]) {
      const reused = await order(body, key);
      expect(reused.statusCode).toBe(409);
      expect(reused.json()).toMatchObject({ success: false, code: 'IDEMPOTENCY_KEY_REUSED', message: 'This checkout was already sent with other details. Please reload the page and try again.' });
    }
    // The same body sent to another store is another request too.
    expect((await order(checkout(guest, { country: undefined }), key, { 'x-store-country': 'us' })).statusCode).toBe(409);
    expect(await counts()).toEqual(before);
    expect((await ordersOf(guest)).map((r) => [r.orderNumber, r.amountMinor])).toEqual([[first.json().orderId, 30_000]]);
  });

  it('makes one order of concurrent requests with the same key, and answers each with it', async () => {
    const guest = newGuestId();
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 6 }, () => order(checkout(guest), key)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(201));
    expect(new Set(answers.map((a) => a.json().orderId)).size).toBe(1);
    const rows = await ordersOf(guest);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.orderNumber).toBe(answers[0]!.json().orderId);
    const lines = await db().select().from(orderLines).where(eq(orderLines.orderId, rows[0]!.id));
    expect(lines).toHaveLength(1);
  });

  it('works as before without a key: each request is an order', async () => {
    const guest = newGuestId();
    const [a, b] = [await order(checkout(guest)), await order(checkout(guest))];
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().orderId).not.toBe(b.json().orderId);
    expect((await ordersOf(guest)).map((r) => r.idempotencyKey)).toEqual([null, null]);
  });

  it.each([
    ['too short', 'abc-1234'.slice(0, 7)],
    ['too long', 'k'.repeat(256)],
    ['with a space', 'checkout attempt 1'],
    ['with a tab', 'checkout\tattempt'],
    ['not ASCII', 'checkout-\u00e9t\u00e9-2026'],
    ['empty', ''],
  ])('refuses a key %s with 400 IDEMPOTENCY_KEY_INVALID and stores nothing', async (_name, key) => {
    const guest = newGuestId();
    const before = await counts();
    const refused = await order(checkout(guest), key);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ success: false, code: 'IDEMPOTENCY_KEY_INVALID', message: 'The Idempotency-Key header must be 8 to 255 visible ASCII characters.' });
    expect(await counts()).toEqual(before);
  });

  it('takes keys of 8 and of 255 visible characters', async () => {
    for (const key of ['12345678', `${'~'.repeat(254)}!`]) {
      expect((await order(checkout(newGuestId()), key)).statusCode).toBe(201);
    }
  });

  it("keeps one caller's key apart from another's", async () => {
    const key = randomUUID();
    const [guestA, guestB] = [newGuestId(), newGuestId()];
    const a = await order(checkout(guestA), key);
    const b = await order(checkout(guestB), key);
    const user = sessionCookie(await api.call('POST', '/api/auth/register', newAccount()));
    const { sessionId: _guest, isGuestOrder: _g, ...signedIn } = checkout(guestA);
    const c = await order(signedIn, key, { cookie: user });
    const again = await order(signedIn, key, { cookie: user });
    expect([a.statusCode, b.statusCode, c.statusCode, again.statusCode]).toEqual([201, 201, 201, 201]);
    expect(new Set([a.json().orderId, b.json().orderId, c.json().orderId]).size).toBe(3);
    expect(again.json().orderId).toBe(c.json().orderId);
    expect(await ordersOf(guestA)).toHaveLength(1);
    expect(await ordersOf(guestB)).toHaveLength(1);
  });
});
