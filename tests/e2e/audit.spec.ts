/**
 * The audit trail in the browser (issue 36): a staff member changes an order's status, opens the
 * audit tab, narrows it to statuses and to that order, and finds their own entry with the order's
 * link; axe finds nothing; screenshots at 375 and 1280 px in Korean and English (/tmp/audit-shots).
 */
import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { E2E_ADMIN } from '../../playwright.config.ts';
import { expect, hydrated, test } from './fixtures.ts';

const SHOTS = '/tmp/audit-shots';
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

test('staff find their own status change on the audit trail, by group and by order, with a link to the order', async ({ page, browser }) => {
  test.slow();
  fs.mkdirSync(SHOTS, { recursive: true });
  // A customer's paid order (sandbox), through the API.
  const customer = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const email = `audit.${unique()}@example.com`;
  await customer.request.post('/api/auth/register', { data: { email, username: `audit${unique()}`, password: 'lumi-buyer-7', firstName: '하늘', lastName: '이' } });
  const created = await (await customer.request.post('/api/orders', { data: { customerName: '이하늘', customerEmail: email, customerPhone: '010-3333-4444', serviceId: 1, quantity: 1, country: 'kr' }, headers: { 'x-store-country': 'kr' } })).json();
  const { paymentKey } = await (await customer.request.post('/api/payments/sandbox/authorize', { data: { orderId: created.orderId, card: 'approved' } })).json();
  expect((await customer.request.post('/api/confirm', { data: { orderId: created.orderId, amount: created.amount, paymentKey } })).status()).toBe(200);
  await customer.close();

  await page.request.post('/api/auth/login', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } });
  const list = await (await page.request.get(`/api/orders?q=${encodeURIComponent(created.orderId)}`)).json();
  const orderId = list.orders[0].id as string;
  expect((await page.request.patch(`/api/orders/${orderId}/status`, { data: { status: 'in_progress' } })).status()).toBe(200);

  await page.goto('/kr/admin?tab=audit');
  await hydrated(page);
  await expect(page.getByRole('link', { name: '감사 기록', exact: true }).first()).toHaveAttribute('aria-current', 'page');
  await page.getByRole('navigation', { name: '기록 종류' }).getByRole('link', { name: '상태', exact: true }).click();
  await expect(page).toHaveURL(/group=status/);
  await page.getByRole('searchbox', { name: '주문 번호' }).fill(created.orderId.toLowerCase());
  await page.getByRole('button', { name: '적용' }).click();
  await expect(page).toHaveURL(/order=/);
  const entry = page.locator('[data-audit-action="order.status"]');
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText('주문 상태 변경');
  await expect(entry).toContainText(E2E_ADMIN.email);
  await expect(entry).toContainText('접수완료');
  await expect(entry).toContainText('작업진행중');
  // The other groups' pills keep the order filter.
  await expect(page.getByRole('navigation', { name: '기록 종류' }).getByRole('link', { name: '전체' })).toHaveAttribute('href', /order=/);

  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  expect(results.violations.map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`)).toEqual([]);
  for (const lang of ['ko', 'en'] as const) {
    if (lang === 'en') {
      await page.goto(`/us/admin?tab=audit&order=${encodeURIComponent(created.orderId)}`);
      await hydrated(page);
      await expect(page.locator('[data-audit-action="order.status"]')).toContainText('Order status changed');
    }
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 800 });
      await page.screenshot({ path: `${SHOTS}/audit-${lang}-${width}.png`, fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${lang} ${width}`).toBeLessThanOrEqual(width);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  }

  // The entry's order link opens the order in the orders tab.
  await page.locator('[data-audit-action="order.status"] a').first().click();
  await expect(page).toHaveURL(new RegExp(`tab=orders&order=${orderId}`));
  await expect(page.locator('[data-order-detail]')).toContainText(created.orderId);
});
