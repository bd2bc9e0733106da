/**
 * A card refund through Toss in the browser (issue 9, D21): a second store whose payments go to a
 * fake Toss API on loopback (answering as Toss's API reference says). The customer returns from
 * Toss to the success page, which confirms the payment; staff cancel it with the full refund the
 * policy allows, and Toss sees the cancel with its amount, reason and idempotency key.
 */
import { E2E_ADMIN, E2E_SMTP_PORT, E2E_TOSS_STORE_PORT, workerPort } from '../../playwright.config.ts';
import { startBuiltServer } from '../../scripts/bench/serve.ts';
import { FAKE_TOSS_CLIENT, FAKE_TOSS_SECRET, startFakeToss } from '../integration/support/toss.ts';
import { expect, hydrated, test } from './fixtures.ts';
import { mailTo } from './mail-catcher.ts';

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

test('staff refund a Toss card payment; the Toss API sees the cancel and the customer sees the order cancelled', async ({ browser }) => {
  test.slow();
  const toss = await startFakeToss();
  const port = workerPort(E2E_TOSS_STORE_PORT);
  const store = await startBuiltServer(port, {
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    TOSS_CLIENT_KEY: FAKE_TOSS_CLIENT, TOSS_SECRET_KEY: FAKE_TOSS_SECRET, TOSS_API_BASE: toss.url,
    SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
    ADMIN_EMAIL: E2E_ADMIN.email, ADMIN_PASSWORD: E2E_ADMIN.password,
    SESSION_SECRET: 'e2e-toss-session-secret-0123456789abcdef', LOG_LEVEL: 'error',
  });
  try {
    const customer = await (await browser.newContext({ baseURL: store.origin })).newPage();
    const email = `toss.${unique()}@example.com`;
    await customer.request.post('/api/auth/register', { data: { email, username: `toss${unique()}`, password: 'lumi-buyer-7', firstName: '도윤', lastName: '한', phone: '010-1212-3434' } });
    const order = await (await customer.request.post('/api/orders', { data: { customerName: '한도윤', customerEmail: email, customerPhone: '010-1212-3434', serviceId: 1, quantity: 3, country: 'kr' }, headers: { 'x-store-country': 'kr', 'accept-language': 'ko' } })).json();
    // Toss's payment window sends the payer back here; the page confirms with Toss from the server.
    const paymentKey = `tgen_${unique()}`;
    await customer.goto(`/kr/payment/success?paymentType=NORMAL&orderId=${order.orderId}&paymentKey=${paymentKey}&amount=${order.amount}`);
    await expect(customer.getByRole('heading', { level: 1 })).toHaveText('결제 완료');
    expect(toss.confirms().map((call) => call.body)).toEqual([{ paymentKey, orderId: order.orderId, amount: 30_000 }]);
    await hydrated(customer);
    await expect(customer.locator('[data-brief-next]')).toBeVisible();

    const staff = await (await browser.newContext({ baseURL: store.origin })).newPage();
    await staff.request.post('/api/auth/login', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } });
    await staff.goto(`/kr/admin?tab=orders&order=${order.id}`);
    await hydrated(staff);
    const detail = staff.locator('[data-order-detail]');
    await expect(detail).toContainText('토스페이먼츠');
    const cancel = detail.locator('[data-staff-cancel]');
    // Before work and within 3 days of payment: all of it (D21).
    await expect(cancel).toContainText('최대 100% (₩30,000)');
    await cancel.getByLabel('취소 사유').fill('고객 요청 (채팅)');
    await cancel.getByRole('button', { name: '₩30,000 환불하고 취소' }).click();
    await expect(staff.getByText('환불하고 주문을 취소했습니다').first()).toBeVisible();
    await expect(detail.locator('select[data-status-select]')).toHaveValue('cancelled');

    expect(toss.cancels()).toEqual([{
      method: 'POST', path: `/v1/payments/${paymentKey}/cancel`, idempotencyKey: `refund:${order.id}:1`,
      body: { cancelReason: '고객 요청 (채팅)', cancelAmount: 30_000 },
    }]);
    await customer.goto('/kr/profile');
    await expect(customer.locator(`[data-order="${order.orderId}"] [data-status]`)).toHaveText('취소됨');
    expect((await mailTo(email, '[스튜디오 루미] 주문 상태가 바뀌었습니다: 취소됨')).text).toContain('₩30,000');
  } finally {
    await store.stop();
    await toss.stop();
  }
});
