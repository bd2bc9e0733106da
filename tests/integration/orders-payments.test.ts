/**
 * Buying through the HTTP API against a real database: carts per owner, orders priced by the
 * server (D4), and payment confirmation with the sandbox and with a fake Toss API on loopback
 * (amount checks, idempotency, provider errors). A refused call changes nothing.
 */
import { randomBytes } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newGuestId } from '../../src/domain/guest.ts';
import { cartItems, mailOutbox, orderLines, orderMessages, orderStatusHistory, orders, paymentAttempts, refunds } from '../../src/server/db/schema.ts';
import { BACKENDS, useTestServer, type TestServer } from './harness.ts';
import { client, newAccount, sessionCookie } from './support/clients.ts';
import { startSmtpServer } from './support/peers.ts';
import { FAKE_TOSS_CLIENT, FAKE_TOSS_SECRET, startFakeToss } from './support/toss.ts';

const customer = { customerName: '김민수', customerEmail: 'minsu@example.com', customerPhone: '010-1234-5678' };

function shop(server: () => TestServer) {
  const api = client(server);
  const db = () => server().database.db;
  return {
    api,
    db,
    async order(body: Record<string, unknown>, headers: Record<string, string> = {}) {
      return api.call('POST', '/api/orders', { ...customer, country: 'kr', ...body }, { 'x-store-country': 'kr', ...headers });
    },
    /** A return brought by the payer's own browser: it names the order's guest id (D22). */
    async confirm(body: Record<string, unknown>) {
      const [row] = typeof body.orderId === 'string' ? await db().select({ guestId: orders.guestId }).from(orders).where(eq(orders.orderNumber, body.orderId)) : [];
      return api.call('POST', '/api/confirm', row?.guestId && body.sessionId === undefined ? { ...body, sessionId: row.guestId } : body);
    },
    /** The same return brought by someone who is not the payer (no session, no guest id, no key). */
    async confirmAsStranger(body: Record<string, unknown>) {
      return api.call('POST', '/api/confirm', body);
    },
    async orderRow(orderNumber: string) {
      const [row] = await db().select().from(orders).where(eq(orders.orderNumber, orderNumber));
      return row!;
    },
    async historyOf(orderNumber: string) {
      const row = await this.orderRow(orderNumber);
      return db().select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, row.id)).orderBy(orderStatusHistory.createdAt);
    },
    async counts() {
      const [o] = await db().select({ n: count() }).from(orders);
      const [l] = await db().select({ n: count() }).from(orderLines);
      const [h] = await db().select({ n: count() }).from(orderStatusHistory);
      return { orders: o!.n, lines: l!.n, history: h!.n };
    },
  };
}

describe.each(BACKENDS)('orders and the sandbox provider on %s', (backend) => {
  const server = useTestServer(backend);
  const s = shop(server);

  /** The buying guest approves its order in the sandbox (only whoever may pay an order may). */
  async function sandboxPay(orderId: string, card = 'approved') {
    const { guestId } = await s.orderRow(orderId);
    return s.api.call('POST', '/api/payments/sandbox/authorize', { orderId, card, sessionId: guestId });
  }

  it('prices a service order on the server, ignores the page figures, and confirms it once', async () => {
    const guest = newGuestId();
    const created = await s.order({ serviceId: 4, quantity: 5, sessionId: guest, finalPrice: 1000, amountKRW: '1,000', isGuestOrder: true });
    expect(created.statusCode).toBe(201);
    const body = created.json();
    // D1: 80,000 for three images, 25,000 for each more.
    expect(body).toMatchObject({ success: true, amount: 130_000, currency: 'KRW', orderName: '푸드 스튜디오 컷 × 5장', status: 'pending' });
    expect(body.orderId).toMatch(/^SL-\d{4}-\d{4}-\d{3}$/);

    const approved = await sandboxPay(body.orderId);
    expect(approved.statusCode).toBe(200);
    const { paymentKey, amount } = approved.json();
    expect(amount).toBe(130_000);

    const confirmed = await s.confirm({ orderId: body.orderId, amount, paymentKey });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ success: true, orderId: body.orderId, status: 'order_received' });
    // A refreshed success page: the same answer, no second history row.
    const again = await s.confirm({ orderId: body.orderId, amount, paymentKey });
    expect(again.json()).toMatchObject({ success: true, status: 'order_received' });
    expect((await s.historyOf(body.orderId)).map((h) => [h.fromStatus, h.toStatus])).toEqual([[null, 'pending'], ['pending', 'order_received']]);

    const mine = await s.api.call('GET', `/api/orders/me?sessionId=${guest}`);
    expect(mine.json().orders).toHaveLength(1);
    expect(mine.json().orders[0]).toMatchObject({ orderId: body.orderId, status: 'order_received', amount: 130_000, lines: [{ kind: 'service', ref: '4', quantity: 5, totalKrw: 130_000 }] });
  });

  it('refuses a confirm whose amount differs from the order, without asking the provider or marking anything paid', async () => {
    const created = (await s.order({ packageId: 'delivery', sessionId: newGuestId() })).json();
    expect(created.amount).toBe(399_000);
    const { paymentKey } = (await sandboxPay(created.orderId)).json();
    const cheaper = await s.confirm({ orderId: created.orderId, amount: 1000, paymentKey });
    expect(cheaper.statusCode).toBe(400);
    expect(cheaper.json().code).toBe('AMOUNT_MISMATCH');
    expect(await s.orderRow(created.orderId)).toMatchObject({ status: 'pending', paidAt: null, paymentKey: null });
    // A key signed for another order is not a payment of this one.
    const other = (await s.order({ packageId: 'social', sessionId: newGuestId() })).json();
    const stolen = await s.confirm({ orderId: other.orderId, amount: other.amount, paymentKey });
    expect(stolen.statusCode).toBe(402);
    expect((await s.orderRow(other.orderId)).status).toBe('pending');
  });

  it('answers SPEC codes for missing parameters, a declined card and a card refused at confirmation', async () => {
    const missing = await s.confirm({ orderId: 'SL-abcdef' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('MISSING_PARAMETERS');
    const created = (await s.order({ selectedTemplate: { id: 3, title: 'ignored', price: 1 }, sessionId: newGuestId() })).json();
    expect(created.amount).toBe(45_000);
    const declined = await sandboxPay(created.orderId, 'declined');
    expect(declined.statusCode).toBe(402);
    expect(declined.json().code).toBe('PAYMENT_FAILED');
    const { paymentKey } = (await sandboxPay(created.orderId, 'rejectedAtConfirm')).json();
    const refused = await s.confirm({ orderId: created.orderId, amount: created.amount, paymentKey });
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ code: 'PAYMENT_FAILED', message: '결제 승인 실패: 카드사에서 승인을 거절했습니다. (테스트 카드)' });
    // Still payable: the visitor tries another card.
    const retry = (await sandboxPay(created.orderId)).json();
    expect((await s.confirm({ orderId: created.orderId, amount: created.amount, paymentKey: retry.paymentKey })).statusCode).toBe(200);
  });

  it('refuses quote-only services and unknown goods, storing nothing', async () => {
    const before = await s.counts();
    const quote = await s.order({ serviceId: 11, quantity: 1, sessionId: newGuestId() });
    expect(quote.statusCode).toBe(422);
    expect(quote.json()).toMatchObject({ code: 'QUOTE_ONLY', message: '견적 필요: 견적 후 가격이 결정됩니다. 고객센터로 문의해주세요.' });
    expect((await s.order({ selectedTemplate: { id: 999 }, sessionId: newGuestId() })).json().code).toBe('UNKNOWN_ITEM');
    expect((await s.order({ serviceId: 1, quantity: 0, sessionId: newGuestId() })).statusCode).toBe(400);
    expect((await s.order({ serviceId: 1, packageId: 'social', sessionId: newGuestId() })).statusCode).toBe(400);
    expect((await s.order({ serviceId: 1 })).json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { sessionId: expect.any(String) } });
    expect((await s.order({ fromCart: true, sessionId: newGuestId() })).json().code).toBe('CART_EMPTY');
    expect(await s.counts()).toEqual(before);
  });

  it('keeps carts apart, checks one out as one order and empties it once paid', async () => {
    const [a, b] = [newGuestId(), newGuestId()];
    const added = await s.api.call('POST', '/api/cart', { templateId: '5', quantity: '2', sessionId: a, templateTitle: 'x', templatePrice: 1 });
    expect(added.statusCode).toBe(201);
    expect(added.json().item).toMatchObject({ templateId: 5, quantity: 2, templatePrice: 25_000 });
    await s.api.call('POST', '/api/cart', { templateId: 5, sessionId: a });
    await s.api.call('POST', '/api/cart', { templateId: 7, sessionId: a });
    const cartA = (await s.api.call('GET', `/api/cart?sessionId=${a}`)).json().items;
    expect(cartA.map((i: { templateId: number; quantity: number }) => [i.templateId, i.quantity])).toEqual([[5, 3], [7, 1]]);
    expect((await s.api.call('GET', `/api/cart?sessionId=${b}`)).json().items).toEqual([]);
    expect((await server().app.inject({ method: 'DELETE', url: `/api/cart/${cartA[0].id}?sessionId=${b}` })).statusCode).toBe(404);

    const created = (await s.order({ fromCart: true, sessionId: a })).json();
    expect(created.orderName).toMatch(/외 1건$/);
    const row = await s.orderRow(created.orderId);
    expect(row.amountKrw).toBe(3 * 25_000 + 1 * 39_000);
    const { paymentKey } = (await sandboxPay(created.orderId)).json();
    await s.confirm({ orderId: created.orderId, amount: created.amount, paymentKey });
    expect((await s.api.call('GET', `/api/cart?sessionId=${a}`)).json().items).toEqual([]);
  });

  it('lets nobody read or remove what is not theirs', async () => {
    const account = newAccount();
    const user = { cookie: sessionCookie(await s.api.call('POST', '/api/auth/register', account)) };
    const guest = newGuestId();
    const userOrder = (await s.order({ packageId: 'social' }, user)).json();
    const guestOrder = (await s.order({ packageId: 'social', sessionId: guest })).json();
    expect((await s.api.call('GET', `/api/orders/${userOrder.orderId}?sessionId=${guest}`)).statusCode).toBe(404);
    expect((await s.api.call('GET', `/api/orders/${guestOrder.orderId}`, undefined, user)).statusCode).toBe(404);
    expect((await s.api.call('GET', `/api/orders/${guestOrder.orderId}?sessionId=${newGuestId()}`)).statusCode).toBe(404);
    expect((await s.api.call('GET', `/api/orders/${userOrder.orderId}`, undefined, user)).json().order.orderId).toBe(userOrder.orderId);
    expect((await s.api.call('GET', '/api/orders/me', undefined, user)).json().orders.map((o: { orderId: string }) => o.orderId)).toEqual([userOrder.orderId]);
    expect((await s.api.call('GET', '/api/orders/me')).statusCode).toBe(400);
    expect((await s.api.call('GET', '/api/orders/me?sessionId=short')).statusCode).toBe(400);

    // Signing in brings the guest's cart along.
    await s.api.call('POST', '/api/cart', { templateId: 2, sessionId: guest });
    const merged = await s.api.call('POST', '/api/cart/merge', { sessionId: guest }, user);
    expect(merged.json()).toMatchObject({ success: true, moved: 1 });
    expect((await s.api.call('GET', '/api/cart', undefined, user)).json().items.map((i: { templateId: number }) => i.templateId)).toEqual([2]);
    expect((await s.api.call('GET', `/api/cart?sessionId=${guest}`)).json().items).toEqual([]);
  });

  // Issue 33, item 22: standing in for PayPal, the sandbox showed test cards and said "Test card".
  it('stands in for PayPal with an approval page of PayPal\'s shape: approve pays it as PayPal, cancel leads to this order\'s fail page', async () => {
    const guest = newGuestId();
    const created = (await s.order({ selectedTemplate: { id: 1 }, sessionId: guest, country: 'us' }, { 'x-store-country': 'us', 'accept-language': 'en' })).json();
    const started = await s.api.call('POST', '/api/payments/start', { orderId: created.orderId, provider: 'paypal', sessionId: guest, testCard: 'declined' });
    expect(started.statusCode, started.body).toBe(200);
    const approval = new URL(started.json().redirectUrl);
    expect(approval.pathname).toBe('/us/payment/sandbox-paypal');
    const page = await server().app.inject({ method: 'GET', url: `${approval.pathname}${approval.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('data-sandbox-paypal');
    const approve = /data-sandbox-approve[^>]*href="([^"]+)"|href="([^"]+)"[^>]*data-sandbox-approve/.exec(page.body)!;
    const approveUrl = new URL((approve[1] ?? approve[2])!.replaceAll('&amp;', '&'), 'http://x');
    expect(approveUrl.pathname).toBe('/us/payment/success');
    expect(page.body).toContain(`/us/payment/fail?provider=sandbox&amp;orderId=${created.orderId}&amp;ref=${approveUrl.searchParams.get('ref')}&amp;code=PAY_PROCESS_CANCELED`);
    // A key the server did not sign, or for another order, is no page at all.
    const forged = new URL(approval);
    forged.searchParams.set('paymentKey', 'sbx.e30.forged');
    expect((await server().app.inject({ method: 'GET', url: `${forged.pathname}${forged.search}` })).statusCode).toBe(404);

    // The test card in the body is no card here: approving pays it, as PayPal.
    const paid = await s.confirm({ orderId: created.orderId, amount: created.amount, paymentKey: approveUrl.searchParams.get('paymentKey'), ref: approveUrl.searchParams.get('ref') });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await s.orderRow(created.orderId)).toMatchObject({ status: 'order_received', paymentMethod: 'paypal', paymentProvider: 'sandbox', testPayment: true });
  });

  it("sends SPEC's static return pages on to the store's own pages, query and all", async () => {
    const success = await s.api.call('GET', '/payment-success.html?paymentType=NORMAL&orderId=SL-x&paymentKey=k&amount=1', undefined, { cookie: 'country=kr' });
    expect(success.statusCode).toBe(302);
    expect(success.headers.location).toBe('/kr/payment/success?paymentType=NORMAL&orderId=SL-x&paymentKey=k&amount=1');
    const fail = await s.api.call('GET', '/payment-fail.html?code=PAY_PROCESS_CANCELED&message=x', undefined, { 'accept-language': 'vi-VN' });
    expect(fail.headers.location).toBe('/vn/payment/fail?code=PAY_PROCESS_CANCELED&message=x');
  });

  it('writes an order, its lines and its history together or not at all', async () => {
    const { db } = server().database;
    const before = await s.counts();
    // A database that refuses order lines halfway through the transaction.
    await db.execute(sql.raw(`create or replace function refuse_lines() returns trigger language plpgsql as $$ begin raise exception 'lines refused'; end $$`));
    await db.execute(sql.raw('create trigger refuse_lines before insert on order_lines for each row execute function refuse_lines()'));
    try {
      const failed = await s.order({ packageId: 'ecommerce', sessionId: newGuestId() });
      expect(failed.statusCode).toBe(500);
      expect(await s.counts()).toEqual(before);
    } finally {
      await db.execute(sql.raw('drop trigger refuse_lines on order_lines'));
    }
    expect(await db.select().from(cartItems).where(eq(cartItems.templateId, -1))).toEqual([]);
  });
});

describe.each(BACKENDS)('confirming with Toss (fake Toss API on loopback) on %s', (backend) => {
  let toss: Awaited<ReturnType<typeof startFakeToss>>;
  beforeAll(async () => {
    toss = await startFakeToss();
  });
  afterAll(async () => toss.stop());
  const server = useTestServer(backend, () => ({ TOSS_CLIENT_KEY: FAKE_TOSS_CLIENT, TOSS_SECRET_KEY: FAKE_TOSS_SECRET, TOSS_API_BASE: toss.url, TOSS_TIMEOUT_MS: '1000' }));
  const s = shop(server);
  const key = (kind: string) => `${kind}_${randomBytes(8).toString('hex')}`;
  const newOrder = async () => (await s.order({ serviceId: 1, quantity: 3, sessionId: newGuestId() })).json() as { orderId: string; amount: number };

  it('says which provider and key the payment page uses', async () => {
    expect((await s.api.call('GET', '/api/payments/settings', undefined, { 'x-store-country': 'kr' })).json()).toMatchObject({
      country: 'kr', choices: [{ choice: 'tosspayments', provider: 'toss', test: true }], tossClientKey: FAKE_TOSS_CLIENT, test: true,
    });
  });

  it('confirms with Basic auth and an idempotency key, once, even when asked twice at the same time', async () => {
    const order = await newOrder();
    const paymentKey = key('ok');
    const [first, second] = await Promise.all([
      s.confirm({ orderId: order.orderId, amount: order.amount, paymentKey }),
      s.confirm({ orderId: order.orderId, amount: String(order.amount), paymentKey }),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const sent = toss.confirms().filter((c) => c.body.paymentKey === paymentKey);
    expect(sent.length).toBeGreaterThanOrEqual(1);
    expect(new Set(sent.map((c) => c.idempotencyKey)).size).toBe(1);
    expect(sent[0]!.body).toEqual({ paymentKey, orderId: order.orderId, amount: 30_000 });
    expect(await s.orderRow(order.orderId)).toMatchObject({ status: 'order_received', paymentKey, paymentMethod: '카드', paymentProvider: 'toss' });
    expect((await s.orderRow(order.orderId)).receiptUrl).toContain('dashboard.tosspayments.com/receipt');
    expect((await s.historyOf(order.orderId)).filter((h) => h.toStatus === 'order_received')).toHaveLength(1);
    // The order's conversation says it was paid, once.
    const row = await s.orderRow(order.orderId);
    expect((await s.db().select().from(orderMessages).where(eq(orderMessages.orderId, row.id))).map((m) => [m.event, m.authorActor, m.data])).toEqual([['paid', 'provider', { from: 'pending', to: 'order_received' }]]);
  });

  it('cancels and refuses a payment Toss approved for another amount', async () => {
    const order = await newOrder();
    const paymentKey = key('cheap');
    const response = await s.confirm({ orderId: order.orderId, amount: order.amount, paymentKey });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('AMOUNT_MISMATCH');
    const cancels = toss.cancels().filter((c) => c.path.includes(paymentKey));
    expect(cancels).toHaveLength(1);
    expect(cancels[0]!.idempotencyKey).toBeTruthy();
    expect(await s.orderRow(order.orderId)).toMatchObject({ status: 'pending', paidAt: null, paymentKey: null });
  });

  it.each([
    ['reject', 402, 'PAYMENT_FAILED', '결제 승인 실패: 한도초과 혹은 잔액부족으로 결제에 실패했습니다.'],
    ['provider', 402, 'PAYMENT_FAILED', '결제 승인 실패: 일시적인 오류가 발생했습니다. 잠시 후 다시 시도해주세요.'],
    ['expired', 402, 'PAYMENT_FAILED', '결제 승인 실패: 결제 시간이 만료되어 결제 진행 데이터가 존재하지 않습니다.'],
  ])('maps %s to %i %s and leaves the order payable', async (kind, status, code, message) => {
    const order = await newOrder();
    const response = await s.confirm({ orderId: order.orderId, amount: order.amount, paymentKey: key(kind) });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ code, message });
    expect((await s.orderRow(order.orderId)).status).toBe('pending');
    // Paying again with another card works: a new attempt has its own idempotency key.
    expect((await s.confirm({ orderId: order.orderId, amount: order.amount, paymentKey: key('ok') })).statusCode).toBe(200);
  });

  // Issue 32, item 7: a payment return is acted on only for the payer (or the reference the store
  // handed out); for anyone else every order number looks like one that does not exist.
  it('answers a stranger\'s return the same for an unknown number, a wrong amount, the right amount, a paid order and another store\'s order, and writes and asks nothing', async () => {
    const open = await newOrder();
    const paid = await newOrder();
    expect((await s.confirm({ orderId: paid.orderId, amount: paid.amount, paymentKey: key('ok') })).statusCode).toBe(200);
    const us = (await s.api.call('POST', '/api/orders', { ...customer, country: 'us', selectedTemplate: { id: 1 }, sessionId: newGuestId() }, { 'x-store-country': 'us' })).json() as { orderId: string; amount: number };
    const unknown = `SL-2611-${String(Date.now()).slice(-4)}-999`;
    const tries = [
      { orderId: unknown, amount: 30_000 },
      { orderId: open.orderId, amount: open.amount + 1 },
      { orderId: open.orderId, amount: open.amount },
      { orderId: paid.orderId, amount: paid.amount },
      { orderId: us.orderId, amount: us.amount },
    ];
    const confirmsBefore = toss.confirms().length;
    const rows = await s.counts();
    const [attempts] = await s.db().select({ n: count() }).from(paymentAttempts);
    const answers = [];
    for (const body of tries) {
      const answer = await s.confirmAsStranger({ ...body, paymentKey: key('ok') });
      answers.push({ status: answer.statusCode, body: { ...answer.json(), requestId: undefined } });
    }
    expect(answers[0]).toEqual({ status: 404, body: expect.objectContaining({ code: 'NOT_FOUND' }) });
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(toss.confirms().length).toBe(confirmsBefore);
    expect(await s.counts()).toEqual(rows);
    expect((await s.db().select({ n: count() }).from(paymentAttempts))[0]).toEqual(attempts);
    // The success page a stranger opens says the same for each, and asks Toss nothing either.
    const pages = [];
    for (const body of tries) {
      const page = await server().app.inject({ method: 'GET', url: `/kr/payment/success?orderId=${body.orderId}&paymentKey=${key('ok')}&amount=${body.amount}` });
      pages.push(`${page.statusCode} ${page.body.replace(/nonce="[^"]*"/g, '').replace(/"requestId":"[^"]*"/g, '')}`);
    }
    expect(new Set(pages).size).toBe(1);
    expect(toss.confirms().length).toBe(confirmsBefore);
    expect(await s.counts()).toEqual(rows);
  });

  it('confirms a guest\'s Toss return that carries the reference its start put in the success URL, and no other', async () => {
    const guest = newGuestId();
    const order = (await s.order({ serviceId: 1, quantity: 3, sessionId: guest })).json() as { orderId: string; amount: number };
    const started = await s.api.call('POST', '/api/payments/start', { orderId: order.orderId, provider: 'tosspayments', sessionId: guest });
    const successUrl = new URL(started.json().widget.successUrl);
    const ref = successUrl.searchParams.get('ref')!;
    expect(ref).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const other = await newOrder();
    // The reference of one order proves nothing for another.
    expect((await s.confirmAsStranger({ orderId: other.orderId, amount: other.amount, paymentKey: key('ok'), ref })).statusCode).toBe(404);
    // Toss's window adds its payment key, the order and the amount to the store's URL: the page confirms it.
    const paymentKey = key('ok');
    const page = await server().app.inject({ method: 'GET', url: `${successUrl.pathname}${successUrl.search}&paymentKey=${paymentKey}&orderId=${order.orderId}&amount=${order.amount}` });
    expect(page.statusCode).toBe(200);
    expect((await s.orderRow(order.orderId)).status).toBe('order_received');
  });

  it('never lets a key someone else posted against their own order keep its payer from paying', async () => {
    const victim = await newOrder();
    const attacker = await newOrder();
    const paymentKey = key('ok');
    // Toss refused the victim's key confirmed against the attacker's own order (the fake Toss takes
    // any key for any order, so the row that refusal left is written here as the store wrote it).
    const attackerRow = await s.orderRow(attacker.orderId);
    await s.db().insert(paymentAttempts).values({ orderId: attackerRow.id, provider: 'toss', method: 'tosspayments', reference: paymentKey, amountMinor: attacker.amount, currency: 'KRW', status: 'failed', idempotencyKey: `confirm:${attackerRow.id}:x`, failure: 'toss 400 NOT_MATCHES_ORDER' });
    const paidBack = await s.confirm({ orderId: victim.orderId, amount: victim.amount, paymentKey });
    expect(paidBack.statusCode, paidBack.body).toBe(200);
    expect((await s.orderRow(victim.orderId)).status).toBe('order_received');
  });

  // Unknown is not failed (issue 32, D32): Toss's 500 or no answer in time says nothing of the charge.
  it.each(['boom', 'slow', 'garbled', 'busy'])('answers Toss\'s %s with 202 "processing", records the attempt unknown for the reconciler, and leaves the order payable', async (kind) => {
    const order = await newOrder();
    const paymentKey = key(kind);
    const response = await s.confirm({ orderId: order.orderId, amount: order.amount, paymentKey });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toMatchObject({ success: true, orderId: order.orderId, status: 'processing' });
    const row = await s.orderRow(order.orderId);
    expect(row.status).toBe('pending');
    const [attempt] = await s.db().select().from(paymentAttempts).where(eq(paymentAttempts.reference, paymentKey));
    expect(attempt).toMatchObject({ provider: 'toss', status: 'unknown', orderId: row.id });
    expect((await s.confirm({ orderId: order.orderId, amount: order.amount, paymentKey: key('ok') })).statusCode).toBe(200);
  });

  it('lets a customer cancel: refunded in full through Toss within 3 days, a request after, nothing once work started', async () => {
    const account = newAccount();
    const user = { cookie: sessionCookie(await s.api.call('POST', '/api/auth/register', account)) };
    const pay = async () => {
      const created = (await s.order({ serviceId: 1, quantity: 3 }, user)).json() as { orderId: string; amount: number };
      expect((await s.api.call('POST', '/api/confirm', { orderId: created.orderId, amount: created.amount, paymentKey: key('ok') }, user)).statusCode).toBe(200);
      return created;
    };
    const cancel = (orderId: string, headers = user) => server().app.inject({ method: 'POST', url: `/api/orders/${orderId}/cancel`, headers: { ...headers, 'content-type': 'application/json', 'accept-language': 'ko' }, payload: '{}' });

    // Within 3 days: the money goes back through Toss, once, and the order is cancelled with its history.
    const recent = await pay();
    const refunded = await cancel(recent.orderId);
    expect(refunded.json()).toMatchObject({ success: true, outcome: 'refunded' });
    const row = await s.orderRow(recent.orderId);
    const cancels = toss.cancels().filter((c) => c.path.includes(row.paymentKey!));
    expect(cancels).toHaveLength(1);
    expect(cancels[0]!.idempotencyKey).toBe(`refund:${row.id}:1`);
    expect(row.status).toBe('cancelled');
    expect((await s.db().select().from(refunds).where(eq(refunds.orderId, row.id)))).toMatchObject([{ amountMinor: 30_000, provider: 'toss' }]);
    expect((await s.historyOf(recent.orderId)).at(-1)).toMatchObject({ fromStatus: 'order_received', toStatus: 'cancelled' });
    // The story as the customer reads it: paid, cancelled with its refund, the money back.
    expect((await s.db().select().from(orderMessages).where(eq(orderMessages.orderId, row.id)).orderBy(orderMessages.seq)).map((m) => [m.event, m.authorActor, m.data]))
      .toEqual([['paid', 'provider', { from: 'pending', to: 'order_received' }], ['cancelled', 'customer', { from: 'order_received', to: 'cancelled', refund: 30_000 }], ['refunded', 'customer', { amount: 30_000, currency: 'KRW' }]]);
    expect((await cancel(recent.orderId)).statusCode).toBe(409);

    // After 3 days: a request for staff, no money moves.
    const older = await pay();
    await s.db().update(orders).set({ paidAt: new Date(Date.now() - 4 * 24 * 3600 * 1000) }).where(eq(orders.orderNumber, older.orderId));
    const before = toss.cancels().length;
    expect((await cancel(older.orderId)).json()).toMatchObject({ outcome: 'requested' });
    expect(toss.cancels().length).toBe(before);
    expect(await s.orderRow(older.orderId)).toMatchObject({ status: 'order_received' });
    expect((await s.orderRow(older.orderId)).cancelRequestedAt).toBeInstanceOf(Date);

    // Work started: only staff decide.
    const started = await pay();
    await s.db().update(orders).set({ status: 'in_progress' }).where(eq(orders.orderNumber, started.orderId));
    const refused = await cancel(started.orderId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('CANCEL_NOT_ALLOWED');

    // Someone else's order does not exist for them.
    const stranger = { cookie: sessionCookie(await s.api.call('POST', '/api/auth/register', newAccount())) };
    const other = await pay();
    expect((await cancel(other.orderId, stranger)).statusCode).toBe(404);
    expect((await s.orderRow(other.orderId)).status).toBe('order_received');
  });

  it('pays, through the reconciler, a Toss confirm that took the money but whose answer came back unreadable', async () => {
    const order = await newOrder();
    const paymentKey = key('garbled');
    expect((await s.confirm({ orderId: order.orderId, amount: order.amount, paymentKey })).statusCode).toBe(202);
    await s.db().update(paymentAttempts).set({ updatedAt: sql`now() - interval '2 minutes'` }).where(eq(paymentAttempts.reference, paymentKey));
    await server().app.jobs.runOnce('reconcile-payments');
    expect(await s.orderRow(order.orderId)).toMatchObject({ status: 'order_received', paymentKey, paymentProvider: 'toss' });
    // Confirmed once: the reconciler read the payment Toss had made.
    expect(toss.confirms().filter((c) => c.body.paymentKey === paymentKey)).toHaveLength(1);
  });

  it('reads the payment when Toss says it was already processed', async () => {
    const order = await newOrder();
    const response = await s.confirm({ orderId: order.orderId, amount: order.amount, paymentKey: key('already') });
    expect(response.statusCode).toBe(200);
    expect((await s.orderRow(order.orderId)).status).toBe('order_received');
  });
});

describe('the paid-order e-mail', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => smtp.stop());
  const server = useTestServer('pglite', () => ({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://shop.test', ALLOW_TEST_PAYMENTS: 'true' }));
  const s = shop(server);

  it('is queued with the payment and sent in the language of the order, with its lines and amount', async () => {
    const account = newAccount();
    const user = { cookie: sessionCookie(await s.api.call('POST', '/api/auth/register', account)) };
    const created = (await s.order({ serviceId: 2, quantity: 4, customerEmail: account.email }, { ...user, 'accept-language': 'en' })).json();
    const { paymentKey } = (await s.api.call('POST', '/api/payments/sandbox/authorize', { orderId: created.orderId, card: 'approved' }, user)).json();
    expect((await s.confirm({ orderId: created.orderId, amount: created.amount, paymentKey })).statusCode).toBe(200);
    const mail = await smtp.nextTo(account.email);
    expect(mail.to).toEqual([account.email]);
    expect(mail.subject).toBe(`[Studio Lumi] Payment received: ${created.orderName}`);
    // 50,000 for three images, 12,000 for the fourth.
    expect(mail.text).toContain('₩62,000');
    expect(mail.text).toContain(created.orderId);
    expect(mail.html).toContain('https://shop.test/kr/profile');
    await vi.waitFor(async () => {
      const [row] = await s.db().select().from(mailOutbox).innerJoin(orders, eq(orders.id, mailOutbox.orderId)).where(and(eq(orders.orderNumber, created.orderId), eq(mailOutbox.kind, 'order_paid')));
      expect(row?.mail_outbox.sentAt).toBeInstanceOf(Date);
    });
    // Confirming again queues nothing more.
    await s.confirm({ orderId: created.orderId, amount: created.amount, paymentKey });
    const rows = await s.db().select().from(mailOutbox).innerJoin(orders, eq(orders.id, mailOutbox.orderId)).where(eq(orders.orderNumber, created.orderId));
    expect(rows.map((r) => r.mail_outbox.kind).sort()).toEqual(['order_paid', 'staff_order']);
  });

  // Issue 33, item 20: the lines were listed in won in every store.
  it.each([['us', '$', 'en'], ['au', 'A$', 'en'], ['vn', '₫', 'vi'], ['cn', '¥', 'zh'], ['my', 'RM', 'en']])('lists the lines of a %s order in its own currency, adding up to the amount paid', async (country, symbol, language) => {
    const guest = newGuestId();
    const email = `lines.${country}.${Date.now()}@example.com`;
    for (const [templateId, quantity] of [[1, 1], [2, 2]]) {
      expect((await s.api.call('POST', '/api/cart', { templateId, quantity, sessionId: guest }, { 'x-store-country': country })).statusCode).toBeLessThan(300);
    }
    const created = (await s.order({ fromCart: true, sessionId: guest, customerEmail: email, country }, { 'x-store-country': country, 'accept-language': language })).json();
    expect(created.currency).not.toBe('KRW');
    const { paymentKey } = (await s.api.call('POST', '/api/payments/sandbox/authorize', { orderId: created.orderId, card: 'approved', sessionId: guest })).json();
    expect((await s.confirm({ orderId: created.orderId, amount: created.amount, paymentKey })).statusCode).toBe(200);
    const mail = await smtp.nextTo(email);
    expect(mail.text).not.toContain('₩');
    const view = (await s.api.call('GET', `/api/orders/${created.orderId}?sessionId=${guest}`)).json();
    const lines = view.order.lines as Array<{ name: string; quantity: number; amount: number }>;
    expect(lines).toHaveLength(2);
    expect(lines.reduce((sum, line) => sum + line.amount, 0)).toBe(created.amount);
    for (const line of lines) expect(mail.text).toContain(`${line.name} × ${line.quantity}`);
    expect(mail.text).toContain(symbol);
  });

  // Issue 33, item 19: a guest whose payment did not go through is shown, and mailed once, the way back to the order.
  it('shows a guest back from a failed payment its private link and mails it once; a stranger without the store\'s ref learns nothing', async () => {
    const guest = newGuestId();
    const email = `kept.${Date.now()}@example.com`;
    const created = (await s.order({ packageId: 'social', sessionId: guest, customerEmail: email })).json();
    const started = (await s.api.call('POST', '/api/payments/start', { orderId: created.orderId, provider: 'tosspayments', sessionId: guest })).json();
    // The store's own return address carries the ref (here the sandbox's, standing in for Toss).
    const returned = new URL(started.redirectUrl as string);
    expect(returned.origin).toBe('https://shop.test');
    const ref = returned.searchParams.get('ref')!;
    expect(ref).toMatch(/^[\w-]{32}$/);
    const failPage = (query: string) => server().app.inject({ method: 'GET', url: `/kr/payment/fail?code=PAY_PROCESS_CANCELED&orderId=${created.orderId}${query}` });
    const keptMails = async () => (await s.db().select().from(mailOutbox).innerJoin(orders, eq(orders.id, mailOutbox.orderId))
      .where(and(eq(orders.orderNumber, created.orderId), eq(mailOutbox.kind, 'order_kept')))).length;

    for (const stranger of ['', `&ref=${'A'.repeat(32)}`]) {
      const page = await failPage(stranger);
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toContain('data-kept-order');
      expect(page.body).not.toContain(email);
    }
    expect(await keptMails()).toBe(0);

    const page = await failPage(`&ref=${ref}`);
    expect(page.body).toContain(`data-kept-order="${created.orderId}"`);
    expect(page.body).toMatch(new RegExp(`href="/kr/orders/${created.orderId}\\?key=[\\w-]+"`));
    await failPage(`&ref=${ref}`);
    expect(await keptMails()).toBe(1);
    const mail = await smtp.nextTo(email);
    expect(mail.subject).toBe(`[스튜디오 루미] 주문이 보관되었습니다: ${created.orderName}`);
    expect(mail.text).toMatch(new RegExp(`https://shop\\.test/kr/orders/${created.orderId}\\?key=[\\w-]+&pay=1`));
    expect(mail.text).toContain('₩');
  });

  it("gives a guest the order's private link, which opens the order in any browser and nothing else", async () => {
    const guest = newGuestId();
    const email = `guest.${Date.now()}@example.com`;
    const created = (await s.order({ packageId: 'social', sessionId: guest, customerEmail: email })).json();
    const { paymentKey } = (await s.api.call('POST', '/api/payments/sandbox/authorize', { orderId: created.orderId, card: 'approved', sessionId: guest })).json();
    await s.confirm({ orderId: created.orderId, amount: created.amount, paymentKey });
    const mail = await smtp.nextTo(email);
    expect(mail.to).toEqual([email]);
    const link = new RegExp(`https://shop\\.test(/kr/orders/${created.orderId}\\?key=[\\w-]+)`).exec(mail.text);
    expect(link, mail.text).toBeTruthy();
    const page = await server().app.inject({ method: 'GET', url: link![1]! });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(created.orderName);
    const forged = await server().app.inject({ method: 'GET', url: `/kr/orders/${created.orderId}?key=${'A'.repeat(43)}` });
    expect(forged.statusCode).toBe(404);
    expect(forged.body).not.toContain(created.orderName);
    expect((await server().app.inject({ method: 'GET', url: `/kr/orders/${created.orderId}` })).statusCode).toBe(404);
  });
});
