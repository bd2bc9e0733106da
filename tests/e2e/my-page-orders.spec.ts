/**
 * My Page's orders follow each order's own story (issue 16, item 11): a fixed-price order's timeline
 * has no quote step, a consultation's does; a cancelled order keeps its timeline up to where it
 * stopped, shows what was refunded and its badge names the status, not the cancel button; the
 * brief moves on when a draft is delivered; the customer's own revision request is shown back. The
 * page passes axe and fits a 375 px phone. Orders are bought and priced through the API where the
 * browser is not under test.
 */
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { E2E_ADMIN } from '../../playwright.config.ts';
import { expect, hydrated, test } from './fixtures.ts';

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;
const KOREAN = { 'x-store-country': 'kr', 'accept-language': 'ko' };

/** A paid order of service 1 (sandbox), as the customer's API answers it. */
async function paidOrder(request: APIRequestContext, email: string): Promise<{ id: string; orderId: string; amount: number }> {
  const order = await (await request.post('/api/orders', { data: { customerName: '최서연', customerEmail: email, customerPhone: '010-7777-8888', serviceId: 1, quantity: 3, country: 'kr' }, headers: KOREAN })).json();
  const { paymentKey } = await (await request.post('/api/payments/sandbox/authorize', { data: { orderId: order.orderId, card: 'approved' } })).json();
  expect((await request.post('/api/confirm', { data: { orderId: order.orderId, amount: order.amount, paymentKey } })).status()).toBe(200);
  return order;
}

async function expectNoSeriousAxe(page: Page) {
  const results = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);
}

test('My Page follows each order: its kind\'s timeline, a cancel with its refund, the brief after a draft, the customer\'s revision request', async ({ page, browser, extraHTTPHeaders, consoleErrors: _ }) => {
  test.slow();
  const email = `story.${unique()}@example.com`;
  expect((await page.request.post('/api/auth/register', { data: { email, password: 'lumi-buyer-7', firstName: '서연', lastName: '최', phone: '010-7777-8888' } })).status()).toBe(201);
  // Staff in a browser context of their own (the test's visitor address, fixtures.ts).
  const origin = test.info().project.use.baseURL!;
  const staff = await browser.newContext({ extraHTTPHeaders });
  expect((await staff.request.post(`${origin}/api/auth/login`, { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } })).status()).toBe(200);

  // 1. Paid at a fixed price, with a brief; staff deliver a draft.
  const drafted = await paidOrder(page.request, email);
  expect((await page.request.post('/api/project-briefs', { data: { orderId: drafted.orderId, style: ['minimal'] }, headers: KOREAN })).status()).toBe(201);
  const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#8cf' } }).png().toBuffer();
  const delivered = await staff.request.post(`${origin}/api/admin/orders/${drafted.id}/deliverables?purpose=draft`, { multipart: { files: { name: 'draft-1.png', mimeType: 'image/png', buffer: png } } });
  expect(delivered.status(), await delivered.text()).toBe(201);
  // 2. Paid at a fixed price and nothing else yet.
  const paid = await paidOrder(page.request, email);
  // 3. A consultation, priced by staff.
  const consultation = await (await page.request.post('/api/project-briefs', { data: { serviceId: 11, style: ['cinematic'], usage: ['sns'], uploadedFiles: [] }, headers: KOREAN })).json() as { orderId: string };
  const consultationView = await (await page.request.get(`/api/orders/${consultation.orderId}`, { headers: KOREAN })).json() as { order: { id: string } };
  expect((await staff.request.put(`${origin}/api/admin/orders/${consultationView.order.id}/quote`, { data: { validDays: 14, lines: [{ description: '30초 홍보 영상', amount: 900_000 }] } })).status()).toBe(200);
  await staff.close();

  await page.goto('/kr/profile');
  await hydrated(page);

  // A fixed-price order never went through a quote: no quote step, ticked or not.
  const paidCard = page.locator(`[data-order="${paid.orderId}"]`);
  await expect(paidCard.locator('[data-status]')).toHaveText('접수완료');
  await expect(paidCard.locator('[data-step]')).toHaveCount(4);
  await expect(paidCard.locator('[data-step="quote_review"]')).toHaveCount(0);
  await expect(paidCard.locator('[data-step="order_received"]')).toHaveAttribute('data-state', 'current');
  // A consultation's timeline has the quote's steps.
  const quoteCard = page.locator(`[data-order="${consultation.orderId}"]`);
  await expect(quoteCard.locator('[data-step="quote_review"]')).toHaveAttribute('data-state', 'done');
  await expect(quoteCard.locator('[data-step="quoted"]')).toHaveAttribute('data-state', 'current');

  // The brief moved on with the draft: it was worked from, no longer "pending".
  const draftCard = page.locator(`[data-order="${drafted.orderId}"]`);
  await expect(draftCard.locator('[data-brief-status]')).toHaveText('승인됨');
  // The customer asks for a revision and reads it back on the order.
  const review = draftCard.locator('[data-review]');
  await review.getByRole('button', { name: '수정 요청' }).click();
  await review.getByLabel('무엇을 수정할까요?').fill('하늘색 배경을 조금 더 밝게 해 주세요.');
  await review.getByRole('button', { name: '수정 요청 보내기' }).click();
  await expect(page.getByText('수정 요청 완료')).toBeVisible();
  await expect(draftCard.locator('[data-status]')).toHaveText('작업진행중');
  const asked = draftCard.locator('[data-revision-requests]');
  await expect(asked).toContainText('보낸 수정 요청');
  await expect(asked.locator('[data-revision="1"]')).toContainText('1차 수정 요청');
  await expect(asked.locator('[data-revision="1"]')).toContainText('하늘색 배경을 조금 더 밝게 해 주세요.');

  // The customer cancels the paid order within 3 days: refunded in full.
  await paidCard.getByRole('button', { name: '주문 취소' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '취소하고 환불받기' }).click();
  await expect(page.getByText('환불 완료').first()).toBeVisible();
  // Its badge names the status, not the button; its timeline stops where it stopped; the refund shows.
  await expect(paidCard.locator('[data-status]')).toHaveText('취소됨');
  await expect(paidCard.getByRole('button', { name: '주문 취소' })).toHaveCount(0);
  await expect(paidCard.locator('[data-step]')).toHaveCount(2);
  await expect(paidCard.locator('[data-step="order_received"]')).toHaveAttribute('data-state', 'done');
  await expect(paidCard.locator('[data-step="cancelled"]')).toHaveAttribute('data-state', 'stopped');
  await expect(paidCard.locator('[data-refund]')).toContainText('환불 금액');
  await expect(paidCard.locator('[data-refund]')).toContainText(`₩${paid.amount.toLocaleString('en-US')}`);
  // The same after a reload, rendered by the server.
  await page.reload();
  await hydrated(page);
  await expect(paidCard.locator('[data-step="cancelled"]')).toHaveAttribute('data-state', 'stopped');
  await expect(paidCard.locator('[data-refund]')).toContainText(`₩${paid.amount.toLocaleString('en-US')}`);
  await expect(draftCard.locator('[data-revision="1"]')).toContainText('하늘색 배경을 조금 더 밝게 해 주세요.');
  await expectNoSeriousAxe(page);

  // On a phone everything fits, the timeline included.
  await page.setViewportSize({ width: 375, height: 800 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const lastStep = await paidCard.locator('[data-step="cancelled"]').boundingBox();
  expect(lastStep!.x + lastStep!.width).toBeLessThanOrEqual(375);
});
