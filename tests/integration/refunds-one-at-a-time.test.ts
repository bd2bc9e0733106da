/**
 * "Hardening, round three", item 7: one refund at a time per order. A customer's cancel and a
 * staff partial refund fired at the same moment used to share the Idempotency-Key `refund:{order}`
 * with different amounts, so Toss refunded one amount and the store recorded another. Now the
 * order is read under its row lock, the refund is recorded as requested there (the claim: one open
 * refund per order), the provider is called after the lock is gone (issue 32), and each refund
 * has its own key `refund:{order}:{n}`, kept in refunds.idempotency_key.
 */
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, orderStatusHistory, refunds } from '../../src/server/db/schema.ts';
import { BACKENDS, useTestServer } from './harness.ts';
import { staffApi } from './support/staff.ts';
import { FAKE_TOSS_CLIENT, FAKE_TOSS_SECRET, startFakeToss } from './support/toss.ts';

/** Passes requests on to the fake Toss, holding each cancel a moment: two refunds asked together overlap at Toss. */
async function startSlowCancels(target: string, delayMs: number) {
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const forward = () => {
        const upstream = httpRequest(`${target}${incoming.url}`, { method: incoming.method, headers: incoming.headers }, (answer) => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        });
        upstream.end(Buffer.concat(chunks));
      };
      if (incoming.url?.endsWith('/cancel')) setTimeout(forward, delayMs);
      else forward();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

const tossAuth = `Basic ${Buffer.from(`${FAKE_TOSS_SECRET}:`).toString('base64')}`;

describe.each(BACKENDS)('one refund at a time per order (%s)', (backend) => {
  let toss: Awaited<ReturnType<typeof startFakeToss>>;
  let slow: Awaited<ReturnType<typeof startSlowCancels>>;
  beforeAll(async () => {
    toss = await startFakeToss();
    slow = await startSlowCancels(toss.url, 250);
  });
  afterAll(async () => {
    await slow.stop();
    await toss.stop();
  });
  const server = useTestServer(backend, () => ({ TOSS_CLIENT_KEY: FAKE_TOSS_CLIENT, TOSS_SECRET_KEY: FAKE_TOSS_SECRET, TOSS_API_BASE: slow.url, TOSS_TIMEOUT_MS: '5000' }));
  const s = staffApi(server);

  async function paidThroughToss(cookie: string, email: string) {
    const created = (await s.api.call('POST', '/api/orders', { customerName: '김민수', customerEmail: email, customerPhone: '010-1234-5678', serviceId: 1, quantity: 3, country: 'kr' }, { cookie, 'x-store-country': 'kr' })).json();
    const paymentKey = `ok_${randomUUID().replace(/-/g, '')}`;
    // The payer's own return: signed in, as the order's owner.
    expect((await s.api.call('POST', '/api/confirm', { orderId: created.orderId, amount: created.amount, paymentKey }, { cookie })).statusCode).toBe(200);
    const [row] = await s.db().select().from(orders).where(eq(orders.orderNumber, created.orderId));
    expect(row).toMatchObject({ status: 'order_received', amountMinor: 30_000 });
    return row!;
  }
  const cancelsOf = (paymentKey: string) => toss.cancels().filter((c) => c.path === `/v1/payments/${paymentKey}/cancel`);
  const refundsOf = (orderId: string) => s.db().select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(refunds.createdAt);

  it('lets exactly one of a customer cancel and a staff partial refund fired together through; Toss and the refunds table agree', async () => {
    const owner = await s.customer();
    const admin = await s.admin();
    const order = await paidThroughToss(owner.cookie, owner.account.email);

    const [customer, staff] = await Promise.all([
      s.api.call('POST', `/api/orders/${order.orderNumber}/cancel`, {}, { cookie: owner.cookie, 'accept-language': 'en' }),
      s.call('POST', `/api/admin/orders/${order.id}/cancel`, { refundAmount: 10_000, reason: 'Partial refund agreed by phone' }, { cookie: admin.cookie }),
    ]);
    expect([customer.statusCode, staff.statusCode].sort()).toEqual([200, 409]);
    const [winner, loser] = customer.statusCode === 200 ? [customer, staff] : [staff, customer];
    // The other one finds the refund under way (its claim) or, if it came after, the order cancelled.
    expect(loser.json()).toMatchObject({ success: false });
    expect(['REFUND_IN_PROGRESS', 'ORDER_CANCELLED']).toContain(loser.json().code);
    const refundedAmount = winner === customer ? 30_000 : 10_000;
    if (winner === customer) expect(customer.json()).toMatchObject({ outcome: 'refunded' });
    else expect(staff.json()).toMatchObject({ status: 'cancelled', refunded: 10_000 });

    // Toss was asked once, with a key of this refund, and that is exactly what is recorded.
    const sent = cancelsOf(order.paymentKey!);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ idempotencyKey: `refund:${order.id}:1`, body: { cancelAmount: refundedAmount } });
    expect(await refundsOf(order.id)).toEqual([expect.objectContaining({ amountMinor: refundedAmount, idempotencyKey: `refund:${order.id}:1`, provider: 'toss' })]);
    const history = await s.db().select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order.id));
    expect(history.filter((h) => h.toStatus === 'cancelled')).toHaveLength(1);
    const [row] = await s.db().select().from(orders).where(eq(orders.id, order.id));
    expect(row!.status).toBe('cancelled');
  });

  it('gives two refunds one after the other two keys, and counts what was refunded before against the policy', async () => {
    const owner = await s.customer();
    const admin = await s.admin();
    const first = await paidThroughToss(owner.cookie, owner.account.email);
    const second = await paidThroughToss(owner.cookie, owner.account.email);

    // The first order had a partial refund already, through Toss with the key of refund 1.
    const earlier = await fetch(`${toss.url}/v1/payments/${first.paymentKey}/cancel`, {
      method: 'POST', headers: { authorization: tossAuth, 'content-type': 'application/json', 'idempotency-key': `refund:${first.id}:1` },
      body: JSON.stringify({ cancelReason: 'earlier partial refund', cancelAmount: 10_000 }),
    });
    expect(earlier.status).toBe(200);
    await s.db().insert(refunds).values({ orderId: first.id, amountMinor: 10_000, reason: 'earlier partial refund', provider: 'toss', idempotencyKey: `refund:${first.id}:1`, status: 'succeeded' });

    // 100% of 30,000 may go back in all: 20,000 is left, so 30,000 more is refused before Toss is asked.
    const before = await s.snapshot();
    const tooMuch = await s.call('POST', `/api/admin/orders/${first.id}/cancel`, { refundAmount: 30_000, reason: 'The rest' }, { cookie: admin.cookie });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().code).toBe('REFUND_TOO_LARGE');
    expect(cancelsOf(first.paymentKey!)).toHaveLength(1);
    expect(await s.snapshot()).toEqual(before);

    const rest = await s.call('POST', `/api/admin/orders/${first.id}/cancel`, { refundAmount: 20_000, reason: 'The rest' }, { cookie: admin.cookie });
    expect(rest.statusCode).toBe(200);
    const customer = await s.api.call('POST', `/api/orders/${second.orderNumber}/cancel`, {}, { cookie: owner.cookie });
    expect(customer.json()).toMatchObject({ success: true, outcome: 'refunded' });

    const sentFirst = cancelsOf(first.paymentKey!);
    expect(sentFirst.map((c) => [c.idempotencyKey, c.body.cancelAmount])).toEqual([[`refund:${first.id}:1`, 10_000], [`refund:${first.id}:2`, 20_000]]);
    expect((await refundsOf(first.id)).map((r) => [r.idempotencyKey, r.amountMinor])).toEqual([[`refund:${first.id}:1`, 10_000], [`refund:${first.id}:2`, 20_000]]);
    expect(cancelsOf(second.paymentKey!).map((c) => c.idempotencyKey)).toEqual([`refund:${second.id}:1`]);
    expect((await refundsOf(second.id)).map((r) => [r.idempotencyKey, r.amountMinor])).toEqual([[`refund:${second.id}:1`, 30_000]]);
  });
});
