/**
 * Korea's evidence of a payment (issue 34) against a fake Toss API on loopback: a 현금영수증 for a
 * transfer issued through Toss's cash receipt API (issued, refused, Toss down and asked again under
 * the same key), none for a card payment (its card slip is its evidence), and a 세금계산서 request
 * that staff record, refused for a card payment and after the 10th of the next month.
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cashReceiptCancels, evidenceRequests, orders } from '../../src/server/db/schema.ts';
import { queueCashReceiptCancels, retryCashReceipts, sendCashReceiptCancels } from '../../src/server/features/papers/korean-evidence.service.ts';
import { createTossProvider } from '../../src/server/features/payments/providers/toss.ts';
import { BACKENDS, useTestServer } from './harness.ts';
import { paymentsShop } from './support/payments.ts';
import { staffApi } from './support/staff.ts';
import { FAKE_TOSS_CLIENT, FAKE_TOSS_SECRET, startFakeToss } from './support/toss.ts';

describe.each(BACKENDS)("Korea's evidence on %s", (backend) => {
  let toss: Awaited<ReturnType<typeof startFakeToss>>;
  beforeAll(async () => { toss = await startFakeToss(); });
  afterAll(async () => toss.stop());
  const server = useTestServer(backend, () => ({ TOSS_CLIENT_KEY: FAKE_TOSS_CLIENT, TOSS_SECRET_KEY: FAKE_TOSS_SECRET, TOSS_API_BASE: toss.url, TOSS_TIMEOUT_MS: '2000' }));
  const s = paymentsShop(server);
  const staff = staffApi(server);
  const evidenceOf = async (orderUuid: string) => s.db().select().from(evidenceRequests).where(eq(evidenceRequests.orderId, orderUuid));

  /** A Korean guest order paid through the fake Toss: by bank transfer, or by card. */
  async function paid(how: 'transfer' | 'card') {
    const order = await s.order('kr', { serviceId: 1, quantity: 3 });
    const paymentKey = `${how === 'transfer' ? 'transfer' : 'ok'}_${randomBytes(8).toString('hex')}`;
    expect((await s.confirm({ orderId: order.orderId, amount: order.amount, paymentKey })).statusCode).toBe(200);
    const ask = (kind: 'cash-receipt' | 'tax-invoice', body: Record<string, unknown>) =>
      s.api.call('POST', `/api/orders/${order.orderId}/${kind}`, { sessionId: order.guest, ...body }, { 'accept-language': 'en' });
    const evidence = async () => (await s.api.call('GET', `/api/orders/${order.orderId}?sessionId=${order.guest}`)).json().order.evidence;
    return { ...order, ask, evidence };
  }

  const invoiceRequest = { businessNumber: '124-81-00998', company: '주식회사 맛있는 빵집', representative: '김하늘', email: 'tax@bakery.example' };

  it('issues a cash receipt for a transfer through Toss, under an idempotency key, and shows its number', async () => {
    const order = await paid('transfer');
    expect(await order.evidence()).toMatchObject({ cardSlipUrl: null, cashReceipt: null, taxInvoice: null, cashReceiptRefusal: null, taxInvoiceRefusal: null });
    const answer = await order.ask('cash-receipt', { purpose: 'income_deduction', identity: '010-1234-5678' });
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json().cashReceipt).toMatchObject({ status: 'issued', purpose: 'income_deduction', identity: '010-****-5678', number: expect.stringMatching(/^\d{9}$/) });
    const [sent] = toss.cashReceipts().filter((c) => c.body.orderId === order.orderId);
    expect(sent!.body).toEqual({ amount: order.amount, orderId: order.orderId, orderName: expect.any(String), customerIdentityNumber: '01012345678', type: '소득공제' });
    expect(sent!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    const shown = await order.evidence();
    expect(shown.cashReceipt).toMatchObject({ status: 'issued', number: answer.json().cashReceipt.number, receiptUrl: expect.stringContaining('cash-receipt') });
    // One piece of evidence per payment: no second receipt, no tax invoice beside it.
    expect(shown).toMatchObject({ cashReceiptRefusal: 'already', taxInvoiceRefusal: 'already' });
    const again = await order.ask('tax-invoice', invoiceRequest);
    expect([again.statusCode, again.json().code]).toEqual([409, 'EVIDENCE_ALREADY_ASKED']);
    expect(await evidenceOf(order.id)).toHaveLength(1);
  });

  it('issues a business\'s expense proof to its business number, checked by its check digit first', async () => {
    const order = await paid('transfer');
    const wrong = await order.ask('cash-receipt', { purpose: 'expense_proof', identity: '124-81-00999' });
    expect([wrong.statusCode, Object.keys(wrong.json().fields)]).toEqual([400, ['identity']]);
    expect(toss.cashReceipts().filter((c) => c.body.orderId === order.orderId)).toHaveLength(0);
    const answer = await order.ask('cash-receipt', { purpose: 'expense_proof', identity: '1248100998' });
    expect(answer.json().cashReceipt).toMatchObject({ status: 'issued', purpose: 'expense_proof', identity: '124-81-00998' });
    expect(toss.cashReceipts().find((c) => c.body.orderId === order.orderId)!.body).toMatchObject({ type: '지출증빙', customerIdentityNumber: '1248100998' });
  });

  it('says why Toss refused a cash receipt, keeps the refusal, and takes the request again', async () => {
    const order = await paid('transfer');
    const refused = await order.ask('cash-receipt', { purpose: 'income_deduction', identity: '010-1234-0000' });
    expect([refused.statusCode, refused.json().code]).toEqual([422, 'CASH_RECEIPT_REFUSED']);
    expect(refused.json().message).toContain('현금영수증 발급 정보가 올바르지 않습니다.');
    expect((await order.evidence()).cashReceipt).toMatchObject({ status: 'refused', failure: '현금영수증 발급 정보가 올바르지 않습니다.' });
    const issued = await order.ask('cash-receipt', { purpose: 'income_deduction', identity: '010-1234-5678' });
    expect(issued.statusCode).toBe(201);
    expect((await evidenceOf(order.id)).map((e) => e.status).sort()).toEqual(['issued', 'refused']);
  });

  it('keeps a cash receipt Toss did not answer as asked, and asks again under the same key until Toss answers', async () => {
    const order = await paid('transfer');
    toss.cashReceiptsDown(2);
    const answer = await order.ask('cash-receipt', { purpose: 'income_deduction', identity: '010-2222-3333' });
    expect([answer.statusCode, answer.json().cashReceipt.status]).toEqual([202, 'requested']);
    // Unknown is not refused: nothing more may be asked meanwhile, and the buyer sees it waiting.
    expect((await order.evidence())).toMatchObject({ cashReceipt: { status: 'requested' }, cashReceiptRefusal: 'already' });
    // The job's pass, with the store's own Toss integration.
    const tossProvider = createTossProvider({ apiBase: toss.url, clientKey: FAKE_TOSS_CLIENT, secretKey: FAKE_TOSS_SECRET, timeoutMs: 2000 });
    const retry = () => retryCashReceipts(s.db(), (name) => (name === 'toss' ? tossProvider : undefined), () => {});
    await s.db().update(evidenceRequests).set({ requestedAt: sql`now() - interval '5 minutes'` }).where(eq(evidenceRequests.orderId, order.id));
    expect(await retry()).toBe(0);
    expect(await retry()).toBe(1);
    const sent = toss.cashReceipts().filter((c) => c.body.orderId === order.orderId);
    expect(sent).toHaveLength(3);
    expect(new Set(sent.map((c) => c.idempotencyKey)).size).toBe(1);
    expect((await order.evidence()).cashReceipt).toMatchObject({ status: 'issued', number: expect.stringMatching(/^\d{9}$/) });
    expect((await evidenceOf(order.id))[0]!.attempts).toBe(3);
  });

  it('cancels an issued cash receipt\'s part when the payment is refunded, at Toss under its own key, once', async () => {
    const order = await paid('transfer');
    const issued = await order.ask('cash-receipt', { purpose: 'income_deduction', identity: '010-4444-5555' });
    expect(issued.json().cashReceipt).toMatchObject({ status: 'issued', amount: order.amount, cancelled: 0 });
    // Cancelled by its buyer within the window: refunded in full through Toss.
    expect([200, 202]).toContain((await s.api.call('POST', `/api/orders/${order.orderId}/cancel`, { sessionId: order.guest })).statusCode);
    const tossProvider = createTossProvider({ apiBase: toss.url, clientKey: FAKE_TOSS_CLIENT, secretKey: FAKE_TOSS_SECRET, timeoutMs: 2000 });
    const providerOf = (name: string | null) => (name === 'toss' ? tossProvider : undefined);
    for (let pass = 0; pass < 2; pass++) {
      await queueCashReceiptCancels(s.db());
      await sendCashReceiptCancels(s.db(), providerOf, () => {});
    }
    const [receipt] = await evidenceOf(order.id);
    const sent = toss.cashReceiptCancels().filter((c) => c.path === `/v1/cash-receipts/${receipt!.reference}/cancel`);
    expect(sent.map((c) => c.body)).toEqual([{ amount: order.amount }]);
    expect(sent[0]!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    const [cancel] = await s.db().select().from(cashReceiptCancels).where(eq(cashReceiptCancels.evidenceId, receipt!.id));
    expect(cancel).toMatchObject({ status: 'done', amountMinor: order.amount, attempts: 1 });
    expect((await order.evidence()).cashReceipt).toMatchObject({ status: 'issued', cancelled: order.amount });
  });

  it('gives a card payment its card slip and refuses it a cash receipt or a tax invoice, storing nothing', async () => {
    const order = await paid('card');
    const shown = await order.evidence();
    expect(shown).toMatchObject({ cardSlipUrl: expect.stringContaining('dashboard.tosspayments.com/receipt'), cashReceiptRefusal: 'cardPayment', taxInvoiceRefusal: 'cardPayment' });
    for (const [kind, body] of [['cash-receipt', { purpose: 'income_deduction', identity: '010-1234-5678' }], ['tax-invoice', invoiceRequest]] as const) {
      const refused = await order.ask(kind, body);
      expect([refused.statusCode, refused.json().code]).toEqual([409, 'EVIDENCE_NOT_ALLOWED']);
      expect(refused.json().message).toBe("A card payment's evidence is its card slip: cash receipts and tax invoices are for payments in cash.");
    }
    expect(await evidenceOf(order.id)).toEqual([]);
  });

  it('takes a tax invoice request until the 10th of the next month, and staff record its approval number', async () => {
    const order = await paid('transfer');
    const bad = await order.ask('tax-invoice', { ...invoiceRequest, businessNumber: '124-81-00999' });
    expect([bad.statusCode, Object.keys(bad.json().fields)]).toEqual([400, ['businessNumber']]);
    const asked = await order.ask('tax-invoice', invoiceRequest);
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json().taxInvoice).toMatchObject({ status: 'requested', businessNumber: '124-81-00998', company: '주식회사 맛있는 빵집', number: null });

    const { cookie } = await staff.admin();
    const queue = (await staff.call('GET', '/api/admin/tax-invoices', undefined, { cookie })).json().requests;
    const queued = queue.find((r: { orderNumber: string }) => r.orderNumber === order.orderId);
    expect(queued).toMatchObject({ businessNumber: '124-81-00998', representative: '김하늘', email: 'tax@bakery.example', amount: order.amount, deadline: expect.any(String) });
    expect((await staff.call('PUT', `/api/admin/tax-invoices/${queued.id}`, { approvalNumber: 'not-a-number' }, { cookie })).statusCode).toBe(400);
    const recorded = await staff.call('PUT', `/api/admin/tax-invoices/${queued.id}`, { approvalNumber: '2026112810000000a1b2c3d4' }, { cookie });
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect(recorded.json().taxInvoice).toMatchObject({ status: 'issued', number: '20261128-10000000-A1B2C3D4' });
    expect((await staff.call('PUT', `/api/admin/tax-invoices/${queued.id}`, { approvalNumber: '20261128-10000000-A1B2C3D5' }, { cookie })).statusCode).toBe(409);
    expect((await order.evidence()).taxInvoice).toMatchObject({ status: 'issued', number: '20261128-10000000-A1B2C3D4' });
    expect((await staff.call('GET', '/api/admin/tax-invoices', undefined, { cookie })).json().requests.map((r: { id: string }) => r.id)).not.toContain(queued.id);

    // Paid in September: the 10th of October has passed.
    const late = await paid('transfer');
    await s.db().update(orders).set({ paidAt: new Date('2026-09-15T03:00:00Z') }).where(eq(orders.id, late.id));
    expect((await late.evidence()).taxInvoiceRefusal).toBe('pastDeadline');
    const refused = await late.ask('tax-invoice', invoiceRequest);
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'EVIDENCE_NOT_ALLOWED']);
    expect(refused.json().message).toContain('until the 10th of the month after the payment');
    expect(await evidenceOf(late.id)).toEqual([]);
  });
});
