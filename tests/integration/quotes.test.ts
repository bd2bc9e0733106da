/**
 * Quotes (D28) through the real API against a real database, with the fake Toss API for the Korean
 * store and the fake Stripe API for the US store on loopback: staff price a consultation (versions
 * kept), the customer reads it, asks about it, declines it or pays it (only the newest version,
 * only while valid, never a provider call for a wrong amount or an expired quote), the hourly job
 * sends expired quotes back to staff, and the overview counts them. Every change is one history
 * row with its actor and the lifecycle table's mails (D30); every refused call stores nothing.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, lte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newGuestId } from '../../src/domain/guest.ts';
import { formatMinor } from '../../src/domain/money.ts';
import { approximateKrw, quoteValidUntil } from '../../src/domain/quotes.ts';
import type { Database } from '../../src/server/db/client.ts';
import { orders, paymentAttempts } from '../../src/server/db/schema.ts';
import { expireQuotes, sendQuote } from '../../src/server/features/quotes/quotes.service.ts';
import { batchBuilder } from '../../src/server/mail/outbox-messages.ts';
import { storeMailKinds } from '../../src/server/store-mails.ts';
import { BACKENDS, useTestServer } from './harness.ts';
import { paymentsShop, sessionIdOf } from './support/payments.ts';
import { LINKS, quotesShop, storeHeaders, type Consultation, type Who } from './support/quotes.ts';
import { staffActorOf, staffApi } from './support/staff.ts';
import { FAKE_STRIPE_SECRET, FAKE_STRIPE_WEBHOOK_SECRET, startFakeStripe, type FakeStripe } from './support/stripe.ts';
import { FAKE_TOSS_CLIENT, FAKE_TOSS_SECRET, startFakeToss } from './support/toss.ts';

const KR_QUOTE = {
  lines: [{ description: 'Studio day, food shoot', amount: 150_000 }, { description: 'Retouching, 20 images', amount: 50_000 }],
  validDays: 14,
  note: 'Two hours on site, props included',
};
const KR_TOTAL = 200_000;
const US_QUOTE = { lines: [{ description: 'Half-day shoot', amount: 45_000 }, { description: 'Retouching, 20 images', amount: 12_550 }], validDays: 7 };
const US_TOTAL = 57_550;
const OPENED = { from: null, to: 'quote_review', actor: 'customer' };
const paymentKey = () => `ok_${randomBytes(8).toString('hex')}`;

describe.each(BACKENDS)('quotes (fake Toss in /kr, fake Stripe in /us) on %s', (backend) => {
  let toss: Awaited<ReturnType<typeof startFakeToss>>;
  let stripe: FakeStripe;
  beforeAll(async () => {
    [toss, stripe] = await Promise.all([startFakeToss(), startFakeStripe()]);
  });
  afterAll(async () => {
    await Promise.all([toss?.stop(), stripe?.stop()]);
  });
  const server = useTestServer(backend, () => ({
    TOSS_CLIENT_KEY: FAKE_TOSS_CLIENT, TOSS_SECRET_KEY: FAKE_TOSS_SECRET, TOSS_API_BASE: toss.url, TOSS_TIMEOUT_MS: '1000',
    STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET, STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET, STRIPE_API_BASE: stripe.url,
  }));
  const q = quotesShop(server);
  const staff = staffApi(server);
  const pay = paymentsShop(server);
  const db = () => server().database.db as Database;

  // One staff member and two customers for the whole file.
  let admin: { cookie: string; id: string; email: string };
  let alice: { cookie: string; id: string; email: string };
  let bob: { cookie: string; id: string; email: string };
  beforeAll(async () => {
    const [a, c1, c2] = await Promise.all([staff.admin(), staff.customer(), staff.customer()]);
    admin = { cookie: a.cookie, email: a.account.email, id: await q.userId(a.account.email) };
    alice = { cookie: c1.cookie, email: c1.account.email, id: await q.userId(c1.account.email) };
    bob = { cookie: c2.cookie, email: c2.account.email, id: await q.userId(c2.account.email) };
  });

  const guest = (): Who => ({ sessionId: newGuestId() });
  const priced = async (order: Consultation, body: unknown = order.country === 'kr' ? KR_QUOTE : US_QUOTE) => {
    const response = await q.price(order.id, body, admin.cookie);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  /** Proves a refused call wrote nothing anywhere: the order's row and every table's row count. */
  const unchanged = async (order: { id: string }, before: Awaited<ReturnType<typeof q.picture>>) => {
    expect(await q.picture(order.id)).toEqual(before);
  };
  const tossConfirmsFor = (orderId: string) => toss.confirms().filter((c) => c.body.orderId === orderId);
  /** Pays a Korean quote through the fake Toss API as the widget's return does. */
  const payByToss = async (order: Consultation, amount: number) => {
    const started = await q.start(order, 'tosspayments', order.owner);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().widget).toMatchObject({ orderId: order.orderId, amount, currency: 'KRW' });
    const key = paymentKey();
    const confirmed = await q.confirm({ orderId: order.orderId, paymentKey: key, amount });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ success: true, orderId: order.orderId, status: 'order_received', amount, currency: 'KRW' });
    return key;
  };
  /** Renders queued mails as the worker would send them. */
  const render = async (rows: Array<{ id: string; kind: string; payload: unknown }>, orderId: string) => {
    const build = batchBuilder({ db: db(), origin: 'http://localhost', kinds: storeMailKinds(LINKS), staffRecipients: async () => ['staff@example.com'] }, rows.map((r) => ({
      id: r.id, kind: r.kind as never, order_id: orderId, payload: r.payload as Record<string, string>, attempts: 0,
    })));
    return Promise.all(rows.map((r) => build({ id: r.id, kind: r.kind as never, order_id: orderId, payload: r.payload as Record<string, string>, attempts: 0 })));
  };

  it('staff price a consultation in /kr and the guest pays it through Toss: one history row per change, the mails in order', async () => {
    const order = await q.consultation('kr', guest());
    expect(await q.row(order.id)).toMatchObject({ status: 'quote_review', orderType: 'consultation', amountMinor: 0, currency: 'KRW', quoteValidUntil: null });
    expect(await q.history(order.id)).toEqual([{ ...OPENED, actorUserId: null, note: expect.any(String) }]);
    expect((await q.mails(order.id)).map((m) => m.kind)).toEqual(['consultation_received', 'staff_brief']);
    const before = (await q.view(order, order.owner)).json().order;
    expect(before).toMatchObject({ status: 'quote_review', amount: 0, payable: false, quote: null, questions: [] });
    expect((await q.adminOrder(order.id, admin.cookie)).json().quote).toEqual({ editable: true, validUntil: null, versions: [], messages: [] });
    // Nothing to pay before the quote.
    const early = await q.start(order, 'tosspayments', order.owner);
    expect([early.statusCode, early.json().code]).toEqual([409, 'ORDER_NOT_PAYABLE']);

    const sentFrom = quoteValidUntil(14).toISOString();
    const answer = await priced(order);
    const sentTo = quoteValidUntil(14).toISOString();
    expect(answer).toMatchObject({ success: true, id: order.id, status: 'quoted', quote: { version: 1, lines: KR_QUOTE.lines, amount: KR_TOTAL, currency: 'KRW', note: KR_QUOTE.note } });
    expect([sentFrom, sentTo]).toContain(answer.quote.validUntil);
    expect(answer.quote.validUntil).toMatch(/T14:59:59\.000Z$/);
    expect(await q.row(order.id)).toMatchObject({ status: 'quoted', amountMinor: KR_TOTAL, amountKrw: KR_TOTAL, quoteValidUntil: new Date(answer.quote.validUntil) });
    expect(await q.quotes(order.id)).toMatchObject([{ version: 1, lines: KR_QUOTE.lines, amountMinor: KR_TOTAL, currency: 'KRW', note: KR_QUOTE.note, createdByUserId: admin.id }]);

    // What the customer reads (GET /api/orders/:n): the quote's lines, amount, currency, validity and note.
    const view = (await q.view(order, order.owner)).json().order;
    expect(view).toMatchObject({ status: 'quoted', amount: KR_TOTAL, currency: 'KRW', payable: true });
    expect(view.quote).toEqual({ version: 1, lines: KR_QUOTE.lines, amount: KR_TOTAL, currency: 'KRW', validUntil: answer.quote.validUntil, note: KR_QUOTE.note, payable: true, expired: false });

    const key = await payByToss(order, KR_TOTAL);
    expect(tossConfirmsFor(order.orderId).map((c) => c.body)).toEqual([{ paymentKey: key, orderId: order.orderId, amount: KR_TOTAL }]);
    expect(await q.row(order.id)).toMatchObject({ status: 'order_received', amountMinor: KR_TOTAL, paymentProvider: 'toss', paymentKey: key, paidAt: expect.any(Date) });
    expect(await q.history(order.id)).toEqual([
      { ...OPENED, actorUserId: null, note: expect.any(String) },
      { from: 'quote_review', to: 'quoted', actor: 'staff', actorUserId: admin.id, note: expect.stringContaining('quote v1 sent') },
      { from: 'quoted', to: 'order_received', actor: 'provider', actorUserId: null, note: expect.stringContaining('payment confirmed') },
    ]);
    const mails = await q.mails(order.id);
    expect(mails.map((m) => m.kind)).toEqual(['consultation_received', 'staff_brief', 'quote_sent', 'order_paid', 'staff_order']);
    expect(mails[2]!.payload).toEqual({ version: '1', from: 'quote_review', to: 'quoted' });
    expect(mails[3]!.payload).toEqual({ from: 'quoted', to: 'order_received' });

    const paid = (await q.view(order, order.owner)).json().order;
    expect(paid).toMatchObject({ status: 'order_received', amount: KR_TOTAL, payable: false, quote: { version: 1, amount: KR_TOTAL, payable: false, expired: false } });
    // A refreshed success page changes nothing and asks Toss nothing more.
    expect((await q.confirm({ orderId: order.orderId, paymentKey: key, amount: KR_TOTAL })).statusCode).toBe(200);
    expect(tossConfirmsFor(order.orderId)).toHaveLength(1);
    expect(await q.history(order.id)).toHaveLength(3);
    // A paid quote is no longer staff's to change.
    const snapshot = await q.picture(order.id);
    const again = await q.price(order.id, KR_QUOTE, admin.cookie);
    expect([again.statusCode, again.json().code]).toEqual([409, 'QUOTE_NOT_OPEN']);
    await unchanged(order, snapshot);
    expect((await q.adminOrder(order.id, admin.cookie)).json().quote).toMatchObject({ editable: false, versions: [{ version: 1, amount: KR_TOTAL }] });
  });

  it('the same in /us through Stripe Checkout: the hosted session lists the quote\'s lines, confirmed by its id', async () => {
    const order = await q.consultation('us', { cookie: alice.cookie });
    expect(await q.row(order.id)).toMatchObject({ status: 'quote_review', currency: 'USD', amountMinor: 0, userId: alice.id });
    const answer = await priced(order);
    expect(answer.quote).toMatchObject({ version: 1, amount: US_TOTAL, currency: 'USD', lines: US_QUOTE.lines, note: null });
    expect(await q.row(order.id)).toMatchObject({ status: 'quoted', amountMinor: US_TOTAL, amountKrw: approximateKrw(US_TOTAL, { digits: 2, multiplier: '0.00073' }) });
    expect((await q.view(order, order.owner)).json().order.quote).toMatchObject({ amount: US_TOTAL, currency: 'USD', payable: true, expired: false });

    const started = await q.start(order, 'stripe', order.owner);
    expect(started.statusCode, started.body).toBe(200);
    const sessionId = sessionIdOf(started.json().redirectUrl);
    const creates = stripe.sessionCreates().filter((c) => c.body.client_reference_id === order.orderId);
    expect(creates).toHaveLength(1);
    expect(creates[0]!.body.line_items).toEqual(US_QUOTE.lines.map((line) => ({ quantity: '1', price_data: { currency: 'usd', unit_amount: String(line.amount), product_data: { name: line.description } } })));
    expect(stripe.sessions().find((x) => x.id === sessionId)).toMatchObject({ amount_total: US_TOTAL, currency: 'usd' });

    stripe.pay(sessionId, 'paid');
    const confirmed = await q.confirm({ orderId: order.orderId, provider: 'stripe', checkoutSessionId: sessionId });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ status: 'order_received', amount: US_TOTAL, currency: 'USD' });
    const paymentIntent = stripe.sessions().find((x) => x.id === sessionId)!.payment_intent!;
    expect(await q.row(order.id)).toMatchObject({ status: 'order_received', amountMinor: US_TOTAL, paymentProvider: 'stripe', paymentKey: paymentIntent, paidAt: expect.any(Date) });
    expect((await q.history(order.id)).map((h) => [h.from, h.to, h.actor, h.actorUserId])).toEqual([
      [null, 'quote_review', 'customer', alice.id], ['quote_review', 'quoted', 'staff', admin.id], ['quoted', 'order_received', 'provider', null],
    ]);
    const mails = await q.mails(order.id);
    expect(mails.map((m) => m.kind)).toEqual(['consultation_received', 'staff_brief', 'quote_sent', 'order_paid', 'staff_order']);

    // The queued mails read as the customer will get them: the request acknowledged, the quote's lines and total.
    const [received, , quoteMail] = await render(mails.slice(0, 3), order.id);
    expect(received).toMatchObject({ to: alice.email, subject: expect.stringContaining('consultation request') });
    expect(quoteMail!.to).toBe(alice.email);
    expect(quoteMail!.subject).toContain('Your quote');
    for (const text of ['Half-day shoot', 'Retouching, 20 images', formatMinor(45_000, 'us'), formatMinor(12_550, 'us'), formatMinor(US_TOTAL, 'us')]) expect(quoteMail!.text).toContain(text);
  });

  it('a revised quote is version 2, and a Toss confirm for the old amount or a tampered one is refused without calling Toss', async () => {
    const order = await q.consultation('kr', guest());
    await priced(order);
    const revised = { lines: [{ description: 'Studio day, food shoot', amount: 130_000 }, { description: 'Retouching, 20 images', amount: 50_000 }], validDays: 30, note: 'Revised: no props' };
    const answer = await priced(order, revised);
    expect(answer.quote).toMatchObject({ version: 2, amount: 180_000, lines: revised.lines, note: 'Revised: no props' });
    expect((await q.quotes(order.id)).map((x) => [x.version, x.amountMinor])).toEqual([[1, KR_TOTAL], [2, 180_000]]);
    expect(await q.row(order.id)).toMatchObject({ status: 'quoted', amountMinor: 180_000, quoteValidUntil: new Date(answer.quote.validUntil) });
    expect((await q.history(order.id)).map((h) => [h.from, h.to, h.actor])).toEqual([[null, 'quote_review', 'customer'], ['quote_review', 'quoted', 'staff'], ['quoted', 'quoted', 'staff']]);
    expect((await q.mails(order.id)).filter((m) => m.kind === 'quote_sent').map((m) => m.payload)).toEqual([
      { version: '1', from: 'quote_review', to: 'quoted' }, { version: '2', from: 'quoted', to: 'quoted' },
    ]);
    const adminView = (await q.adminOrder(order.id, admin.cookie)).json().quote;
    expect(adminView.versions.map((v: { version: number; amount: number }) => [v.version, v.amount])).toEqual([[2, 180_000], [1, KR_TOTAL]]);
    expect((await q.view(order, order.owner)).json().order.quote).toMatchObject({ version: 2, amount: 180_000, lines: revised.lines, note: 'Revised: no props', payable: true });

    const before = await q.picture(order.id);
    for (const amount of [KR_TOTAL, 180_001, 179_999, 0]) {
      const refused = await q.confirm({ orderId: order.orderId, paymentKey: paymentKey(), amount });
      expect([refused.statusCode, refused.json().code], `amount ${amount}`).toEqual([400, 'AMOUNT_MISMATCH']);
    }
    expect(tossConfirmsFor(order.orderId)).toEqual([]);
    await unchanged(order, before);

    await payByToss(order, 180_000);
    expect(tossConfirmsFor(order.orderId).map((c) => c.body.amount)).toEqual([180_000]);
    expect(await q.row(order.id)).toMatchObject({ status: 'order_received', amountMinor: 180_000 });
  });

  it('two staff pricing at once make versions 1 and 2, one history row and one mail each', async () => {
    const order = await q.consultation('kr', guest());
    const answers = await Promise.all([
      q.price(order.id, { lines: [{ description: 'Shoot', amount: 110_000 }] }, admin.cookie),
      q.price(order.id, { lines: [{ description: 'Shoot', amount: 120_000 }] }, admin.cookie),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(answers.map((a) => a.json().quote.version).sort()).toEqual([1, 2]);
    const quotes = await q.quotes(order.id);
    expect(quotes.map((x) => x.version)).toEqual([1, 2]);
    // The order carries the newest version's amount.
    expect((await q.row(order.id)).amountMinor).toBe(quotes[1]!.amountMinor);
    // One row per change. Compared as a set: on PostgreSQL the two rows are sometimes listed the
    // other way round, as their time is their transaction's start (see lifecycle.test.ts).
    expect((await q.history(order.id)).map((h) => `${h.from}>${h.to}`).sort()).toEqual(['null>quote_review', 'quote_review>quoted', 'quoted>quoted']);
    expect((await q.mails(order.id)).filter((m) => m.kind === 'quote_sent').map((m) => m.payload!.version).sort()).toEqual(['1', '2']);
  });

  it('a Stripe session started for version 1 does not pay version 2: the money goes back and the new version is paid', async () => {
    const order = await q.consultation('us', guest());
    await priced(order);
    const first = sessionIdOf((await q.start(order, 'stripe', order.owner)).json().redirectUrl);
    await priced(order, { lines: [{ description: 'Full-day shoot', amount: 60_000 }] });
    stripe.pay(first, 'paid');
    const refused = await q.confirm({ orderId: order.orderId, provider: 'stripe', checkoutSessionId: first });
    // Started for version 1: refused as such (before the amount is even compared), and given back.
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'QUOTE_REVISED']);
    const intent = stripe.sessions().find((x) => x.id === first)!.payment_intent!;
    expect(stripe.refunds().filter((c) => c.body.payment_intent === intent)).toHaveLength(1);
    expect(await q.row(order.id)).toMatchObject({ status: 'quoted', amountMinor: 60_000, paidAt: null });
    expect((await pay.attemptsOf(order.id)).map((a) => a.status)).toEqual(['refused']);

    const second = sessionIdOf((await q.start(order, 'stripe', order.owner)).json().redirectUrl);
    expect(stripe.sessions().find((x) => x.id === second)).toMatchObject({ amount_total: 60_000 });
    stripe.pay(second, 'paid');
    expect((await q.confirm({ orderId: order.orderId, provider: 'stripe', checkoutSessionId: second })).statusCode).toBe(200);
    expect(await q.row(order.id)).toMatchObject({ status: 'order_received', amountMinor: 60_000 });
    expect((await q.history(order.id)).map((h) => h.to)).toEqual(['quote_review', 'quoted', 'quoted', 'order_received']);
  });

  it('a payment started for version 1 does not pay version 2 of the same amount (issue 32, item 11): given back, and v2 stays payable', async () => {
    const order = await q.consultation('us', guest());
    await priced(order);
    const first = sessionIdOf((await q.start(order, 'stripe', order.owner)).json().redirectUrl);
    expect((await pay.attemptsOf(order.id))[0]).toMatchObject({ quoteVersion: 1 });
    // Staff send version 2 for the same sum (other lines, or only a new validity).
    await priced(order);
    stripe.pay(first, 'paid');
    const refused = await q.confirm({ orderId: order.orderId, provider: 'stripe', checkoutSessionId: first });
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'QUOTE_REVISED']);
    const intent = stripe.sessions().find((x) => x.id === first)!.payment_intent!;
    expect(stripe.refunds().filter((c) => c.body.payment_intent === intent)).toHaveLength(1);
    expect(await q.row(order.id)).toMatchObject({ status: 'quoted', paidAt: null });
    const second = sessionIdOf((await q.start(order, 'stripe', order.owner)).json().redirectUrl);
    expect((await pay.attemptsOf(order.id)).map((a) => [a.status, a.quoteVersion])).toEqual([['refused', 1], ['started', 2]]);
    stripe.pay(second, 'paid');
    expect((await q.confirm({ orderId: order.orderId, provider: 'stripe', checkoutSessionId: second })).statusCode).toBe(200);
    expect(await q.row(order.id)).toMatchObject({ status: 'order_received' });
  });

  it('a Stripe session for a quote expires with the quote when that is sooner than Stripe\'s 24 hours', async () => {
    const order = await q.consultation('us', guest());
    await priced(order);
    // Fourteen days left: Stripe's own expiry (no expires_at sent).
    await q.start(order, 'stripe', order.owner);
    // Three hours left: the session expires then.
    const soon = new Date(Math.floor(Date.now() / 1000) * 1000 + 3 * 60 * 60 * 1000);
    await db().update(orders).set({ quoteValidUntil: soon }).where(eq(orders.id, order.id));
    const started = await q.start(order, 'stripe', order.owner);
    expect(started.statusCode, started.body).toBe(200);
    const creates = stripe.sessionCreates().filter((c) => c.body.client_reference_id === order.orderId);
    expect(creates.map((c) => c.body.expires_at)).toEqual([undefined, String(soon.getTime() / 1000)]);
    expect(stripe.sessions().find((x) => x.id === sessionIdOf(started.json().redirectUrl))!.expires_at).toBe(soon.getTime() / 1000);
  });

  it('a Stripe payment made after the quote expired is given back and does not pay the order', async () => {
    const order = await q.consultation('us', guest());
    await priced(order);
    const session = sessionIdOf((await q.start(order, 'stripe', order.owner)).json().redirectUrl);
    // The customer pays at Stripe after the validity ran out (the expiry job has not run yet).
    await db().update(orders).set({ quoteValidUntil: new Date(Date.now() - 1000) }).where(eq(orders.id, order.id));
    stripe.pay(session, 'paid');
    const refused = await q.confirm({ orderId: order.orderId, provider: 'stripe', checkoutSessionId: session });
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'ORDER_NOT_PAYABLE']);
    const intent = stripe.sessions().find((x) => x.id === session)!.payment_intent!;
    expect(stripe.refunds().filter((c) => c.body.payment_intent === intent).map((c) => c.body.amount)).toEqual([String(US_TOTAL)]);
    expect(await q.row(order.id)).toMatchObject({ status: 'quoted', paidAt: null, paymentKey: null });
    expect((await q.history(order.id)).map((h) => h.to)).toEqual(['quote_review', 'quoted']);
    expect((await q.mails(order.id)).map((m) => m.kind)).not.toContain('order_paid');
    expect((await pay.attemptsOf(order.id)).map((a) => a.status)).toEqual(['refused']);
  });

  it('only the order\'s customer, its guest\'s browser and its private link may see, answer or pay a quote: anyone else gets 404', async () => {
    const owned = await q.consultation('kr', guest());
    const other = await q.consultation('kr', guest());
    const mine = await q.consultation('us', { cookie: alice.cookie });
    await Promise.all([priced(owned), priced(other), priced(mine)]);

    const outsiders: Array<[string, Consultation, Who]> = [
      ['another customer', owned, { cookie: bob.cookie }],
      ['a stranger guest', owned, { sessionId: newGuestId() }],
      ["another guest's private link", owned, { sessionId: newGuestId(), orderKey: LINKS.keyFor(other.orderId) }],
      ['a forged link', owned, { sessionId: newGuestId(), orderKey: 'A'.repeat(43) }],
      ["the other order's guest", owned, other.owner],
      ['another customer', mine, { cookie: bob.cookie }],
      ['a stranger guest', mine, { sessionId: newGuestId() }],
      ["another guest's private link", mine, { sessionId: newGuestId(), orderKey: LINKS.keyFor(other.orderId) }],
    ];
    const before = await Promise.all([q.picture(owned.id), q.picture(mine.id)]);
    const creates = stripe.sessionCreates().length;
    for (const [name, order, who] of outsiders) {
      const provider = order.country === 'kr' ? 'tosspayments' : 'stripe';
      const answers = await Promise.all([q.view(order, who), q.decline(order, 'Not for me', who), q.ask(order, 'Who are you?', who), q.start(order, provider, who)]);
      expect(answers.map((a) => a.statusCode), `${name} on ${order.country}`).toEqual([404, 404, 404, 404]);
      for (const a of answers) expect(a.json().code).toBe('NOT_FOUND');
    }
    // Saying nobody at all is asked who it is.
    const nobody = await Promise.all([q.view(owned, {}), q.decline(owned, 'x', {}), q.ask(owned, 'x', {}), q.start(owned, 'tosspayments', {})]);
    expect(nobody.map((a) => a.statusCode)).toEqual([400, 400, 400, 400]);
    expect(stripe.sessionCreates().length).toBe(creates);
    expect(tossConfirmsFor(owned.orderId)).toEqual([]);
    expect(await Promise.all([q.picture(owned.id), q.picture(mine.id)])).toEqual(before);

    // The owner's browser, the owner's account and the private link's holder (in any browser) may.
    const link: Who = { sessionId: newGuestId(), orderKey: LINKS.keyFor(owned.orderId) };
    for (const [order, who] of [[owned, owned.owner], [owned, link], [mine, mine.owner]] as const) {
      const seen = await q.view(order, who);
      expect(seen.statusCode, seen.body).toBe(200);
      expect(seen.json().order.quote).toMatchObject({ version: 1, payable: true });
      expect((await q.ask(order, 'Can we start a day earlier?', who)).statusCode).toBe(201);
      const started = await q.start(order, order.country === 'kr' ? 'tosspayments' : 'stripe', who);
      expect(started.statusCode, started.body).toBe(200);
    }
    expect((await q.messages(owned.id)).map((m) => [m.kind, m.context, m.authorSide])).toEqual([['text', 'quote_question', 'customer'], ['text', 'quote_question', 'customer']]);

    // Declining: the owner's guest as the customer, the link's holder as itself.
    const viaLink = await q.consultation('kr', guest());
    await priced(viaLink);
    const declined = await q.decline(viaLink, 'We found another studio', { sessionId: newGuestId(), orderKey: LINKS.keyFor(viaLink.orderId) });
    expect(declined.statusCode, declined.body).toBe(200);
    expect((await q.history(viaLink.id)).at(-1)).toMatchObject({ from: 'quoted', to: 'cancelled', actor: 'linkHolder', actorUserId: null });
    const byOwner = await q.consultation('kr', guest());
    await priced(byOwner);
    expect((await q.decline(byOwner, 'Too expensive', byOwner.owner)).statusCode).toBe(200);
    expect((await q.history(byOwner.id)).at(-1)).toMatchObject({ from: 'quoted', to: 'cancelled', actor: 'customer', actorUserId: null });
  });

  it('only staff price a quote, and bad quotes or orders that are not open for one get 4xx and store nothing', async () => {
    const order = await q.consultation('kr', guest());
    const refuse = async (target: { id: string }, body: unknown, cookie: string | undefined, status: number, code: string) => {
      const before = await q.picture(target.id);
      const response = await q.price(target.id, body, cookie);
      expect([response.statusCode, response.json().code], JSON.stringify(body).slice(0, 120)).toEqual([status, code]);
      await unchanged(target, before);
    };
    await refuse(order, KR_QUOTE, undefined, 401, 'UNAUTHENTICATED');
    await refuse(order, KR_QUOTE, alice.cookie, 403, 'FORBIDDEN');
    // Anonymous and customers are turned away before the body is read.
    await refuse(order, { lines: [] }, undefined, 401, 'UNAUTHENTICATED');
    await refuse(order, { lines: [] }, alice.cookie, 403, 'FORBIDDEN');

    const line = (amount: unknown, description: unknown = 'Studio day') => ({ description, amount });
    const bad: Array<[string, unknown, string?]> = [
      ['no lines', { lines: [] }],
      ['no lines field', { validDays: 14 }],
      ['21 lines', { lines: Array.from({ length: 21 }, () => line(1000)) }],
      ['amount 0', { lines: [line(0)] }],
      ['a negative amount', { lines: [line(-1000)] }],
      ['a fraction', { lines: [line(1000.5)] }],
      ['a string amount', { lines: [line('1000')] }],
      ['a null amount', { lines: [line(null)] }],
      ['a total over the maximum', { lines: [line(1_000_000_000), line(600_000_000)] }],
      ['validDays 0', { lines: [line(1000)], validDays: 0 }],
      ['validDays 91', { lines: [line(1000)], validDays: 91 }],
      ['validDays as text', { lines: [line(1000)], validDays: '14' }],
      ['an empty description', { lines: [line(1000, '')] }],
      ['a description too long', { lines: [line(1000, 'x'.repeat(201))] }],
      ['a note too long', { lines: [line(1000)], note: 'x'.repeat(2001) }],
      ['not an object', [line(1000)], 'INVALID_JSON'],
    ];
    for (const [name, body, code = 'VALIDATION_FAILED'] of bad) {
      const before = await q.picture(order.id);
      const response = await q.price(order.id, body, admin.cookie);
      expect([response.statusCode, response.json().code], name).toEqual([400, code]);
      await unchanged(order, before);
    }

    // Not a consultation: a template order waiting for its payment.
    const plain = await pay.order('kr');
    await refuse(plain, KR_QUOTE, admin.cookie, 409, 'NOT_A_CONSULTATION');
    // A consultation no longer open for a quote: paid, or cancelled after it was paid.
    const received = await q.consultation('kr', guest());
    const cancelled = await q.consultation('kr', guest());
    await db().update(orders).set({ status: 'order_received', paidAt: new Date() }).where(eq(orders.id, received.id));
    await db().update(orders).set({ status: 'cancelled', paidAt: new Date() }).where(eq(orders.id, cancelled.id));
    await refuse(received, KR_QUOTE, admin.cookie, 409, 'QUOTE_NOT_OPEN');
    await refuse(cancelled, KR_QUOTE, admin.cookie, 409, 'QUOTE_NOT_OPEN');
    // No such order.
    const missing = await q.price('00000000-0000-4000-8000-000000000000', KR_QUOTE, admin.cookie);
    expect([missing.statusCode, missing.json().code]).toEqual([404, 'NOT_FOUND']);
    // Staff may set any status but `quoted`, which only a sent quote makes.
    const before = await q.picture(order.id);
    const setQuoted = await staff.call('PATCH', `/api/orders/${order.id}/status`, { status: 'quoted' }, { cookie: admin.cookie });
    expect([setQuoted.statusCode, setQuoted.json().code]).toEqual([409, 'TRANSITION_NOT_ALLOWED']);
    await unchanged(order, before);

    // The refusals left the order as it was: a good quote still goes through, as version 1.
    const from = quoteValidUntil(90).toISOString();
    const sent = await priced(order, { lines: [line(20), line(1_499_999_980)], validDays: 90 });
    expect(sent.quote).toMatchObject({ version: 1, amount: 1_500_000_000 });
    expect([from, quoteValidUntil(90).toISOString()]).toContain(sent.quote.validUntil);
  });

  it('an expired quote is refused (QUOTE_EXPIRED) before any provider; the job sends it back to quote_review and staff send it again', async () => {
    // Sent three days ago for one day (through the service, with its clock) ...
    const kr = await q.consultation('kr', guest());
    const sentAt = new Date(Date.now() - 3 * 24 * 3600_000);
    const quote = await sendQuote(db(), staffActorOf(admin.id, admin.email), kr.id, { lines: KR_QUOTE.lines, validDays: 1 }, sentAt);
    expect(quote.validUntil.toISOString()).toBe(quoteValidUntil(1, sentAt).toISOString());
    expect(quote.validUntil.getTime()).toBeLessThan(Date.now());
    // ... and one whose validity ran out a minute ago.
    const us = await q.consultation('us', guest());
    await priced(us);
    await db().update(orders).set({ quoteValidUntil: new Date(Date.now() - 60_000) }).where(eq(orders.id, us.id));

    expect((await q.view(kr, kr.owner)).json().order).toMatchObject({ status: 'quoted', payable: false, quote: { version: 1, amount: KR_TOTAL, payable: false, expired: true } });
    const creates = stripe.sessionCreates().length;
    const before = await Promise.all([q.picture(kr.id), q.picture(us.id)]);
    for (const response of [
      await q.start(kr, 'tosspayments', kr.owner),
      await q.confirm({ orderId: kr.orderId, paymentKey: paymentKey(), amount: KR_TOTAL }),
      await q.start(us, 'stripe', us.owner),
    ]) {
      expect([response.statusCode, response.json().code]).toEqual([409, 'QUOTE_EXPIRED']);
    }
    expect(tossConfirmsFor(kr.orderId)).toEqual([]);
    expect(stripe.sessionCreates().length).toBe(creates);
    expect(await db().select().from(paymentAttempts).where(eq(paymentAttempts.orderId, us.id))).toEqual([]);
    expect(await Promise.all([q.picture(kr.id), q.picture(us.id)])).toEqual(before);

    // The job's edge: due at its validity's very second, not a millisecond before.
    const edge = await q.consultation('kr', guest());
    await priced(edge);
    const end = new Date('2020-01-01T14:59:59Z');
    await db().update(orders).set({ quoteValidUntil: end }).where(eq(orders.id, edge.id));
    expect(await expireQuotes(db(), new Date(end.getTime() - 1))).toBe(0);
    expect((await q.row(edge.id)).status).toBe('quoted');
    expect(await expireQuotes(db(), end)).toBe(1);
    expect((await q.row(edge.id)).status).toBe('quote_review');

    // Every quote due now goes back (these two, and any other test's quote left expired in this database).
    const now = new Date();
    const due = (await db().select({ id: orders.id }).from(orders).where(and(eq(orders.status, 'quoted'), lte(orders.quoteValidUntil, now)))).map((r) => r.id);
    expect(due).toEqual(expect.arrayContaining([kr.id, us.id]));
    expect(await expireQuotes(db(), now)).toBe(due.length);
    expect(await expireQuotes(db(), now)).toBe(0);
    for (const order of [kr, us]) {
      expect((await q.row(order.id)).status).toBe('quote_review');
      const history = await q.history(order.id);
      expect(history.at(-1)).toEqual({ from: 'quoted', to: 'quote_review', actor: 'system', actorUserId: null, note: 'quote expired unpaid' });
      expect(history.filter((h) => h.to === 'quote_review')).toHaveLength(2);
      const mails = await q.mails(order.id);
      expect(mails.at(-1)).toMatchObject({ kind: 'staff_quote', payload: { event: 'expired', from: 'quoted', to: 'quote_review' } });
      expect(mails.filter((m) => m.kind === 'staff_quote')).toHaveLength(1);
    }
    const [expiredMail] = await render((await q.mails(kr.id)).slice(-1), kr.id);
    expect(expiredMail!.to).toBe('staff@example.com');
    expect(expiredMail!.text).toContain(kr.orderId);

    const waiting = (await q.view(kr, kr.owner)).json().order;
    expect(waiting).toMatchObject({ status: 'quote_review', payable: false, quote: { version: 1, payable: false, expired: true } });
    const notPayable = await q.start(kr, 'tosspayments', kr.owner);
    expect([notPayable.statusCode, notPayable.json().code]).toEqual([409, 'ORDER_NOT_PAYABLE']);
    expect((await q.adminOrder(kr.id, admin.cookie)).json().quote).toMatchObject({ editable: true, versions: [{ version: 1 }] });

    // Staff send it again: version 2, payable, paid.
    const again = await priced(kr, { ...KR_QUOTE, validDays: 7 });
    expect(again.quote).toMatchObject({ version: 2, amount: KR_TOTAL });
    expect((await q.view(kr, kr.owner)).json().order).toMatchObject({ status: 'quoted', payable: true, quote: { version: 2, payable: true, expired: false } });
    await payByToss(kr, KR_TOTAL);
    expect((await q.history(kr.id)).map((h) => [h.from, h.to, h.actor])).toEqual([
      [null, 'quote_review', 'customer'], ['quote_review', 'quoted', 'staff'], ['quoted', 'quote_review', 'system'], ['quote_review', 'quoted', 'staff'], ['quoted', 'order_received', 'provider'],
    ]);
  });

  it('declining cancels the order with the reason kept and staff told; the customer can do nothing more with the quote, staff can price it again', async () => {
    // Nothing to decline or ask about before a quote is sent, nor without a reason.
    const unpriced = await q.consultation('kr', guest());
    let before = await q.picture(unpriced.id);
    for (const response of [await q.decline(unpriced, 'No', unpriced.owner), await q.ask(unpriced, 'How much?', unpriced.owner)]) {
      expect([response.statusCode, response.json().code]).toEqual([409, 'QUOTE_NOT_OPEN']);
    }
    await unchanged(unpriced, before);

    const order = await q.consultation('kr', { cookie: alice.cookie });
    await priced(order);
    before = await q.picture(order.id);
    for (const reason of ['', '   ', 'x'.repeat(2001), 42]) {
      expect((await q.decline(order, reason, order.owner)).statusCode, JSON.stringify(reason).slice(0, 20)).toBe(400);
    }
    await unchanged(order, before);

    const reason = 'Too expensive for us this month';
    const declined = await q.decline(order, reason, order.owner);
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json()).toMatchObject({ success: true, status: 'cancelled' });
    expect(await q.row(order.id)).toMatchObject({ status: 'cancelled', paidAt: null });
    expect((await q.messages(order.id)).map((m) => [m.context, m.body, m.authorUserId, m.authorActor])).toEqual([['quote_decline', reason, alice.id, 'customer']]);
    // The order's own entries say what happened, without the reason staff's history note carries.
    expect(await q.entries(order.id)).toEqual([['quote_sent', 'staff', { from: 'quote_review', to: 'quoted', version: 1 }], ['quote_declined', 'customer', { from: 'quoted', to: 'cancelled' }]]);
    expect((await q.history(order.id)).at(-1)).toEqual({ from: 'quoted', to: 'cancelled', actor: 'customer', actorUserId: alice.id, note: expect.stringContaining(reason) });
    const mails = await q.mails(order.id);
    // The customer is told the order is cancelled; staff are told why.
    expect(mails.map((m) => m.kind)).toEqual(['consultation_received', 'staff_brief', 'quote_sent', 'order_status', 'staff_quote']);
    expect(mails.at(-1)!.payload).toEqual({ event: 'declined', text: reason, from: 'quoted', to: 'cancelled' });
    const [staffMail] = await render(mails.slice(-1), order.id);
    expect(staffMail!.to).toBe('staff@example.com');
    expect(staffMail!.text).toContain(reason);
    // Staff may price it again (a mistaken decline is not final, issue 32 item 11).
    expect((await q.adminOrder(order.id, admin.cookie)).json().quote).toMatchObject({ editable: true, messages: [{ kind: 'decline', body: reason }] });
    expect((await q.view(order, order.owner)).json().order).toMatchObject({ status: 'cancelled', payable: false, quote: { payable: false, expired: false }, questions: [] });

    before = await q.picture(order.id);
    const after = [
      await q.decline(order, reason, order.owner),
      await q.ask(order, 'Can we talk again?', order.owner),
      await q.start(order, 'tosspayments', order.owner),
      await q.confirm({ orderId: order.orderId, paymentKey: paymentKey(), amount: KR_TOTAL }),
    ];
    expect(after.map((r) => [r.statusCode, r.json().code])).toEqual([[409, 'QUOTE_NOT_OPEN'], [409, 'QUOTE_NOT_OPEN'], [409, 'ORDER_NOT_PAYABLE'], [409, 'ORDER_NOT_PAYABLE']]);
    expect(tossConfirmsFor(order.orderId)).toEqual([]);
    await unchanged(order, before);

    // Staff price it again: version 2, the order quoted and payable, the customer mailed the quote.
    const reopened = await q.price(order.id, KR_QUOTE, admin.cookie);
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(await q.row(order.id)).toMatchObject({ status: 'quoted', paidAt: null });
    expect((await q.history(order.id)).at(-1)).toMatchObject({ from: 'cancelled', to: 'quoted', actor: 'staff', actorUserId: admin.id });
    expect((await q.mails(order.id)).map((m) => m.kind).at(-1)).toBe('quote_sent');
    expect((await q.view(order, order.owner)).json().order).toMatchObject({ status: 'quoted', payable: true });
  });

  it('a question keeps the quote open, is kept with the order and mails staff', async () => {
    const order = await q.consultation('kr', guest());
    await priced(order);
    const before = await q.picture(order.id);
    for (const message of ['', 'x'.repeat(2001), null]) expect((await q.ask(order, message, order.owner)).statusCode).toBe(400);
    await unchanged(order, before);

    const message = 'Does the price include the props?';
    const asked = await q.ask(order, message, order.owner);
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json()).toMatchObject({ success: true, question: { body: message, at: expect.any(String) } });
    const row = await q.row(order.id);
    expect(row).toMatchObject({ status: 'quoted', amountMinor: KR_TOTAL });
    expect(row.updatedAt).toEqual(before.row.updatedAt);
    expect(await q.history(order.id)).toHaveLength(2);
    expect((await q.messages(order.id)).map((m) => [m.context, m.body, m.authorUserId])).toEqual([['quote_question', message, null]]);
    const mails = await q.mails(order.id);
    expect(mails.at(-1)).toMatchObject({ kind: 'staff_quote', payload: { event: 'question', text: message } });
    const [staffMail] = await render(mails.slice(-1), order.id);
    expect(staffMail!.text).toContain(message);

    const view = (await q.view(order, order.owner)).json().order;
    expect(view).toMatchObject({ status: 'quoted', payable: true, quote: { payable: true }, questions: [{ body: message, at: asked.json().question.at }] });
    expect((await q.adminOrder(order.id, admin.cookie)).json().quote.messages).toEqual([{ kind: 'question', body: message, at: expect.any(String) }]);
    // Still payable after the question.
    await payByToss(order, KR_TOTAL);
  });

  it('the overview counts open quotes (count and value per currency); a paid quote counts in today\'s takings and revenue like any order', async () => {
    const money = (list: Array<{ currency: string; amount: number; orders: number }>, currency: string) => list.find((x) => x.currency === currency) ?? { currency, amount: 0, orders: 0 };
    const start = await q.overview(admin.cookie);
    const [a, b, c] = [await q.consultation('kr', guest()), await q.consultation('kr', guest()), await q.consultation('us', guest())];
    const unpriced = await q.consultation('kr', guest());
    await priced(a, { lines: [{ description: 'Shoot', amount: 100_000 }] });
    await priced(b, { lines: [{ description: 'Shoot', amount: 250_000 }] });
    await priced(c);

    const open = await q.overview(admin.cookie);
    expect(money(open.openQuotes, 'KRW')).toEqual({ currency: 'KRW', amount: money(start.openQuotes, 'KRW').amount + 350_000, orders: money(start.openQuotes, 'KRW').orders + 2 });
    expect(money(open.openQuotes, 'USD')).toEqual({ currency: 'USD', amount: money(start.openQuotes, 'USD').amount + US_TOTAL, orders: money(start.openQuotes, 'USD').orders + 1 });
    expect(open.orders.quoted).toBe(start.orders.quoted + 3);
    expect(open.orders.quoteReview).toBe(start.orders.quoteReview + 1);
    expect(open.recentOrders.map((o: { orderId: string }) => o.orderId)).toContain(unpriced.orderId);
    // Quotes not paid are no takings.
    expect(open.today).toEqual(start.today);
    expect(open.revenue).toEqual(start.revenue);

    await payByToss(a, 100_000);
    // Toss's test keys take no real money: left out of the takings until paid with live keys, as here (D29 amended).
    expect((await q.overview(admin.cookie)).today).toEqual(open.today);
    await q.db().update(orders).set({ testPayment: false }).where(eq(orders.id, a.id));
    const paid = await q.overview(admin.cookie);
    expect(money(paid.openQuotes, 'KRW')).toEqual({ currency: 'KRW', amount: money(open.openQuotes, 'KRW').amount - 100_000, orders: money(open.openQuotes, 'KRW').orders - 1 });
    expect(money(paid.today, 'KRW')).toEqual({ currency: 'KRW', amount: money(open.today, 'KRW').amount + 100_000, orders: money(open.today, 'KRW').orders + 1 });
    const today = paid.daily.filter((d: { country: string; currency: string }) => d.country === 'kr' && d.currency === 'KRW').at(-1);
    const todayBefore = open.daily.find((d: { day: string; country: string }) => d.day === today.day && d.country === 'kr') ?? { amount: 0, orders: 0 };
    expect([today.amount - todayBefore.amount, today.orders - todayBefore.orders]).toEqual([100_000, 1]);

    // Revenue counts completed orders: the quote's amount, as any order's.
    const completed = await staff.call('PATCH', `/api/orders/${a.id}/status`, { status: 'completed' }, { cookie: admin.cookie });
    expect(completed.statusCode, completed.body).toBe(200);
    const done = await q.overview(admin.cookie);
    expect(money(done.revenue, 'KRW')).toEqual({ currency: 'KRW', amount: money(paid.revenue, 'KRW').amount + 100_000, orders: money(paid.revenue, 'KRW').orders + 1 });
    expect((await q.history(a.id)).at(-1)).toMatchObject({ from: 'order_received', to: 'completed', actor: 'staff', actorUserId: admin.id });
  });
});
