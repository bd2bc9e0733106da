/**
 * Short order numbers (issue 16, item 17; docs/decisions/0021): every order gets `SL-yymm-dddd-ddd`
 * (Korea month, six random digits, a check digit), unique under a taken number (the insert passes
 * over it and the same creation tries another, in or out of a transaction, Idempotency-Key and all);
 * staff find an order by its number typed loosely, and by a number of the old form, which keeps
 * working for its owner and its private link. A short number can be guessed, so knowing one gives
 * nothing: not the order (API and pages), not a sandbox approval of it.
 * Runs against the production build for the pages (`npm test` builds first).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newGuestId } from '../../src/domain/guest.ts';
import { ORDER_NUMBER_PATTERN } from '../../src/domain/orders.ts';
import { hasValidCheckDigit, koreaYearMonth, SHORT_ORDER_NUMBER_PATTERN } from '../../src/domain/order-number.ts';
import { orderLines, orders, orderStatusHistory } from '../../src/server/db/schema.ts';
import { createOrderLinks } from '../../src/server/features/orders/order-links.ts';
import { createOrder, placeOrder, type NewOrder } from '../../src/server/features/orders/orders.service.ts';
import { BACKENDS, useTestServer } from './harness.ts';
import { staffApi } from './support/staff.ts';

if (!fs.existsSync('build/server/index.js')) {
  throw new Error('tests/integration/order-numbers.test.ts needs the production build: run `npm run build` first');
}

const links = createOrderLinks('test-cookie-secret-0123456789abcdef', 'http://localhost');
const customer = { customerName: '김민수', customerEmail: 'minsu.numbers@example.com', customerPhone: '010-1234-5678' };

describe.each(BACKENDS)('order numbers on %s', (backend) => {
  const server = useTestServer(backend);
  const s = staffApi(server);
  const db = () => server().database.db;

  const newOrder = (guestId: string, extra: Partial<NewOrder> = {}): NewOrder => ({
    owner: { kind: 'guest', guestId }, items: [{ kind: 'service', serviceId: 1, quantity: 3 }], country: 'kr', language: 'ko',
    customer: { name: customer.customerName, email: customer.customerEmail, phone: customer.customerPhone }, ...extra,
  });
  /** Numbers to try, in turn: a test decides which are already taken. */
  const numbers = (...list: string[]) => () => {
    const next = list.shift();
    if (!next) throw new Error('no more numbers');
    return next;
  };
  const place = async (guestId: string) => {
    const created = await s.api.call('POST', '/api/orders', { ...customer, serviceId: 1, quantity: 3, country: 'kr', sessionId: guestId, isGuestOrder: true }, { 'x-store-country': 'kr' });
    expect(created.statusCode, created.body).toBe(201);
    return created.json() as { orderId: string; amount: number; id: string };
  };
  const rowCounts = async () => {
    const [o] = await db().select({ n: count() }).from(orders);
    const [l] = await db().select({ n: count() }).from(orderLines);
    const [h] = await db().select({ n: count() }).from(orderStatusHistory);
    return { orders: o!.n, lines: l!.n, history: h!.n };
  };

  it('gives every order a short, readable number of this month in Korea time, with its check digit', async () => {
    const guest = newGuestId();
    const made: string[] = [];
    for (let i = 0; i < 12; i++) made.push((await place(guest)).orderId);
    const month = koreaYearMonth(new Date());
    for (const number of made) {
      expect(number).toMatch(SHORT_ORDER_NUMBER_PATTERN);
      // Toss's orderId rule (6-64 of [A-Za-z0-9_-]), which every provider's reference takes too.
      expect(number).toMatch(ORDER_NUMBER_PATTERN);
      expect(number.slice(3, 7)).toBe(month);
      expect(hasValidCheckDigit(number.replace(/\D/g, ''))).toBe(true);
    }
    expect(new Set(made).size).toBe(made.length);
    const mine = (await s.api.call('GET', `/api/orders/me?sessionId=${guest}`)).json() as { orders: Array<{ orderId: string }> };
    expect(mine.orders.map((o) => o.orderId).sort()).toEqual([...made].sort());
  });

  it('passes over a taken number and tries another in the same creation, inside a transaction too', async () => {
    const taken = (await place(newGuestId())).orderId;
    const before = await rowCounts();
    const fresh = `SL-2611-${String(Date.now()).slice(-4)}-${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;
    const created = await createOrder(db(), newOrder(newGuestId()), numbers(taken, fresh));
    expect(created.orderNumber).toBe(fresh);
    // One order, its lines and its first history row: nothing of the attempt that met the taken number.
    expect(await rowCounts()).toEqual({ orders: before.orders + 1, lines: before.lines + 1, history: before.history + 1 });
    const [first] = await db().select().from(orders).where(eq(orders.orderNumber, taken));
    expect(first!.customerEmail).toBe(customer.customerEmail);

    // A caller's transaction goes on after the taken number (PostgreSQL aborts one on an error).
    const other = `${fresh.slice(0, -1)}${(Number(fresh.at(-1)) + 1) % 10}`;
    const inside = await db().transaction(async (tx) => {
      const order = await createOrder(tx, newOrder(newGuestId()), numbers(taken, fresh, other));
      await tx.select({ n: count() }).from(orders);
      return order;
    });
    expect(inside.orderNumber).toBe(other);
    expect((await rowCounts()).orders).toBe(before.orders + 2);

    // Only taken numbers: refused after a few attempts, nothing written.
    await expect(createOrder(db(), newOrder(newGuestId()), () => taken)).rejects.toThrow(/no free order number/);
    expect((await rowCounts()).orders).toBe(before.orders + 2);
  });

  it('answers a retried checkout with its first order even when the retry drew a taken number', async () => {
    const guest = newGuestId();
    const idempotency = { key: randomUUID(), fingerprint: 'f'.repeat(64) };
    const first = await placeOrder(db(), newOrder(guest, { idempotency }));
    expect(first.replayed).toBe(false);
    const before = await rowCounts();
    // The retry draws the first order's own number: the insert passes over it, tries another, and
    // meets the key's unique index, which answers the first order.
    const again = await placeOrder(db(), newOrder(guest, { idempotency }), numbers(first.order.orderNumber, `SL-2612-${randomDigits(4)}-${randomDigits(3)}`));
    expect(again).toEqual({ replayed: true, order: first.order });
    expect(await rowCounts()).toEqual(before);
  });

  it('lets staff find an order by its number typed loosely, and not by a slip of one digit', async () => {
    const admin = await s.admin();
    const order = await place(newGuestId());
    const find = async (q: string) => ((await s.call('GET', `/api/orders?q=${encodeURIComponent(q)}`, undefined, { cookie: admin.cookie })).json() as { orders: Array<{ orderId: string }> }).orders.map((o) => o.orderId);
    const digits = order.orderId.replace(/\D/g, '');
    const typed = [
      order.orderId,
      order.orderId.toLowerCase(),
      order.orderId.slice(3),
      `${digits.slice(0, 4)} ${digits.slice(4, 8)} ${digits.slice(8)}`,
      digits,
      `sl${digits}`,
      ` SL ${digits.slice(0, 4)}-${digits.slice(4)} `,
      // Read off a screen or a handwritten note: letters for the digits they look like.
      `SL-${digits.replace(/0/g, 'O').replace(/1/g, 'l').replace(/5/g, 'S').replace(/8/g, 'B').replace(/2/g, 'Z')}`,
      // A Japanese or Chinese input method's full-width digits.
      digits.replace(/\d/g, (d) => String.fromCharCode(0xff10 + Number(d))),
    ];
    for (const q of typed) expect(await find(q), q).toEqual([order.orderId]);
    // One digit wrong: the check digit says it is no number of ours, so nothing else is found.
    const slip = `${digits.slice(0, 6)}${(Number(digits[6]) + 1) % 10}${digits.slice(7)}`;
    expect(await find(slip)).toEqual([]);
  });

  it('keeps numbers of the old form working: the owner, the private link, staff search and payment', async () => {
    const admin = await s.admin();
    const guest = newGuestId();
    const old = `SL-${randomBytes(18).toString('base64url')}`;
    const created = await createOrder(db(), newOrder(guest), () => old);
    expect(created.orderNumber).toBe(old);

    const asOwner = await s.api.call('GET', `/api/orders/${old}?sessionId=${guest}`);
    expect(asOwner.statusCode).toBe(200);
    expect(asOwner.json().order.orderId).toBe(old);
    const byLink = await s.api.call('GET', `/api/orders/${old}?key=${links.keyFor(old)}&sessionId=${newGuestId()}`);
    expect(byLink.statusCode).toBe(200);
    const page = await s.api.call('GET', `/kr/orders/${old}?key=${links.keyFor(old)}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(old);

    const find = async (q: string) => ((await s.call('GET', `/api/orders?q=${encodeURIComponent(q)}`, undefined, { cookie: admin.cookie })).json() as { orders: Array<{ orderId: string }> }).orders.map((o) => o.orderId);
    expect(await find(old)).toEqual([old]);
    expect(await find(old.slice(3))).toEqual([old]);
    // An old number is exact: its letters' case is part of it.
    const recased = old.replace(/[a-z]/, (c) => c.toUpperCase());
    if (recased !== old) expect(await find(recased)).toEqual([]);

    const { paymentKey, amount } = (await s.api.call('POST', '/api/payments/sandbox/authorize', { orderId: old, card: 'approved', sessionId: guest })).json();
    const confirmed = await s.api.call('POST', '/api/confirm', { orderId: old, amount, paymentKey });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ orderId: old, status: 'order_received' });
  });

  it('gives nothing to whoever only knows a number: not the order, not its page, not a sandbox approval', async () => {
    const buyer = newGuestId();
    const order = await place(buyer);
    const other = await s.customer();
    const strangers: Array<{ name: string; headers: Record<string, string>; body: Record<string, string>; query: string }> = [
      { name: 'nobody', headers: {}, body: {}, query: '' },
      { name: 'another guest', headers: {}, body: { sessionId: newGuestId() }, query: `sessionId=${newGuestId()}` },
      { name: 'another customer', headers: { cookie: other.cookie }, body: {}, query: '' },
      { name: 'a wrong private-link key', headers: {}, body: { orderKey: links.keyFor(`${order.orderId}x`) }, query: `key=${links.keyFor(`${order.orderId}x`)}` },
    ];
    for (const stranger of strangers) {
      const viewed = await s.api.call('GET', `/api/orders/${order.orderId}?${stranger.query}`, undefined, stranger.headers);
      expect([400, 404], `${stranger.name} views`).toContain(viewed.statusCode);
      expect(viewed.body).not.toContain(customer.customerEmail);
      const approved = await s.api.call('POST', '/api/payments/sandbox/authorize', { orderId: order.orderId, card: 'approved', ...stranger.body }, stranger.headers);
      expect([400, 404], `${stranger.name} approves`).toContain(approved.statusCode);
      expect(approved.json().paymentKey).toBeUndefined();
      expect(approved.body).not.toContain(String(order.amount));
      const page = await s.api.call('GET', `/kr/orders/${order.orderId}?${stranger.query}`, undefined, stranger.headers);
      expect(page.statusCode, `${stranger.name} opens the order page`).toBe(404);
      expect(page.body).not.toContain(customer.customerEmail);
    }
    // The return page with the number and a made-up key: no order facts, nothing paid.
    const returned = await s.api.call('GET', `/kr/payment/success?orderId=${order.orderId}&paymentKey=sbx.made.up&amount=${order.amount}`);
    expect(returned.body).not.toContain('data-order-facts');
    const [row] = await db().select().from(orders).where(eq(orders.orderNumber, order.orderId));
    expect(row).toMatchObject({ status: 'pending', paidAt: null });

    // The buyer, and whoever holds the order's private link, may still approve it in the sandbox.
    const byBuyer = await s.api.call('POST', '/api/payments/sandbox/authorize', { orderId: order.orderId, card: 'approved', sessionId: buyer });
    expect(byBuyer.statusCode).toBe(200);
    expect(byBuyer.json()).toMatchObject({ orderId: order.orderId, amount: order.amount });
    const byLink = await s.api.call('POST', '/api/payments/sandbox/authorize', { orderId: order.orderId, card: 'approved', orderKey: links.keyFor(order.orderId) });
    expect(byLink.statusCode).toBe(200);
  });
});

function randomDigits(count: number): string {
  return Array.from({ length: count }, () => Math.floor(Math.random() * 10)).join('');
}
