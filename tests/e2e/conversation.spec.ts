/**
 * The order's conversation in the browser (issue 35): a customer writes from My Page, staff answer
 * from the order's detail with a file and leave a private note; each side sees the other's message
 * appear without reloading (the live stream); the customer reads the answer and its file, never the
 * note; a link in a message is a link, markup stays text; axe finds nothing.
 */
import AxeBuilder from '@axe-core/playwright';
import sharp from 'sharp';
import { E2E_ADMIN } from '../../playwright.config.ts';
import type { Browser } from '@playwright/test';
import { expect, hydrated, test } from './fixtures.ts';

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

/** A signed-in customer in a context of its own, with a Korean order paid in the sandbox. */
async function customerWithPaidOrder(browser: Browser, viewport: { width: number; height: number }, who: { first: string; last: string; phone: string }) {
  const page = await (await browser.newContext({ viewport })).newPage();
  const email = `talk.${unique()}@example.com`;
  await page.request.post('/api/auth/register', { data: { email, username: `talk${unique()}`, password: 'lumi-buyer-7', firstName: who.first, lastName: who.last, phone: who.phone } });
  const order = await (await page.request.post('/api/orders', { data: { customerName: `${who.last}${who.first}`, customerEmail: email, customerPhone: who.phone, serviceId: 1, quantity: 2, country: 'kr' }, headers: { 'x-store-country': 'kr', 'accept-language': 'ko' } })).json();
  const { paymentKey } = await (await page.request.post('/api/payments/sandbox/authorize', { data: { orderId: order.orderId, card: 'approved' } })).json();
  expect((await page.request.post('/api/confirm', { data: { orderId: order.orderId, amount: order.amount, paymentKey } })).status()).toBe(200);
  return { page, order: order as { id: string; orderId: string } };
}

test('a customer and staff talk on the order, with a file, and staff keep a private note', async ({ browser, consoleErrors: _ }) => {
  test.slow();
  const { page: customer, order } = await customerWithPaidOrder(browser, { width: 375, height: 800 }, { first: '지우', last: '한', phone: '010-3333-4444' });

  // Staff wrote first: My Page says so on the order until the customer opens its messages.
  const staff = await (await browser.newContext()).newPage();
  await staff.request.post('/api/auth/login', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } });
  expect((await staff.request.post(`/api/admin/orders/${order.id}/messages`, { data: { body: '주문 감사합니다. 원하시는 분위기를 알려 주세요.' } })).status()).toBe(201);
  await customer.goto('/kr/profile');
  await hydrated(customer);
  const card = customer.locator(`[data-order="${order.orderId}"]`);
  await expect(card.locator('[data-unread="1"]')).toHaveText('새 메시지 1개');

  // The customer opens the order's messages and writes, with a link and some markup.
  await expect(customer.locator(`[data-order="${order.orderId}"]`)).toBeVisible();
  await card.getByRole('button', { name: '메시지 보기' }).click();
  const thread = card.locator('[data-thread]');
  await expect(thread.locator('[data-entry="paid"]')).toContainText('결제 완료');
  await thread.getByLabel('보낼 메시지').fill('배경을 더 밝게 해 주세요. <b>급해요</b>\n참고: https://example.com/bright');
  await thread.getByRole('button', { name: '보내기' }).click();
  const mine = thread.locator('[data-message="customer"]');
  await expect(mine).toContainText('<b>급해요</b>');
  await expect(mine.getByRole('link', { name: 'https://example.com/bright' })).toHaveAttribute('href', 'https://example.com/bright');
  await expect(thread.getByLabel('보낼 메시지')).toHaveValue('');

  // Staff read it in the order's detail, answer with a file and leave a private note.
  await staff.goto(`/kr/admin?tab=orders&order=${order.id}#messages-${order.id}`);
  await hydrated(staff);
  const desk = staff.locator('[data-order-detail] [data-thread]');
  await expect(desk.locator('[data-message="customer"]')).toContainText('배경을 더 밝게 해 주세요.');
  // The staff's open thread shows the customer's next message as it comes.
  await customer.getByRole('textbox', { name: '보낼 메시지' }).fill('사진은 세로로 부탁드려요.');
  await thread.getByRole('button', { name: '보내기' }).click();
  await expect(desk.locator('[data-message="customer"]').last()).toContainText('사진은 세로로 부탁드려요.', { timeout: 5000 });
  const sample = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#fde' } }).png().toBuffer();
  await desk.getByLabel('파일 첨부').setInputFiles({ name: '밝은-배경.png', mimeType: 'image/png', buffer: sample });
  await expect(desk.getByText('밝은-배경.png')).toBeVisible();
  await desk.getByLabel('고객에게 보낼 메시지').fill('네, 샘플을 첨부했습니다.');
  await desk.getByRole('button', { name: '보내기' }).click();
  await expect(desk.locator('[data-message="staff"]').last()).toContainText('네, 샘플을 첨부했습니다.');
  await desk.getByLabel('고객에게 보낼 메시지').fill('고객이 급하다고 함 (내부용)');
  await desk.getByLabel('내부 메모: 관리자만 볼 수 있습니다').check();
  await desk.getByRole('button', { name: '보내기' }).click();
  await expect(desk.locator('[data-private]')).toContainText('고객이 급하다고 함');
  expect((await new AxeBuilder({ page: staff }).include('[data-order-detail] [data-thread]').analyze()).violations).toEqual([]);

  // The customer's open thread shows the answer as it comes (the live stream), with its file, never the note.
  const answer = thread.locator('[data-message="staff"]').last();
  await expect(answer).toContainText('네, 샘플을 첨부했습니다.');
  await expect(answer).toContainText('밝은-배경.png');
  await expect(thread).not.toContainText('내부용');
  const download = await customer.request.get(await answer.getByRole('link', { name: /밝은-배경\.png/ }).first().getAttribute('href') ?? '');
  expect(download.status()).toBe(200);
  expect((await new AxeBuilder({ page: customer }).include(`[data-order="${order.orderId}"] [data-thread]`).analyze()).violations).toEqual([]);
});

test('what waits follows the orders live: the top bar\'s count, My Page\'s card and the staff list', async ({ browser, consoleErrors: _ }) => {
  test.slow();
  const { page: customer, order } = await customerWithPaidOrder(browser, { width: 1280, height: 900 }, { first: '서준', last: '오', phone: '010-5555-6666' });
  const staff = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await staff.request.post('/api/auth/login', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } });

  await customer.goto('/kr/profile');
  await hydrated(customer);
  const menu = customer.getByRole('button', { name: /계정 메뉴/ });
  await expect(menu).toBeVisible();
  await expect(menu.locator('[data-waiting]')).toHaveCount(0);
  const card = customer.locator(`[data-order="${order.orderId}"]`);
  await expect(card.locator('[data-status]')).toHaveText('접수완료');
  await staff.goto(`/kr/admin?tab=orders&q=${order.orderId}`);
  await hydrated(staff);
  const row = staff.locator(`[data-admin-order="${order.orderId}"]`);
  await expect(row).toBeVisible();
  await expect(row.locator('[data-awaiting-reply]')).toHaveCount(0);

  // Staff write and move the order on: the customer's page follows without a reload.
  expect((await staff.request.post(`/api/admin/orders/${order.id}/messages`, { data: { body: '작업을 시작했습니다.' } })).status()).toBe(201);
  await expect(menu.locator('[data-waiting="1"]')).toHaveText('1');
  await expect(menu).toHaveAccessibleName(/새 메시지 1개/);
  await expect(card.locator('[data-unread="1"]')).toHaveText('새 메시지 1개');
  expect((await staff.request.patch(`/api/orders/${order.id}/status`, { data: { status: 'in_progress' } })).status()).toBe(200);
  await expect(card.locator('[data-status]')).toHaveText('작업진행중');
  await menu.click();
  await expect(customer.getByRole('link', { name: /마이페이지.*새 메시지 1개/ })).toBeVisible();
  await customer.keyboard.press('Escape');

  // Read: the count goes. The customer writes: the staff list says the order awaits a reply.
  await card.getByRole('button', { name: /메시지 보기/ }).click();
  await expect(menu.locator('[data-waiting]')).toHaveCount(0);
  await card.getByLabel('보낼 메시지').fill('감사합니다. 기다리겠습니다.');
  await card.getByRole('button', { name: '보내기' }).click();
  await expect(row.locator('[data-awaiting-reply]')).toBeVisible();
  await expect(row.locator('[data-unread="1"]')).toBeVisible();
  expect(customer.url()).toContain('/kr/profile');
});
