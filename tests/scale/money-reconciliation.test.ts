/**
 * Issue 32, "Money is never stranded", as production runs: two built store processes on one
 * PostgreSQL database, with the fake Stripe and PayPal APIs in this process.
 *   1. A process killed inside a webhook's window (PayPal's CHECKOUT.ORDER.APPROVED, killed while
 *      its capture is on its way): the redelivery to the other process finishes the job. Before,
 *      the event was recorded as handled first, and every redelivery answered "duplicate".
 *   2. A load of Stripe and PayPal purchases with faults made at random (5xx before and after the
 *      work, hangs past the timeout, dropped connections, a second payment from another tab,
 *      duplicated, late and out-of-order webhooks, one kill -9), then one reconcile interval with
 *      the faults gone: no charge without a paid order or a refund, no order paid twice without a
 *      refund, nothing left processing or unknown, no mail queued twice.
 * Runs when TEST_DATABASE_URL and REDIS_URL are set (`npm run test:scale`, and in `npm test`).
 */
import { randomBytes, randomInt } from 'node:crypto';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newGuestId } from '../../src/domain/guest.ts';
import { FAKE_PAYPAL_CLIENT_ID, FAKE_PAYPAL_SECRET, FAKE_PAYPAL_WEBHOOK_ID, startFakePaypal, type FakePaypal } from '../integration/support/paypal.ts';
import type { Fault } from '../integration/support/faults.ts';
import { FAKE_STRIPE_SECRET, FAKE_STRIPE_WEBHOOK_SECRET, startFakeStripe, type FakeStripe } from '../integration/support/stripe.ts';
import { startStoreProcess, type StoreProcess } from './store-process.ts';

const adminUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const pick = <T>(list: readonly T[]): T => list[randomInt(list.length)]!;

describe.runIf(adminUrl && redisUrl)('money is never stranded across two store processes', () => {
  const name = `store_money_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const databaseUrl = Object.assign(new URL(adminUrl ?? 'postgres://x/y'), { pathname: `/${name}` }).toString();
  let stripe: FakeStripe;
  let paypal: FakePaypal;
  let env: Record<string, string>;
  let a: StoreProcess;
  let b: StoreProcess;
  let sql: postgres.Sql;
  const runNet = randomBytes(4).toString('hex');
  let clientSerial = 0;
  const newClientIp = () => `2001:${runNet.slice(0, 4)}:${runNet.slice(4)}:${(++clientSerial).toString(16)}::1`;

  beforeAll(async () => {
    const admin = postgres(adminUrl!, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database "${name}"`);
    await admin.end();
    [stripe, paypal] = await Promise.all([startFakeStripe(), startFakePaypal()]);
    env = {
      DATABASE_URL: databaseUrl, REDIS_URL: redisUrl!, TRUST_PROXY: 'loopback', PUBLIC_URL: 'http://shop.test',
      SESSION_SECRET: 'money-test-session-secret-0123456789abcdef',
      STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET, STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET, STRIPE_API_BASE: stripe.url,
      PAYPAL_CLIENT_ID: FAKE_PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET: FAKE_PAYPAL_SECRET, PAYPAL_WEBHOOK_ID: FAKE_PAYPAL_WEBHOOK_ID, PAYPAL_API_BASE: paypal.url,
      PROVIDER_TIMEOUT_MS: '800', PAYMENT_RECONCILE_INTERVAL_MS: '1000',
    };
    [a, b] = await Promise.all([startStoreProcess('money-a', env), startStoreProcess('money-b', env)]);
    sql = postgres(databaseUrl, { max: 2, onnotice: () => {} });
  }, 120_000);

  afterAll(async () => {
    await sql?.end();
    await Promise.all([a?.stop(), b?.stop()]);
    await Promise.all([stripe?.stop(), paypal?.stop()]);
    const admin = postgres(adminUrl!, { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }, 60_000);

  async function call(store: StoreProcess, method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await fetch(`${store.origin}${url}`, {
      method, body: typeof body === 'string' ? body : body === undefined ? undefined : JSON.stringify(body),
      headers: { 'x-store-country': 'us', 'accept-language': 'en', 'x-forwarded-for': newClientIp(), ...(typeof body === 'string' || body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    });
    const text = await response.text();
    let json: Record<string, unknown> = {};
    try {
      json = JSON.parse(text) as Record<string, unknown>;
    } catch {
      // not JSON
    }
    return { status: response.status, json, text };
  }

  async function placeOrder(store: StoreProcess) {
    const guest = newGuestId();
    const created = await call(store, 'POST', '/api/orders', { customerName: 'Jamie Buyer', customerEmail: 'jamie@example.com', customerPhone: '010-1234-5678', country: 'us', selectedTemplate: { id: 1 }, sessionId: guest });
    expect(created.status, created.text).toBe(201);
    return { orderId: created.json.orderId as string, guest };
  }

  async function start(store: StoreProcess, order: { orderId: string; guest: string }, provider: 'stripe' | 'paypal') {
    const started = await call(store, 'POST', '/api/payments/start', { orderId: order.orderId, provider, sessionId: order.guest });
    expect(started.status, started.text).toBe(200);
    const url = new URL(started.json.redirectUrl as string);
    return provider === 'stripe' ? /\/c\/pay\/([^/]+)$/.exec(url.pathname)![1]! : url.searchParams.get('token')!;
  }

  const stripeWebhook = (store: StoreProcess, sessionId: string, type = 'checkout.session.completed') => {
    const event = stripe.event(type, sessionId);
    return call(store, 'POST', '/api/webhooks/stripe', event.payload, { 'content-type': 'application/json', 'stripe-signature': event.signature });
  };
  const paypalWebhook = (store: StoreProcess, event: { body: string; headers: Record<string, string> }) => call(store, 'POST', '/api/webhooks/paypal', event.body, event.headers);

  it('finishes a PayPal approval on redelivery when the process handling it was killed during its capture', async () => {
    const order = await placeOrder(a);
    const paypalOrderId = await start(a, order, 'paypal');
    paypal.approve(paypalOrderId, 'approve');
    const event = paypal.event('CHECKOUT.ORDER.APPROVED', paypalOrderId);
    paypal.faults.inject({ method: 'POST', path: new RegExp(`/${paypalOrderId}/capture$`), mode: 'hang' });
    const first = paypalWebhook(a, event).catch(() => null);
    await expect.poll(() => paypal.captures().filter((c) => c.path.includes(paypalOrderId)).length, { timeout: 10_000, interval: 10 }).toBe(1);
    await a.kill();
    expect(await first).toBeNull();

    const again = await paypalWebhook(b, event);
    expect(again.status, again.text).toBe(200);
    expect(again.json).toEqual({ received: true, outcome: 'settled' });
    const [row] = await sql<Array<{ status: string; paid: boolean; history: number; mails: number }>>`
      select o.status, o.paid_attempt_id is not null as paid,
        (select count(*)::int from order_status_history h where h.order_id = o.id and h.to_status = 'order_received') as history,
        (select count(*)::int from mail_outbox m where m.order_id = o.id and m.kind = 'order_paid') as mails
      from orders o where o.order_number = ${order.orderId}`;
    expect(row).toEqual({ status: 'order_received', paid: true, history: 1, mails: 1 });
    // The processes go on as two again for the load below.
    a = await startStoreProcess('money-a2', env);
  }, 60_000);

  it('leaves no charge without a paid order or a refund after faults, duplicates and a kill -9, once the reconciler has run', async () => {
    const PURCHASES = 40;
    const CONCURRENCY = 6;
    let killed = false;
    const alive = () => (killed ? [b] : [a, b]);
    const late: Array<() => Promise<unknown>> = [];
    const orders: string[] = [];
    let faults = 0;

    const stripeFaults: Fault[] = [
      { method: 'GET', path: /^\/v1\/checkout\/sessions\/cs_/, mode: '500', times: 2 },
      { method: 'GET', path: /^\/v1\/checkout\/sessions\/cs_/, mode: 'drop', times: 2 },
      { method: 'GET', path: /^\/v1\/checkout\/sessions\/cs_/, mode: 'hang', times: 2 },
      { method: 'POST', path: /^\/v1\/refunds$/, mode: '500-after' },
      { method: 'POST', path: /^\/v1\/refunds$/, mode: '500' },
    ];
    const paypalFaults: Fault[] = (['500', '500-after', 'drop', 'drop-after', 'hang'] as const).map((mode) => ({ method: 'POST', path: /\/capture$/, mode }));

    /** Sends to a live process; a process killed under it answers nothing, and the client tries the other. */
    async function send<T>(work: (store: StoreProcess) => Promise<T>): Promise<T | null> {
      for (let round = 0; round < 3; round++) {
        try {
          return await work(pick(alive()));
        } catch {
          // killed mid-request
        }
      }
      return null;
    }

    async function purchase(n: number) {
      const provider = n % 2 ? 'stripe' : 'paypal';
      const order = await send((store) => placeOrder(store));
      if (!order) return;
      orders.push(order.orderId);
      if (randomInt(100) < 40) {
        faults += 1;
        (provider === 'stripe' ? stripe : paypal).faults.inject(pick(provider === 'stripe' ? stripeFaults : paypalFaults));
      }
      if (provider === 'stripe') {
        const sessionId = await send((store) => start(store, order, 'stripe'));
        if (!sessionId) return;
        // Now and then the same order paid in a second tab too: its money must come back.
        const second = randomInt(100) < 20 ? await send((store) => start(store, order, 'stripe')) : null;
        stripe.pay(sessionId, 'paid');
        if (second) stripe.pay(second, 'paid');
        const deliveries = randomInt(3);
        // Out of order: a webhook before the payer's return, the rest late.
        if (deliveries > 0 && randomInt(2)) await send((store) => stripeWebhook(store, sessionId));
        await send((store) => call(store, 'POST', '/api/confirm', { orderId: order.orderId, provider: 'stripe', checkoutSessionId: sessionId, sessionId: order.guest }));
        if (second) await send((store) => call(store, 'POST', '/api/confirm', { orderId: order.orderId, provider: 'stripe', checkoutSessionId: second, sessionId: order.guest }));
        for (let i = 0; i < deliveries; i++) late.push(() => send((store) => stripeWebhook(store, second && i % 2 ? second : sessionId)));
      } else {
        const paypalOrderId = await send((store) => start(store, order, 'paypal'));
        if (!paypalOrderId) return;
        paypal.approve(paypalOrderId, 'approve');
        const approved = paypal.event('CHECKOUT.ORDER.APPROVED', paypalOrderId);
        if (randomInt(2)) await send((store) => paypalWebhook(store, approved));
        if (randomInt(100) < 80) await send((store) => call(store, 'POST', '/api/confirm', { orderId: order.orderId, provider: 'paypal', paypalOrderId, sessionId: order.guest }));
        if (randomInt(2)) late.push(() => send((store) => paypalWebhook(store, approved)));
      }
    }

    let next = 0;
    const load = Promise.all(Array.from({ length: CONCURRENCY }, async () => {
      while (next < PURCHASES) await purchase(next++);
    }));
    // Killed half way through.
    while (next < PURCHASES / 2) await new Promise((resolve) => setTimeout(resolve, 10));
    await a.kill();
    killed = true;
    await load;
    // Late webhooks, in any order, some twice.
    await Promise.all(late.sort(() => randomInt(3) - 1).map((deliver) => deliver()));

    // Where the load left the money before the reconciler: what the faults made unknown or left open.
    const [before] = await sql<Array<{ unknown: number; processing: number; refunds: number }>>`
      select (select count(*)::int from payment_attempts where status = 'unknown') as unknown,
        (select count(*)::int from payment_attempts where status = 'processing') as processing,
        (select count(*)::int from refunds where status in ('requested', 'unknown')) as refunds`;
    // The faults go away; everything open has been quiet for its minute; one interval on the survivor.
    stripe.faults.clear();
    paypal.faults.clear();
    const settled = async () => {
      await sql`update payment_attempts set updated_at = now() - interval '2 minutes' where status in ('started', 'processing', 'unknown')`;
      // As long as the send lease of a refund whose sender was killed (refunds.service.ts): it runs out.
      await sql`update refunds set updated_at = now() - interval '2 minutes', sending_until = case when sending_until is null then null else now() - interval '1 second' end where status in ('requested', 'unknown')`;
      const [open] = await sql<Array<{ attempts: number; refunds: number }>>`
        select (select count(*)::int from payment_attempts where status in ('processing', 'unknown')) as attempts,
          (select count(*)::int from refunds where status in ('requested', 'unknown')) as refunds`;
      return open!.attempts + open!.refunds;
    };
    await expect.poll(settled, { timeout: 30_000, interval: 1_500 }).toBe(0).catch(async (error: unknown) => {
      const left = await sql`select 'attempt' as what, id, provider, status, failure from payment_attempts where status in ('processing', 'unknown')
        union all select 'refund', id, provider, status, failure from refunds where status in ('requested', 'unknown')`;
      throw new Error(`still open after the reconciler: ${JSON.stringify(left)}`, { cause: error });
    });

    // Every charge the providers made is a paid order's one payment, or was given back.
    const rows = await sql<Array<{ order_number: string; paid: boolean; paid_rows: number; paid_mails: number }>>`
      select o.order_number, o.paid_attempt_id is not null as paid,
        (select count(*)::int from order_status_history h where h.order_id = o.id and h.to_status = 'order_received') as paid_rows,
        (select count(*)::int from mail_outbox m where m.order_id = o.id and m.kind = 'order_paid') as paid_mails
      from orders o where o.order_number = any(${orders})`;
    const byNumber = new Map(rows.map((r) => [r.order_number, r]));
    const kept = new Map<string, number>();
    for (const session of stripe.sessions()) {
      if (session.payment_status !== 'paid' || !session.payment_intent) continue;
      const refunded = stripe.madeRefunds().filter((r) => r.payment_intent === session.payment_intent).reduce((sum, r) => sum + Number(r.amount), 0);
      if (refunded < session.amount_total) kept.set(String(session.metadata.orderId), (kept.get(String(session.metadata.orderId)) ?? 0) + 1);
      expect(refunded === 0 || refunded === session.amount_total).toBe(true);
    }
    for (const paypalOrder of paypal.orders()) {
      const capture = paypalOrder.purchase_units[0]?.payments?.captures?.[0];
      if (!capture || capture.status === 'REFUNDED') continue;
      const number = String(paypalOrder.purchase_units[0]!.reference_id);
      kept.set(number, (kept.get(number) ?? 0) + 1);
    }
    const wrong: string[] = [];
    for (const number of orders) {
      const row = byNumber.get(number)!;
      const charges = kept.get(number) ?? 0;
      if (charges !== (row.paid ? 1 : 0)) wrong.push(`${number}: ${charges} charges kept, order ${row.paid ? 'paid' : 'not paid'}`);
      if (row.paid_rows > 1 || row.paid_mails > 1 || (row.paid && (row.paid_rows !== 1 || row.paid_mails !== 1))) wrong.push(`${number}: ${row.paid_rows} paid rows, ${row.paid_mails} paid mails`);
    }
    expect(wrong).toEqual([]);
    const paid = rows.filter((r) => r.paid).length;
    const refundsMade = stripe.madeRefunds().length + paypal.orders().filter((o) => o.purchase_units[0]?.payments?.captures?.[0]?.status === 'REFUNDED').length;
    console.log(`reconciliation under faults: ${orders.length} orders, ${faults} faults, one kill -9; before the reconciler ${before!.unknown} attempts unknown, ${before!.processing} processing, ${before!.refunds} refunds open; after it ${paid} paid, ${refundsMade} refunds, 0 charges without an order or a refund, 0 unknown left`);
  }, 180_000);
});
