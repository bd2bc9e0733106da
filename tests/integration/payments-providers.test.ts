/**
 * Paying with Stripe Checkout and PayPal (D26, D27) through the real API against a real database,
 * with fake Stripe and PayPal APIs on loopback (tests/integration/support/stripe.ts, paypal.ts):
 * start, return, webhooks in either order, signatures, replays, wrong amounts and currencies given
 * back, PayPal captures, refunds through the provider that took the money, the stores' choices,
 * the sandbox standing in without keys, and the https start-up guard. Webhooks are built and
 * signed by the fakes and posted here, so their timing is the test's own.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newGuestId } from '../../src/domain/guest.ts';
import { orders } from '../../src/server/db/schema.ts';
import { loadConfig } from '../../src/server/config.ts';
import { BACKENDS, useTestServer } from './harness.ts';
import { paymentsShop, paypalOrderIdOf, sessionIdOf, type PlacedOrder } from './support/payments.ts';
import { FAKE_PAYPAL_CLIENT_ID, FAKE_PAYPAL_SECRET, FAKE_PAYPAL_WEBHOOK_ID, startFakePaypal, type FakePaypal } from './support/paypal.ts';
import { staffApi } from './support/staff.ts';
import { FAKE_STRIPE_SECRET, FAKE_STRIPE_WEBHOOK_SECRET, startFakeStripe, type FakeStripe } from './support/stripe.ts';

/** Template 1 costs 35,000 won: 25.55 USD, 178.50 CNY, 630,000 VND (domain/countries.ts multipliers). */
const TEMPLATE_1 = { us: 2555, cn: 17_850, vn: 630_000 } as const;
const PAID_MAILS = ['order_paid', 'staff_order'];
const PAID_HISTORY = [[null, 'pending'], ['pending', 'order_received']];
const nowSeconds = () => Math.floor(Date.now() / 1000);

describe.each(BACKENDS)('Stripe and PayPal (fake APIs on loopback) on %s', (backend) => {
  let stripe: FakeStripe;
  let paypal: FakePaypal;
  beforeAll(async () => {
    [stripe, paypal] = await Promise.all([startFakeStripe(), startFakePaypal()]);
  });
  afterAll(async () => {
    await Promise.all([stripe?.stop(), paypal?.stop()]);
  });
  const server = useTestServer(backend, () => ({
    STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET, STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET, STRIPE_API_BASE: stripe.url,
    PAYPAL_CLIENT_ID: FAKE_PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET: FAKE_PAYPAL_SECRET, PAYPAL_WEBHOOK_ID: FAKE_PAYPAL_WEBHOOK_ID, PAYPAL_API_BASE: paypal.url,
  }));
  const s = paymentsShop(server);
  const staff = staffApi(server);

  /** An order and a started Stripe attempt for it: the session id and the attempt row. */
  async function startStripe(country: 'us' | 'cn' | 'vn', choice: string, order?: PlacedOrder) {
    const placed = order ?? await s.order(country);
    const started = await s.start(placed, choice);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ success: true, provider: choice });
    const sessionId = sessionIdOf(started.json().redirectUrl);
    const attempt = (await s.attemptsOf(placed.id)).find((a) => a.reference === sessionId)!;
    expect(attempt).toBeTruthy();
    return { order: placed, sessionId, attempt, redirectUrl: started.json().redirectUrl as string };
  }

  /** An order paid by card through Stripe Checkout: started, paid on the hosted page, returned. */
  async function paidByStripe(country: 'us' | 'cn' | 'vn' = 'us', choice = 'stripe') {
    const started = await startStripe(country, choice);
    stripe.pay(started.sessionId, 'paid');
    const confirmed = await s.confirm({ orderId: started.order.orderId, provider: 'stripe', checkoutSessionId: started.sessionId });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return { ...started, row: await s.orderRow(started.order.orderId) };
  }

  async function startPaypal(order?: PlacedOrder) {
    const placed = order ?? await s.order('us');
    const started = await s.start(placed, 'paypal');
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ success: true, provider: 'paypal' });
    const paypalOrderId = paypalOrderIdOf(started.json().redirectUrl);
    const attempt = (await s.attemptsOf(placed.id)).find((a) => a.reference === paypalOrderId)!;
    expect(attempt).toBeTruthy();
    return { order: placed, paypalOrderId, attempt, redirectUrl: started.json().redirectUrl as string };
  }

  async function paidByPaypal() {
    const started = await startPaypal();
    paypal.approve(started.paypalOrderId, 'approve');
    const confirmed = await s.confirm({ orderId: started.order.orderId, provider: 'paypal', paypalOrderId: started.paypalOrderId });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return { ...started, row: await s.orderRow(started.order.orderId) };
  }

  /** What one payment leaves: the order paid by this attempt once, one history row, one pair of mails. */
  async function expectPaidOnce(order: PlacedOrder, attemptId: string, provider: 'stripe' | 'paypal', paymentKey: string) {
    expect(await s.orderRow(order.orderId)).toMatchObject({ status: 'order_received', paymentProvider: provider, paymentKey, paidAttemptId: attemptId, paidAt: expect.any(Date) });
    expect((await s.attemptsOf(order.id)).find((a) => a.id === attemptId)).toMatchObject({ status: 'succeeded', paymentRef: paymentKey, completedAt: expect.any(Date) });
    expect(await s.historyOf(order.id)).toEqual(PAID_HISTORY);
    expect(await s.mailKindsOf(order.id)).toEqual(PAID_MAILS);
  }

  async function expectUnpaid(order: PlacedOrder) {
    expect(await s.orderRow(order.orderId)).toMatchObject({ status: 'pending', paidAt: null, paymentKey: null, paidAttemptId: null });
    expect(await s.historyOf(order.id)).toEqual([[null, 'pending']]);
    expect(await s.mailKindsOf(order.id)).toEqual([]);
  }

  it("says which provider carries each store's choices and that these keys take no real money", async () => {
    const settings = async (country: string) => (await s.api.call('GET', '/api/payments/settings', undefined, { 'x-store-country': country })).json();
    expect(await settings('us')).toMatchObject({ country: 'us', test: true, choices: [{ choice: 'stripe', provider: 'stripe', test: true }, { choice: 'paypal', provider: 'paypal', test: true }] });
    expect((await settings('cn')).choices).toEqual([{ choice: 'alipay', provider: 'stripe', test: true }, { choice: 'wechatpay', provider: 'stripe', test: true }, { choice: 'unionpay', provider: 'stripe', test: true }]);
    expect((await settings('vn')).choices).toEqual([{ choice: 'stripe', provider: 'stripe', test: true }]);
  });

  describe('Stripe Checkout', () => {
    it('pays a card session in the US store in cents, started with the attempt key and confirmed on return', async () => {
      const order = await s.order('us');
      expect(order).toMatchObject({ amount: TEMPLATE_1.us, currency: 'USD', providers: ['stripe', 'paypal'] });
      const { sessionId, attempt, redirectUrl } = await startStripe('us', 'stripe', order);
      expect(redirectUrl).toBe(`${stripe.url}/c/pay/${sessionId}`);
      expect(attempt).toMatchObject({ provider: 'stripe', method: 'stripe', status: 'started', amountMinor: TEMPLATE_1.us, currency: 'USD', paymentRef: null });
      expect(attempt.idempotencyKey).toMatch(/^pay:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);

      const creates = stripe.sessionCreates().filter((c) => c.body.client_reference_id === order.orderId);
      expect(creates).toHaveLength(1);
      expect(creates[0]!.idempotencyKey).toBe(`${attempt.idempotencyKey}:session`);
      expect(creates[0]!.body).toMatchObject({
        mode: 'payment',
        allowed_payment_method_types: ['card'],
        metadata: { orderId: order.orderId },
        line_items: [{ quantity: '1', price_data: { currency: 'usd', unit_amount: String(TEMPLATE_1.us) } }],
      });
      expect(creates[0]!.body.payment_method_types).toBeUndefined();
      const success = new URL(String(creates[0]!.body.success_url));
      expect(success.pathname).toBe('/us/payment/success');
      // `ref`: the store's proof that the visitor came through this order's payment (return-refs.ts).
      expect(Object.fromEntries(success.searchParams)).toEqual({ provider: 'stripe', orderId: order.orderId, ref: expect.stringMatching(/^[\w-]{32}$/), session_id: '{CHECKOUT_SESSION_ID}' });
      const session = stripe.sessions().find((x) => x.id === sessionId)!;
      expect(session).toMatchObject({ amount_total: TEMPLATE_1.us, currency: 'usd' });

      // The hosted page sends the customer back to the success page with the session's id.
      const back = new URL(stripe.pay(sessionId, 'paid'));
      expect(back.pathname).toBe('/us/payment/success');
      expect(back.searchParams.get('session_id')).toBe(sessionId);
      await expectUnpaid(order);

      const confirmed = await s.confirm({ orderId: order.orderId, provider: 'stripe', checkoutSessionId: sessionId });
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json()).toMatchObject({ success: true, orderId: order.orderId, status: 'order_received', amount: TEMPLATE_1.us, currency: 'USD' });
      const paymentIntent = stripe.sessions().find((x) => x.id === sessionId)!.payment_intent!;
      expect(paymentIntent).toMatch(/^pi_/);
      await expectPaidOnce(order, attempt.id, 'stripe', paymentIntent);
      // A refreshed success page: the same answer, nothing changes again.
      const again = await s.confirm({ orderId: order.orderId, provider: 'stripe', checkoutSessionId: sessionId });
      expect(again.json()).toMatchObject({ status: 'order_received' });
      await expectPaidOnce(order, attempt.id, 'stripe', paymentIntent);
    });

    it.each([
      ['alipay', 'alipay', undefined],
      ['wechatpay', 'wechat_pay', { wechat_pay: { client: 'web' } }],
      ['unionpay', 'card', undefined],
    ])('pays %s in the Chinese store in CNY fen through Stripe (%s)', async (choice, methodType, options) => {
      const order = await s.order('cn');
      expect(order).toMatchObject({ amount: TEMPLATE_1.cn, currency: 'CNY', providers: ['alipay', 'wechatpay', 'unionpay'] });
      const { sessionId, attempt } = await startStripe('cn', choice, order);
      expect(attempt).toMatchObject({ provider: 'stripe', method: choice, currency: 'CNY', amountMinor: TEMPLATE_1.cn });
      const [create] = stripe.sessionCreates().filter((c) => c.body.client_reference_id === order.orderId);
      expect(create!.idempotencyKey).toBe(`${attempt.idempotencyKey}:session`);
      expect(create!.body).toMatchObject({ allowed_payment_method_types: [methodType], line_items: [{ price_data: { currency: 'cny', unit_amount: String(TEMPLATE_1.cn) } }] });
      expect(create!.body.payment_method_options).toEqual(options);
      expect(new URL(String(create!.body.success_url)).pathname).toBe('/cn/payment/success');

      stripe.pay(sessionId, 'paid');
      const confirmed = await s.confirm({ orderId: order.orderId, provider: 'stripe', checkoutSessionId: sessionId });
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json()).toMatchObject({ status: 'order_received', amount: TEMPLATE_1.cn, currency: 'CNY' });
      await expectPaidOnce(order, attempt.id, 'stripe', stripe.sessions().find((x) => x.id === sessionId)!.payment_intent!);
    });

    it('lists a cart of several lines as Stripe line items that add up to the order amount exactly', async () => {
      const guest = newGuestId();
      for (const [templateId, quantity] of [[5, 2], [7, 1]] as const) {
        expect((await s.api.call('POST', '/api/cart', { templateId, quantity, sessionId: guest })).statusCode).toBe(201);
      }
      const order = await s.order('us', { fromCart: true }, guest);
      // 2 × 25,000 + 39,000 won = 89,000 won = 64.97 USD.
      expect(order).toMatchObject({ amount: 6497, currency: 'USD' });
      const { sessionId, attempt } = await startStripe('us', 'stripe', order);
      const [create] = stripe.sessionCreates().filter((c) => c.body.client_reference_id === order.orderId);
      const items = create!.body.line_items as Array<{ quantity: string; price_data: { currency: string; unit_amount: string } }>;
      expect(items.map((i) => [i.quantity, i.price_data.unit_amount, i.price_data.currency])).toEqual([['2', '1825', 'usd'], ['1', '2847', 'usd']]);
      expect(stripe.sessions().find((x) => x.id === sessionId)!.amount_total).toBe(6497);
      stripe.pay(sessionId, 'paid');
      expect((await s.confirm({ orderId: order.orderId, provider: 'stripe', checkoutSessionId: sessionId })).statusCode).toBe(200);
      await expectPaidOnce(order, attempt.id, 'stripe', stripe.sessions().find((x) => x.id === sessionId)!.payment_intent!);
      // What was bought left the cart with the payment.
      expect((await s.api.call('GET', `/api/cart?sessionId=${guest}`)).json().items).toEqual([]);
    });

    it('charges the Vietnamese store in whole dong (VND is zero-decimal)', async () => {
      const order = await s.order('vn');
      expect(order).toMatchObject({ amount: TEMPLATE_1.vn, currency: 'VND', providers: ['stripe'] });
      const { sessionId, attempt } = await startStripe('vn', 'stripe', order);
      const [create] = stripe.sessionCreates().filter((c) => c.body.client_reference_id === order.orderId);
      expect(create!.body).toMatchObject({ line_items: [{ quantity: '1', price_data: { currency: 'vnd', unit_amount: '630000' } }] });
      expect(stripe.sessions().find((x) => x.id === sessionId)).toMatchObject({ amount_total: 630_000, currency: 'vnd' });
      stripe.pay(sessionId, 'paid');
      const confirmed = await s.confirm({ orderId: order.orderId, provider: 'stripe', checkoutSessionId: sessionId });
      expect(confirmed.json()).toMatchObject({ status: 'order_received', amount: 630_000, currency: 'VND' });
      await expectPaidOnce(order, attempt.id, 'stripe', stripe.sessions().find((x) => x.id === sessionId)!.payment_intent!);
    });

    it('answers 202 processing for a delayed method on return and pays the order when async_payment_succeeded arrives', async () => {
      const { order, sessionId, attempt } = await startStripe('cn', 'alipay');
      stripe.pay(sessionId, 'processing');
      const returned = await s.confirm({ orderId: order.orderId, provider: 'stripe', checkoutSessionId: sessionId });
      expect(returned.statusCode).toBe(202);
      expect(returned.json()).toMatchObject({ success: true, status: 'processing', amount: TEMPLATE_1.cn, currency: 'CNY' });
      expect((await s.attemptOf(order.id)).status).toBe('processing');
      await expectUnpaid(order);
      // checkout.session.completed for the unpaid session says the same: still processing.
      const completed = await s.stripeWebhook(stripe.event('checkout.session.completed', sessionId));
      expect(completed.json()).toEqual({ received: true, outcome: 'settled' });
      expect((await s.attemptOf(order.id)).status).toBe('processing');
      await expectUnpaid(order);

      expect(await stripe.settleAsync(sessionId, 'succeeded')).toBeNull();
      const succeeded = await s.stripeWebhook(stripe.event('checkout.session.async_payment_succeeded', sessionId));
      expect(succeeded.statusCode).toBe(200);
      expect(succeeded.json()).toEqual({ received: true, outcome: 'settled' });
      await expectPaidOnce(order, attempt.id, 'stripe', stripe.sessions().find((x) => x.id === sessionId)!.payment_intent!);
      // The customer reloads the return page afterwards: paid.
      const reload = await s.confirm({ orderId: order.orderId, provider: 'stripe', checkoutSessionId: sessionId });
      expect(reload.statusCode).toBe(200);
      expect(reload.json().status).toBe('order_received');
    });

    it('marks the attempt failed on async_payment_failed and leaves the order pending and payable', async () => {
      const { order, sessionId, attempt } = await startStripe('cn', 'wechatpay');
      stripe.pay(sessionId, 'processing');
      expect((await s.confirm({ orderId: order.orderId, provider: 'stripe', checkoutSessionId: sessionId })).statusCode).toBe(202);
      await stripe.settleAsync(sessionId, 'failed');
      const failed = await s.stripeWebhook(stripe.event('checkout.session.async_payment_failed', sessionId));
      expect(failed.statusCode).toBe(200);
      expect(failed.json()).toEqual({ received: true, outcome: 'failed' });
      expect(await s.attemptOf(order.id)).toMatchObject({ id: attempt.id, status: 'failed', completedAt: expect.any(Date) });
      await expectUnpaid(order);
      // Payable: another try is a new attempt with its own key, and pays.
      const retry = await startStripe('cn', 'alipay', order);
      expect(retry.attempt.idempotencyKey).not.toBe(attempt.idempotencyKey);
      stripe.pay(retry.sessionId, 'paid');
      expect((await s.confirm({ orderId: order.orderId, provider: 'stripe', checkoutSessionId: retry.sessionId })).statusCode).toBe(200);
      await expectPaidOnce(order, retry.attempt.id, 'stripe', stripe.sessions().find((x) => x.id === retry.sessionId)!.payment_intent!);
      expect((await s.attemptsOf(order.id)).find((a) => a.id === attempt.id)!.status).toBe('failed');
    });

    it('keeps a delayed payment that failed failed when the customer reloads the return page', async () => {
      const { order, sessionId, attempt } = await startStripe('cn', 'alipay');
      stripe.pay(sessionId, 'processing');
      expect((await s.confirm({ orderId: order.orderId, provider: 'stripe', checkoutSessionId: sessionId })).statusCode).toBe(202);
      await stripe.settleAsync(sessionId, 'failed');
      expect((await s.stripeWebhook(stripe.event('checkout.session.async_payment_failed', sessionId))).json().outcome).toBe('failed');
      // Stripe said the payment failed; a reload of the return page must not say "processing" again.
      const reload = await s.confirm({ orderId: order.orderId, provider: 'stripe', checkoutSessionId: sessionId });
      expect((await s.attemptOf(order.id))).toMatchObject({ id: attempt.id, status: 'failed' });
      expect(reload.statusCode).toBe(402);
      expect(reload.json().code).toBe('PAYMENT_FAILED');
      await expectUnpaid(order);
    });

    it('pays once when the webhook comes before the return', async () => {
      const { order, sessionId, attempt } = await startStripe('us', 'stripe');
      stripe.pay(sessionId, 'paid');
      const event = stripe.event('checkout.session.completed', sessionId);
      const delivered = await s.stripeWebhook(event);
      expect(delivered.statusCode).toBe(200);
      expect(delivered.json()).toEqual({ received: true, outcome: 'settled' });
      const paymentIntent = stripe.sessions().find((x) => x.id === sessionId)!.payment_intent!;
      await expectPaidOnce(order, attempt.id, 'stripe', paymentIntent);
      expect(await s.eventsWithId(event.id)).toMatchObject([{ provider: 'stripe', type: 'checkout.session.completed' }]);

      const before = stripe.calls.length;
      const returned = await s.confirm({ orderId: order.orderId, provider: 'stripe', checkoutSessionId: sessionId });
      expect(returned.statusCode).toBe(200);
      expect(returned.json().status).toBe('order_received');
      // Already paid by this attempt: nothing to ask Stripe again.
      expect(stripe.calls.length).toBe(before);
      await expectPaidOnce(order, attempt.id, 'stripe', paymentIntent);
    });

    it('pays once when the webhook comes after the return, and when both arrive at the same time', async () => {
      const first = await startStripe('us', 'stripe');
      stripe.pay(first.sessionId, 'paid');
      expect((await s.confirm({ orderId: first.order.orderId, provider: 'stripe', checkoutSessionId: first.sessionId })).statusCode).toBe(200);
      const late = await s.stripeWebhook(stripe.event('checkout.session.completed', first.sessionId));
      expect(late.json()).toEqual({ received: true, outcome: 'settled' });
      await expectPaidOnce(first.order, first.attempt.id, 'stripe', stripe.sessions().find((x) => x.id === first.sessionId)!.payment_intent!);

      const second = await startStripe('us', 'stripe');
      stripe.pay(second.sessionId, 'paid');
      const [returned, delivered] = await Promise.all([
        s.confirm({ orderId: second.order.orderId, provider: 'stripe', checkoutSessionId: second.sessionId }),
        s.stripeWebhook(stripe.event('checkout.session.completed', second.sessionId)),
      ]);
      expect(returned.statusCode).toBe(200);
      expect(delivered.json()).toEqual({ received: true, outcome: 'settled' });
      await expectPaidOnce(second.order, second.attempt.id, 'stripe', stripe.sessions().find((x) => x.id === second.sessionId)!.payment_intent!);
    });

    it('refuses a forged and a stale signature with 400 and changes nothing', async () => {
      const { order, sessionId } = await startStripe('us', 'stripe');
      stripe.pay(sessionId, 'paid');
      const before = await staff.snapshot();
      const forged = stripe.event('checkout.session.completed', sessionId, { secret: 'whsec_not_the_store_secret_0123' });
      const stale = stripe.event('checkout.session.completed', sessionId, { timestamp: nowSeconds() - 6 * 60 });
      const valid = stripe.event('checkout.session.completed', sessionId);
      const edited = valid.payload.replace(`"amount_total": ${TEMPLATE_1.us}`, '"amount_total": 1');
      expect(edited).not.toBe(valid.payload);
      for (const event of [
        forged,
        stale,
        // A valid signature over other bytes (the body edited in transit).
        { payload: edited, signature: valid.signature },
        { payload: valid.payload, signature: '' },
      ]) {
        const response = await s.stripeWebhook(event);
        expect(response.statusCode, event.signature).toBe(400);
        expect(response.json().code).toBe('BAD_REQUEST');
      }
      expect(await staff.snapshot()).toEqual(before);
      await expectUnpaid(order);
      expect((await s.attemptOf(order.id)).status).toBe('started');
      expect(await s.eventsWithId(forged.id)).toEqual([]);
      expect(await s.eventsWithId(stale.id)).toEqual([]);
    });

    it('acts on a replayed event id once', async () => {
      const { order, sessionId, attempt } = await startStripe('us', 'stripe');
      stripe.pay(sessionId, 'paid');
      const event = stripe.event('checkout.session.completed', sessionId);
      expect((await s.stripeWebhook(event)).json()).toEqual({ received: true, outcome: 'settled' });
      // The same delivery again, and the same id signed anew (Stripe's retry of an event).
      expect((await s.stripeWebhook(event)).json()).toEqual({ received: true, outcome: 'duplicate' });
      expect((await s.stripeWebhook(stripe.event('checkout.session.completed', sessionId, { id: event.id }))).json()).toEqual({ received: true, outcome: 'duplicate' });
      expect(await s.eventsWithId(event.id)).toHaveLength(1);
      await expectPaidOnce(order, attempt.id, 'stripe', stripe.sessions().find((x) => x.id === sessionId)!.payment_intent!);
    });

    it.each([
      ['another amount', { amount_total: 100 }, 100],
      ['another currency', { currency: 'eur' }, TEMPLATE_1.us],
    ])('refuses a session of %s, refunds it at Stripe with the refusal key and leaves the order payable', async (_what, change, charged) => {
      const { order, sessionId, attempt } = await startStripe('us', 'stripe');
      stripe.pay(sessionId, 'paid');
      stripe.tamper(sessionId, change);
      const paymentIntent = stripe.sessions().find((x) => x.id === sessionId)!.payment_intent!;
      const refused = await s.confirm({ orderId: order.orderId, provider: 'stripe', checkoutSessionId: sessionId });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().code).toBe('AMOUNT_MISMATCH');
      const given = stripe.refunds().filter((r) => r.body.payment_intent === paymentIntent);
      expect(given).toHaveLength(1);
      expect(given[0]!.idempotencyKey).toBe(`refuse:${attempt.idempotencyKey}`);
      expect(given[0]!.body).toMatchObject({ payment_intent: paymentIntent, amount: String(charged) });
      expect(await s.attemptOf(order.id)).toMatchObject({ status: 'refused', paymentRef: paymentIntent });
      await expectUnpaid(order);
      // The webhook for the same session later: refused again, never paid, nothing refunded twice.
      const late = await s.stripeWebhook(stripe.event('checkout.session.completed', sessionId));
      expect(late.json()).toEqual({ received: true, outcome: 'refused' });
      // Asked again with the same key and the same parameters: Stripe answers the first refund.
      const again = stripe.refunds().filter((r) => r.body.payment_intent === paymentIntent);
      expect(new Set(again.map((r) => `${r.idempotencyKey} ${JSON.stringify(r.body)}`)).size).toBe(1);
      expect(again[0]!.idempotencyKey).toBe(`refuse:${attempt.idempotencyKey}`);
      await expectUnpaid(order);
      // Still payable with a new attempt.
      const retry = await startStripe('us', 'stripe', order);
      stripe.pay(retry.sessionId, 'paid');
      expect((await s.confirm({ orderId: order.orderId, provider: 'stripe', checkoutSessionId: retry.sessionId })).statusCode).toBe(200);
      await expectPaidOnce(order, retry.attempt.id, 'stripe', stripe.sessions().find((x) => x.id === retry.sessionId)!.payment_intent!);
    });

    it("does not take one order's session as the payment of another", async () => {
      const paid = await startStripe('us', 'stripe');
      stripe.pay(paid.sessionId, 'paid');
      const other = await s.order('us');
      const before = await staff.snapshot();
      const stolen = await s.confirm({ orderId: other.orderId, provider: 'stripe', checkoutSessionId: paid.sessionId });
      expect(stolen.statusCode).toBe(402);
      expect(stolen.json().code).toBe('PAYMENT_FAILED');
      expect(await staff.snapshot()).toEqual(before);
    });
  });

  describe('money that arrives for an order that cannot take it', () => {
    /** An order paid with PayPal while a Stripe attempt of it was paid on Stripe's page in another tab. */
    async function paidTwice() {
      const order = await s.order('us');
      const first = await startPaypal(order);
      const second = await startStripe('us', 'stripe', order);
      paypal.approve(first.paypalOrderId, 'approve');
      stripe.pay(second.sessionId, 'paid');
      expect((await s.confirm({ orderId: order.orderId, provider: 'paypal', paypalOrderId: first.paypalOrderId })).statusCode).toBe(200);
      const late = await s.confirm({ orderId: order.orderId, provider: 'stripe', checkoutSessionId: second.sessionId });
      return { order, first, second, late };
    }

    it('gives a second payment of a paid order back once (another tab), and the order stays paid by the first', async () => {
      const { order, first, second, late } = await paidTwice();
      expect(late.statusCode).toBe(409);
      expect(late.json().code).toBe('ORDER_NOT_PAYABLE');
      const intent = stripe.sessions().find((x) => x.id === second.sessionId)!.payment_intent!;
      const given = stripe.refunds().filter((r) => r.body.payment_intent === intent);
      expect(given.map((r) => [r.idempotencyKey, r.body.amount])).toEqual([[`refuse:${second.attempt.idempotencyKey}`, '2555']]);
      const captureId = paypal.orders().find((o) => o.id === first.paypalOrderId)!.purchase_units[0]!.payments!.captures[0]!.id;
      await expectPaidOnce(order, first.attempt.id, 'paypal', captureId);
      expect(paypal.refunds()).toEqual([]);
      // The refusal's refund is recorded for staff, apart from refunds of the order's own payment.
      expect(await s.refundsOf(order.id)).toEqual([expect.objectContaining({ attemptId: second.attempt.id, status: 'succeeded', amountMinor: 2555, idempotencyKey: `refuse:${second.attempt.idempotencyKey}` })]);
    });

    it('records the attempt whose money was given back as refused, not succeeded', async () => {
      const { order, second } = await paidTwice();
      expect((await s.attemptsOf(order.id)).find((a) => a.id === second.attempt.id)).toMatchObject({ status: 'refused' });
    });

    it('does not capture a PayPal approval for an order another tab already paid: nothing to give back', async () => {
      const order = await s.order('us');
      const first = await startStripe('us', 'stripe', order);
      const second = await startPaypal(order);
      stripe.pay(first.sessionId, 'paid');
      paypal.approve(second.paypalOrderId, 'approve');
      expect((await s.confirm({ orderId: order.orderId, provider: 'stripe', checkoutSessionId: first.sessionId })).statusCode).toBe(200);
      const captures = paypal.captures().length;
      const late = await s.confirm({ orderId: order.orderId, provider: 'paypal', paypalOrderId: second.paypalOrderId });
      expect(late.statusCode).toBe(409);
      expect(late.json().code).toBe('ORDER_NOT_PAYABLE');
      expect(paypal.captures().length).toBe(captures);
      expect(paypal.refunds()).toEqual([]);
      expect((await s.attemptsOf(order.id)).find((a) => a.id === second.attempt.id)).toMatchObject({ status: 'failed' });
      await expectPaidOnce(order, first.attempt.id, 'stripe', stripe.sessions().find((x) => x.id === first.sessionId)!.payment_intent!);
    });

    it('gives back money for an order cancelled while the customer was at Stripe', async () => {
      const { order, sessionId, attempt } = await startStripe('us', 'stripe');
      const cancelled = await s.api.call('POST', `/api/orders/${order.orderId}/cancel`, { sessionId: order.guest });
      expect(cancelled.json()).toMatchObject({ success: true, outcome: 'cancelled' });
      stripe.pay(sessionId, 'paid');
      const delivered = await s.stripeWebhook(stripe.event('checkout.session.completed', sessionId));
      expect(delivered.json()).toEqual({ received: true, outcome: 'refused' });
      const paymentIntent = stripe.sessions().find((x) => x.id === sessionId)!.payment_intent!;
      const given = stripe.refunds().filter((r) => r.body.payment_intent === paymentIntent);
      expect(given.map((r) => [r.idempotencyKey, r.body.amount])).toEqual([[`refuse:${attempt.idempotencyKey}`, String(TEMPLATE_1.us)]]);
      expect(await s.orderRow(order.orderId)).toMatchObject({ status: 'cancelled', paidAt: null, paidAttemptId: null, paymentKey: null });
      expect(await s.historyOf(order.id)).toEqual([[null, 'pending'], ['pending', 'cancelled']]);
      // The customer comes back from Stripe afterwards: told it cannot be paid, nothing refunded twice.
      const returned = await s.confirm({ orderId: order.orderId, provider: 'stripe', checkoutSessionId: sessionId });
      expect(returned.statusCode).toBe(409);
      expect(returned.json().code).toBe('ORDER_NOT_PAYABLE');
      expect(new Set(stripe.refunds().filter((r) => r.body.payment_intent === paymentIntent).map((r) => `${r.idempotencyKey} ${JSON.stringify(r.body)}`)).size).toBe(1);
    });
  });

  describe('PayPal', () => {
    it('captures on return with the attempt key, the amount as an exact decimal string', async () => {
      const order = await s.order('us');
      const { paypalOrderId, attempt, redirectUrl } = await startPaypal(order);
      expect(redirectUrl).toBe(`${paypal.url}/checkoutnow?token=${paypalOrderId}`);
      expect(attempt).toMatchObject({ provider: 'paypal', method: 'paypal', status: 'started', amountMinor: TEMPLATE_1.us, currency: 'USD' });
      expect(attempt.idempotencyKey).toMatch(/^pay:[0-9a-f-]{36}$/);
      const creates = paypal.creates().filter((c) => JSON.stringify(c.body).includes(order.orderId));
      expect(creates).toHaveLength(1);
      expect(creates[0]!.requestId).toBe(`${attempt.idempotencyKey}:create`);
      expect(creates[0]!.body).toMatchObject({ intent: 'CAPTURE', purchase_units: [{ custom_id: order.orderId, amount: { currency_code: 'USD', value: '25.55' } }] });

      const back = new URL(paypal.approve(paypalOrderId, 'approve'));
      expect(back.pathname).toBe('/us/payment/success');
      expect(back.searchParams.get('token')).toBe(paypalOrderId);
      await expectUnpaid(order);
      const confirmed = await s.confirm({ orderId: order.orderId, provider: 'paypal', paypalOrderId });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.json()).toMatchObject({ success: true, status: 'order_received', amount: TEMPLATE_1.us, currency: 'USD' });
      const captures = paypal.captures().filter((c) => c.path.includes(paypalOrderId));
      expect(captures).toHaveLength(1);
      expect(captures[0]!.requestId).toBe(`${attempt.idempotencyKey}:capture`);
      const captureId = paypal.orders().find((o) => o.id === paypalOrderId)!.purchase_units[0]!.payments!.captures[0]!.id;
      await expectPaidOnce(order, attempt.id, 'paypal', captureId);
      // PayPal's own word on the capture afterwards changes nothing.
      const completed = await s.paypalWebhook(paypal.event('PAYMENT.CAPTURE.COMPLETED', paypalOrderId));
      expect(completed.json()).toEqual({ received: true, outcome: 'settled' });
      await expectPaidOnce(order, attempt.id, 'paypal', captureId);
      expect(paypal.captures().filter((c) => c.path.includes(paypalOrderId))).toHaveLength(1);
    });

    it('captures once when the customer comes back twice at the same time', async () => {
      const { order, paypalOrderId, attempt } = await startPaypal();
      paypal.approve(paypalOrderId, 'approve');
      const answers = await Promise.all([1, 2].map(() => s.confirm({ orderId: order.orderId, provider: 'paypal', paypalOrderId })));
      expect(answers.map((a) => [a.statusCode, a.json().status])).toEqual([[200, 'order_received'], [200, 'order_received']]);
      const captures = paypal.captures().filter((c) => c.path.includes(paypalOrderId));
      expect(captures.length).toBeGreaterThanOrEqual(1);
      expect(new Set(captures.map((c) => c.requestId))).toEqual(new Set([`${attempt.idempotencyKey}:capture`]));
      const made = paypal.orders().find((o) => o.id === paypalOrderId)!.purchase_units[0]!.payments!.captures;
      expect(made).toHaveLength(1);
      await expectPaidOnce(order, attempt.id, 'paypal', made[0]!.id);
      // And once more later (a refreshed page): no capture call at all.
      const before = captures.length;
      expect((await s.confirm({ orderId: order.orderId, provider: 'paypal', paypalOrderId })).statusCode).toBe(200);
      expect(paypal.captures().filter((c) => c.path.includes(paypalOrderId))).toHaveLength(before);
    });

    it('answers 402 for a declined capture, marks the attempt failed and leaves the order pending and payable', async () => {
      const { order, paypalOrderId, attempt } = await startPaypal();
      paypal.approve(paypalOrderId, 'decline');
      const declined = await s.confirm({ orderId: order.orderId, provider: 'paypal', paypalOrderId });
      expect(declined.statusCode).toBe(402);
      expect(declined.json().code).toBe('PAYMENT_FAILED');
      expect(await s.attemptOf(order.id)).toMatchObject({ status: 'failed', failure: expect.stringContaining('INSTRUMENT_DECLINED') });
      await expectUnpaid(order);
      // Payable: a new attempt with its own key pays it.
      const retry = await startPaypal(order);
      expect(retry.attempt.idempotencyKey).not.toBe(attempt.idempotencyKey);
      paypal.approve(retry.paypalOrderId, 'approve');
      expect((await s.confirm({ orderId: order.orderId, provider: 'paypal', paypalOrderId: retry.paypalOrderId })).statusCode).toBe(200);
      const captureId = paypal.orders().find((o) => o.id === retry.paypalOrderId)!.purchase_units[0]!.payments!.captures[0]!.id;
      await expectPaidOnce(order, retry.attempt.id, 'paypal', captureId);
      expect((await s.attemptsOf(order.id)).find((a) => a.id === attempt.id)!.status).toBe('failed');
    });

    it('captures an approved order whose customer never comes back when CHECKOUT.ORDER.APPROVED arrives', async () => {
      const { order, paypalOrderId, attempt } = await startPaypal();
      paypal.approve(paypalOrderId, 'approve');
      const event = paypal.event('CHECKOUT.ORDER.APPROVED', paypalOrderId);
      const delivered = await s.paypalWebhook(event);
      expect(delivered.statusCode, delivered.body).toBe(200);
      expect(delivered.json()).toEqual({ received: true, outcome: 'settled' });
      const captures = paypal.captures().filter((c) => c.path.includes(paypalOrderId));
      expect(captures).toHaveLength(1);
      expect(captures[0]!.requestId).toBe(`${attempt.idempotencyKey}:capture`);
      const captureId = paypal.orders().find((o) => o.id === paypalOrderId)!.purchase_units[0]!.payments!.captures[0]!.id;
      await expectPaidOnce(order, attempt.id, 'paypal', captureId);
      expect(await s.eventsWithId(event.id)).toMatchObject([{ provider: 'paypal', type: 'CHECKOUT.ORDER.APPROVED' }]);
      // The event again: nothing twice. The customer comes back after all: paid, no second capture.
      expect((await s.paypalWebhook(event)).json()).toEqual({ received: true, outcome: 'duplicate' });
      expect((await s.confirm({ orderId: order.orderId, provider: 'paypal', paypalOrderId })).json().status).toBe('order_received');
      expect(paypal.captures().filter((c) => c.path.includes(paypalOrderId))).toHaveLength(1);
      await expectPaidOnce(order, attempt.id, 'paypal', captureId);
    });

    it('refuses an unverified webhook with 400 and changes nothing', async () => {
      const { order, paypalOrderId } = await startPaypal();
      paypal.approve(paypalOrderId, 'approve');
      const genuine = paypal.event('CHECKOUT.ORDER.APPROVED', paypalOrderId);
      const before = await staff.snapshot();
      const verifications = () => paypal.calls.filter((c) => c.path === '/v1/notifications/verify-webhook-signature').length;
      const asked = verifications();
      const { 'paypal-transmission-sig': _sig, ...withoutSignature } = genuine.headers;
      for (const forged of [
        // The body changed after PayPal signed it.
        { body: genuine.body.replace('"An order has been approved by buyer"', '"An order has been approved"'), headers: genuine.headers },
        // Another signature.
        { body: genuine.body, headers: { ...genuine.headers, 'paypal-transmission-sig': Buffer.from('forged').toString('base64') } },
        // No signature at all.
        { body: genuine.body, headers: withoutSignature },
      ]) {
        // (The unsigned one is refused before PayPal is asked; it is last, so `last` below is a verified one.)
        const response = await s.paypalWebhook(forged);
        expect(response.statusCode).toBe(400);
        expect(response.json().code).toBe('BAD_REQUEST');
      }
      // The two signed ones were put to PayPal's verify-webhook-signature with the store's webhook
      // id; the one without PayPal's transmission headers cost no call to PayPal (issue 32, item 13).
      expect(verifications()).toBe(asked + 2);
      const last = paypal.calls.filter((c) => c.path === '/v1/notifications/verify-webhook-signature').at(-1)!;
      expect(last.body.webhook_id).toBe(FAKE_PAYPAL_WEBHOOK_ID);
      expect(paypal.captures().filter((c) => c.path.includes(paypalOrderId))).toHaveLength(0);
      expect(await staff.snapshot()).toEqual(before);
      await expectUnpaid(order);
      expect(await s.eventsWithId(genuine.id)).toEqual([]);
    });

    it('refuses a capture of another amount and refunds it at PayPal with the refusal key', async () => {
      const { order, paypalOrderId, attempt } = await startPaypal();
      paypal.approve(paypalOrderId, 'approve');
      paypal.tamper(paypalOrderId, { value: '1.00' });
      const refused = await s.confirm({ orderId: order.orderId, provider: 'paypal', paypalOrderId });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().code).toBe('AMOUNT_MISMATCH');
      const captureId = paypal.orders().find((o) => o.id === paypalOrderId)!.purchase_units[0]!.payments!.captures[0]!.id;
      const given = paypal.refunds().filter((r) => r.path === `/v2/payments/captures/${captureId}/refund`);
      expect(given).toHaveLength(1);
      expect(given[0]!.requestId).toBe(`refuse:${attempt.idempotencyKey}`);
      expect(given[0]!.body).toMatchObject({ amount: { currency_code: 'USD', value: '1.00' } });
      expect(await s.attemptOf(order.id)).toMatchObject({ status: 'refused', paymentRef: captureId });
      await expectUnpaid(order);
    });

    it('refuses a capture of another currency and refunds it at PayPal with the refusal key', async () => {
      const { order, paypalOrderId, attempt } = await startPaypal();
      paypal.approve(paypalOrderId, 'approve');
      paypal.tamper(paypalOrderId, { currency_code: 'EUR' });
      const refused = await s.confirm({ orderId: order.orderId, provider: 'paypal', paypalOrderId });
      const captureId = paypal.orders().find((o) => o.id === paypalOrderId)!.purchase_units[0]!.payments!.captures[0]!.id;
      const given = paypal.refunds().filter((r) => r.path === `/v2/payments/captures/${captureId}/refund`);
      expect(given.map((r) => [r.requestId, r.body.amount])).toEqual([[`refuse:${attempt.idempotencyKey}`, { currency_code: 'EUR', value: '25.55' }]]);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().code).toBe('AMOUNT_MISMATCH');
      expect(await s.attemptOf(order.id)).toMatchObject({ status: 'refused', paymentRef: captureId });
      await expectUnpaid(order);
    });

    it('signs in to PayPal once with the client credentials and reuses the token', async () => {
      await paidByPaypal();
      expect(paypal.tokens()).toHaveLength(1);
      expect(paypal.tokens()[0]!.body).toEqual({ grant_type: 'client_credentials' });
    });
  });

  describe('refunds through the provider that took the payment', () => {
    it('staff refund part of a Stripe payment with refund:<order>:1', async () => {
      const { row } = await paidByStripe('us');
      const admin = await staff.admin();
      const cancelled = await staff.call('POST', `/api/admin/orders/${row.id}/cancel`, { refundAmount: 1000, reason: 'Changed plans' }, { cookie: admin.cookie });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(cancelled.json()).toMatchObject({ success: true, status: 'cancelled', refunded: 1000 });
      const sent = stripe.refunds().filter((r) => r.body.payment_intent === row.paymentKey);
      expect(sent).toHaveLength(1);
      expect(sent[0]!.idempotencyKey).toBe(`refund:${row.id}:1`);
      expect(sent[0]!.body).toMatchObject({ payment_intent: row.paymentKey, amount: '1000' });
      expect(await s.refundsOf(row.id)).toMatchObject([{ amountMinor: 1000, provider: 'stripe', idempotencyKey: `refund:${row.id}:1` }]);
      expect((await s.orderRow(row.orderNumber)).status).toBe('cancelled');
    });

    it("refunds a customer's own cancel within 3 days in full through Stripe", async () => {
      const { order, row } = await paidByStripe('vn');
      const cancelled = await s.api.call('POST', `/api/orders/${order.orderId}/cancel`, { sessionId: order.guest });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(cancelled.json()).toMatchObject({ success: true, outcome: 'refunded' });
      const sent = stripe.refunds().filter((r) => r.body.payment_intent === row.paymentKey);
      expect(sent).toHaveLength(1);
      expect(sent[0]!.idempotencyKey).toBe(`refund:${row.id}:1`);
      expect(sent[0]!.body).toMatchObject({ amount: String(TEMPLATE_1.vn) });
      expect(await s.refundsOf(row.id)).toMatchObject([{ amountMinor: TEMPLATE_1.vn, provider: 'stripe' }]);
      expect((await s.orderRow(order.orderId)).status).toBe('cancelled');
    });

    it('staff refund part of a PayPal capture with refund:<order>:1 and the amount as a decimal string', async () => {
      const { row } = await paidByPaypal();
      const admin = await staff.admin();
      const cancelled = await staff.call('POST', `/api/admin/orders/${row.id}/cancel`, { refundAmount: 1005, reason: 'Changed plans' }, { cookie: admin.cookie });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      const sent = paypal.refunds().filter((r) => r.path === `/v2/payments/captures/${row.paymentKey}/refund`);
      expect(sent).toHaveLength(1);
      expect(sent[0]!.requestId).toBe(`refund:${row.id}:1`);
      expect(sent[0]!.body).toMatchObject({ amount: { currency_code: 'USD', value: '10.05' } });
      expect(await s.refundsOf(row.id)).toMatchObject([{ amountMinor: 1005, provider: 'paypal', idempotencyKey: `refund:${row.id}:1` }]);
      expect((await s.orderRow(row.orderNumber)).status).toBe('cancelled');
    });

    it("refunds a customer's own cancel within 3 days in full through PayPal", async () => {
      const { order, row } = await paidByPaypal();
      const cancelled = await s.api.call('POST', `/api/orders/${order.orderId}/cancel`, { sessionId: order.guest });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(cancelled.json()).toMatchObject({ success: true, outcome: 'refunded' });
      const sent = paypal.refunds().filter((r) => r.path === `/v2/payments/captures/${row.paymentKey}/refund`);
      expect(sent.map((r) => [r.requestId, r.body.amount])).toEqual([[`refund:${row.id}:1`, { currency_code: 'USD', value: '25.55' }]]);
      expect(await s.refundsOf(row.id)).toMatchObject([{ amountMinor: TEMPLATE_1.us, provider: 'paypal' }]);
      expect((await s.orderRow(order.orderId)).status).toBe('cancelled');
    });
  });

  describe('starts the store refuses', () => {
    it('refuses a choice the store does not offer with 422, writing no attempt and asking no provider', async () => {
      const us = await s.order('us');
      const cn = await s.order('cn');
      const vn = await s.order('vn');
      const attempts = await s.attemptCount();
      const calls = [stripe.calls.length, paypal.calls.length];
      for (const [order, choice] of [[us, 'alipay'], [us, 'tosspayments'], [cn, 'paypal'], [cn, 'stripe'], [vn, 'paypal'], [vn, 'wechatpay']] as const) {
        const refused = await s.start(order, choice);
        expect(refused.statusCode, `${choice}`).toBe(422);
        expect(refused.json().code).toBe('PAYMENT_METHOD_NOT_OFFERED');
      }
      expect(await s.attemptCount()).toBe(attempts);
      expect([stripe.calls.length, paypal.calls.length]).toEqual(calls);
    });

    it("answers 404 for someone else's order and 409 for an order that is not pending, writing nothing", async () => {
      const order = await s.order('us');
      const signedIn = await staff.customer();
      const before = await staff.snapshot();
      const calls = [stripe.calls.length, paypal.calls.length];
      for (const provider of ['stripe', 'paypal']) {
        // Another guest, and a signed-in customer who is not the buyer: the order does not exist for them.
        const stranger = await s.start({ orderId: order.orderId, guest: newGuestId() }, provider);
        expect(stranger.statusCode).toBe(404);
        expect(stranger.json().code).toBe('NOT_FOUND');
        const member = await s.api.call('POST', '/api/payments/start', { orderId: order.orderId, provider }, { cookie: signedIn.cookie });
        expect(member.statusCode).toBe(404);
        expect(member.json().code).toBe('NOT_FOUND');
        // Someone who says who they are in no way is asked for their guest id (as everywhere else).
        const nobody = await s.api.call('POST', '/api/payments/start', { orderId: order.orderId, provider });
        expect(nobody.statusCode).toBe(400);
        expect(nobody.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { sessionId: expect.any(String) } });
      }
      expect([stripe.calls.length, paypal.calls.length]).toEqual(calls);
      expect(await staff.snapshot()).toEqual(before);

      const { order: paid } = await paidByStripe('us');
      const attempts = await s.attemptCount();
      const again = await s.start(paid, 'paypal');
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('ORDER_NOT_PAYABLE');
      expect(await s.attemptCount()).toBe(attempts);
      expect((await s.db().select().from(orders).where(eq(orders.orderNumber, paid.orderId)))[0]!.status).toBe('order_received');
    });
  });
});

describe.each(BACKENDS)('the sandbox standing in for Stripe and PayPal without keys on %s', (backend) => {
  const server = useTestServer(backend);
  const s = paymentsShop(server);

  it.each(['stripe', 'paypal'])('pays a US order through the sandbox in place of %s', async (choice) => {
    const order = await s.order('us');
    const started = await s.start(order, choice, { testCard: 'approved' });
    expect(started.statusCode, started.body).toBe(200);
    const to = new URL(started.json().redirectUrl);
    // In PayPal's place, its shape: an approval page of the sandbox's own first (issue 33, item 22).
    expect(to.pathname).toBe(choice === 'paypal' ? '/us/payment/sandbox-paypal' : '/us/payment/success');
    expect(to.searchParams.get('orderId')).toBe(order.orderId);
    expect(to.searchParams.get('amount')).toBe(String(TEMPLATE_1.us));
    const paymentKey = to.searchParams.get('paymentKey')!;
    expect(paymentKey).toMatch(/^sbx\./);
    expect(await s.attemptOf(order.id)).toMatchObject({ provider: 'sandbox', method: choice, reference: paymentKey, status: 'started' });

    const confirmed = await s.confirm({ orderId: order.orderId, paymentKey, amount: Number(to.searchParams.get('amount')) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ status: 'order_received', amount: TEMPLATE_1.us, currency: 'USD' });
    const attempt = await s.attemptOf(order.id);
    expect(attempt).toMatchObject({ status: 'succeeded' });
    expect(await s.orderRow(order.orderId)).toMatchObject({ status: 'order_received', paymentProvider: 'sandbox', paymentKey, paidAttemptId: attempt.id });
    expect(await s.historyOf(order.id)).toEqual(PAID_HISTORY);
    expect(await s.mailKindsOf(order.id)).toEqual(PAID_MAILS);
  });

  it('sends a declined test card to the fail page and leaves the order pending', async () => {
    const order = await s.order('us');
    const started = await s.start(order, 'stripe', { testCard: 'declined' });
    expect(started.statusCode).toBe(200);
    const to = new URL(started.json().redirectUrl);
    expect(to.pathname).toBe('/us/payment/fail');
    expect(to.searchParams.get('paymentKey')).toBeNull();
    expect(await s.orderRow(order.orderId)).toMatchObject({ status: 'pending', paidAt: null });
    expect(await s.historyOf(order.id)).toEqual([[null, 'pending']]);
  });
});

describe('the https start-up guard (D29)', () => {
  const live = {
    PUBLIC_URL: 'https://shop.test',
    TOSS_CLIENT_KEY: 'live_ck_0123456789abcdef', TOSS_SECRET_KEY: 'live_sk_0123456789abcdef',
    STRIPE_SECRET_KEY: 'sk_live_0123456789abcdef', STRIPE_WEBHOOK_SECRET: 'whsec_0123456789abcdef',
    PAYPAL_CLIENT_ID: 'live-client-0123456789', PAYPAL_CLIENT_SECRET: 'live-secret-0123456789', PAYPAL_WEBHOOK_ID: 'WH-LIVE-0123456789',
  };
  /** What a public store would close, and why. */
  const closed = (env: Record<string, string>) => {
    const config = loadConfig(env);
    return { gateways: [...config.closedGateways].sort(), because: config.closedBecause.join('\n') };
  };

  it('closes on a public store each provider that would take test payments, naming the variables, and starts (D29 amended)', () => {
    const keyless = closed({ PUBLIC_URL: 'https://shop.test' });
    expect(keyless.gateways).toEqual(['paypal', 'stripe', 'toss']);
    for (const name of ['TOSS_CLIENT_KEY', 'TOSS_SECRET_KEY', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_WEBHOOK_ID']) {
      expect(keyless.because).toContain(name);
    }
    // Test keys and PayPal's sandbox (or a fake) take no money either; only those close.
    const testKeys = closed({ ...live, STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET, PAYPAL_API_BASE: 'https://api-m.sandbox.paypal.com' });
    expect(testKeys.gateways).toEqual(['paypal', 'stripe']);
    expect(testKeys.because).toContain('STRIPE_SECRET_KEY is a test key');
    expect(testKeys.because).toContain('PAYPAL_API_BASE');
    expect(closed({ ...live, TOSS_CLIENT_KEY: 'test_ck_0123', TOSS_SECRET_KEY: 'test_sk_0123' })).toEqual({ gateways: ['toss'], because: expect.stringContaining('TOSS_CLIENT_KEY and TOSS_SECRET_KEY are test keys') });
    const { STRIPE_WEBHOOK_SECRET: _w, ...noWebhook } = live;
    expect(closed(noWebhook)).toEqual({ gateways: ['stripe'], because: expect.stringContaining('STRIPE_WEBHOOK_SECRET') });
    // Live keys sent to another address are no live payments (issue 32, item 10).
    expect(closed({ ...live, STRIPE_API_BASE: 'http://127.0.0.1:9' })).toEqual({ gateways: ['stripe'], because: expect.stringContaining('STRIPE_API_BASE') });
    expect(closed({ ...live, TOSS_API_BASE: 'https://toss.example.test' })).toEqual({ gateways: ['toss'], because: expect.stringContaining('TOSS_API_BASE') });
    expect(closed({ ...live, STRIPE_API_BASE: 'https://api.stripe.com', TOSS_API_BASE: 'https://api.tosspayments.com/' }).gateways).toEqual([]);
  });

  it('opens every store with ALLOW_TEST_PAYMENTS=true, or with live keys everywhere', () => {
    expect(closed({ PUBLIC_URL: 'https://shop.test', ALLOW_TEST_PAYMENTS: 'true' }).gateways).toEqual([]);
    expect(closed(live).gateways).toEqual([]);
    const config = loadConfig(live);
    expect(config).toMatchObject({ publicUrl: 'https://shop.test', secure: true, paymentsProvider: 'toss', ALLOW_TEST_PAYMENTS: false });
    // http (a machine of one's own) closes nothing: the sandbox stands in.
    expect(closed({ PUBLIC_URL: 'http://localhost:3000' }).gateways).toEqual([]);
  });
});

describe.each(BACKENDS)('a public Korean shop with live Toss keys only, on %s (D29 amended)', (backend) => {
  const server = useTestServer(backend, { PUBLIC_URL: 'https://shop.test', TOSS_CLIENT_KEY: 'live_ck_0123456789abcdef', TOSS_SECRET_KEY: 'live_sk_0123456789abcdef' });
  const s = paymentsShop(server);

  it('starts, sells in Korea, and offers no methods in the stores whose providers would take test payments', async () => {
    const settings = async (country: string) => (await s.api.call('GET', '/api/payments/settings', undefined, { 'x-store-country': country, host: 'shop.test' })).json();
    expect(await settings('kr')).toMatchObject({ choices: [{ choice: 'tosspayments', provider: 'toss', test: false }], test: false });
    for (const country of ['us', 'au', 'my', 'vn', 'cn']) expect((await settings(country)).choices).toEqual([]);
    const order = await s.order('us');
    const before = await s.attemptCount();
    const started = await s.start(order, 'stripe');
    expect(started.statusCode).toBe(422);
    expect(started.json().code).toBe('PAYMENT_METHOD_NOT_OFFERED');
    expect(await s.attemptCount()).toBe(before);
  });
});
