/**
 * A customer's own data in the browser (issue 36): from My Page a customer downloads the JSON (their
 * address and order inside) and the zip (data.json, README.txt and their files), then deletes the
 * account (refused in words while a paid order is under way; then home, signed out, a confirmation
 * mail); a guest does the same from the private link's page, typing the order's address. axe on the
 * sections and the dialogs; screenshots at 375 and 1280 px (the dialogs at 320 too) in Korean and English
 * (/tmp/account-data-shots).
 */
import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import yauzl from 'yauzl';
import { E2E_ADMIN } from '../../playwright.config.ts';
import { newGuestId } from '../../src/domain/guest.ts';
import { createOrderLinks } from '../../src/server/features/orders/order-links.ts';
import { expect, hydrated, test } from './fixtures.ts';
import { mailsTo } from './mail-catcher.ts';

const SHOTS = '/tmp/account-data-shots';
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

async function entryNames(file: string): Promise<string[]> {
  const zip = await yauzl.fromBufferPromise(fs.readFileSync(file), { lazyEntries: true });
  return new Promise((resolve, reject) => {
    const names: string[] = [];
    zip.on('entry', (entry: yauzl.Entry) => {
      names.push(entry.fileName);
      zip.readEntry();
    });
    zip.on('end', () => resolve(names));
    zip.on('error', reject);
    zip.readEntry();
  });
}

async function download(page: Page, which: 'json' | 'zip') {
  const [file] = await Promise.all([page.waitForEvent('download'), page.locator(`[data-your-data] [data-download="${which}"]`).click()]);
  const path = await file.path();
  return { path, name: file.suggestedFilename() };
}

async function shoot(page: Page, name: string) {
  await page.locator('[data-your-data]').scrollIntoViewIfNeeded();
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.locator('[data-your-data]').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at ${width}`).toBeLessThanOrEqual(width);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** A paid sandbox order through the API, as this page's visitor (signed in, or a guest with its id). */
async function paidOrder(page: Page, email: string, guestId?: string) {
  const created = await (await page.request.post('/api/orders', { data: { customerName: '이하늘', customerEmail: email, customerPhone: '010-3333-4444', serviceId: 1, quantity: 1, country: 'kr', ...(guestId ? { sessionId: guestId } : {}) }, headers: { 'x-store-country': 'kr' } })).json();
  const { paymentKey } = await (await page.request.post('/api/payments/sandbox/authorize', { data: { orderId: created.orderId, card: 'approved', ...(guestId ? { sessionId: guestId } : {}) } })).json();
  expect((await page.request.post('/api/confirm', { data: { orderId: created.orderId, amount: created.amount, paymentKey } })).status()).toBe(200);
  return created.orderId as string;
}

test('a customer downloads their data from My Page, as JSON and with their files as a zip', async ({ page, consoleErrors: _ }) => {
  test.slow();
  fs.mkdirSync(SHOTS, { recursive: true });
  const email = `my-data.${unique()}@example.com`;
  await page.request.post('/api/auth/register', { data: { email, password: 'lumi-buyer-7', firstName: '하늘', lastName: '이' } });
  const orderNumber = await paidOrder(page, email);
  await page.goto('/kr/profile');
  await hydrated(page);
  await expect(page.getByRole('heading', { name: '회원 정보 내려받기' })).toBeVisible();
  const json = await download(page, 'json');
  expect(json.name).toMatch(/^studio-lumi-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(fs.readFileSync(json.path, 'utf8'));
  expect(data.account.email).toBe(email);
  expect(data.orders.map((o: { orderId: string }) => o.orderId)).toEqual([orderNumber]);
  const zip = await download(page, 'zip');
  expect((await entryNames(zip.path)).slice(0, 2)).toEqual(['data.json', 'README.txt']);
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  expect(results.violations.map((v) => `${v.impact} ${v.id}: ${v.help}`)).toEqual([]);
  await shoot(page, 'my-page-ko');
  await page.goto('/us/profile');
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Download your data' })).toBeVisible();
  await shoot(page, 'my-page-en');
});

test("a guest downloads an order's data from its private link", async ({ page, consoleErrors: _ }) => {
  test.slow();
  fs.mkdirSync(SHOTS, { recursive: true });
  const guest = newGuestId();
  const orderNumber = await paidOrder(page, `guest-data.${unique()}@example.com`, guest);
  const key = createOrderLinks('e2e-session-secret-0123456789abcdef0123', 'http://localhost').keyFor(orderNumber);
  await page.context().clearCookies();
  await page.goto(`/kr/orders/${orderNumber}?key=${key}`);
  await hydrated(page);
  const json = await download(page, 'json');
  const data = JSON.parse(fs.readFileSync(json.path, 'utf8'));
  expect(data.account).toBeNull();
  expect(data.orders.map((o: { orderId: string }) => o.orderId)).toEqual([orderNumber]);
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  expect(results.violations.map((v) => `${v.impact} ${v.id}: ${v.help}`)).toEqual([]);
  await shoot(page, 'link-ko');
  await page.goto(`/us/orders/${orderNumber}?key=${key}`);
  await hydrated(page);
  await shoot(page, 'link-en');
});

async function axeClean(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  expect(results.violations.map((v) => `${v.impact} ${v.id}: ${v.help}`)).toEqual([]);
}

async function shootDialog(page: Page, name: string) {
  for (const width of [1280, 375, 320]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
    // The dialog scrolls within itself at 320 px; nothing in it may run off to the side.
    expect(await page.locator('dialog[open]').evaluate((dialog) => dialog.scrollWidth - dialog.clientWidth), `${name} at ${width}`).toBe(0);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a customer deletes their account from My Page: refused while an order is under way, then signed out with a confirmation mail', async ({ page, consoleErrors: _ }) => {
  test.slow();
  fs.mkdirSync(SHOTS, { recursive: true });
  const email = `delete-me.${unique()}@example.com`;
  await page.request.post('/api/auth/register', { data: { email, password: 'lumi-buyer-7', firstName: '하늘', lastName: '이' } });
  const orderNumber = await paidOrder(page, email);
  await page.goto('/kr/profile');
  await hydrated(page);
  await page.locator('[data-delete-open]').click();
  const dialog = page.locator('[data-delete-data]');
  await expect(dialog.getByRole('heading', { name: '계정을 삭제할까요?' })).toBeVisible();
  // Nothing ticked, nothing typed: the form says so before anything is sent.
  await dialog.getByRole('button', { name: '계정 삭제' }).click();
  await expect(dialog.getByText('현재 비밀번호를 입력해주세요.')).toBeVisible();
  await expect(dialog.getByText('삭제하려면 안내를 읽고 확인란을 선택해 주세요.')).toBeVisible();
  await axeClean(page);
  await shootDialog(page, 'delete-account-ko');
  await dialog.getByLabel('현재 비밀번호').fill('lumi-buyer-7');
  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: '계정 삭제' }).click();
  // The paid order is still to be made: refused, naming it, and what was typed stays.
  await expect(dialog.locator('[data-refusal]')).toContainText(orderNumber);
  await expect(dialog.getByLabel('현재 비밀번호')).toHaveValue('lumi-buyer-7');
  await shootDialog(page, 'delete-account-blocked-ko');

  // Cancelled by the customer within the refund window, the order no longer holds it back.
  expect((await page.request.post(`/api/orders/${orderNumber}/cancel`, { data: {} })).status()).toBe(200);
  await dialog.getByRole('button', { name: '계정 삭제' }).click();
  await page.waitForURL((url) => url.pathname === '/kr');
  await hydrated(page);
  expect((await page.request.get('/api/auth/profile')).status()).toBe(401);
  await expect.poll(() => mailsTo(email).some((mail) => mail.subject === '[스튜디오 루미] 개인정보 삭제를 마쳤습니다' && mail.text.includes('5년'))).toBe(true);
  expect((await page.request.post('/api/auth/login', { data: { email, password: 'lumi-buyer-7' } })).status()).toBe(401);
});

test("a guest deletes an order's details from its private link, typing the order's address", async ({ page, browser, consoleErrors: _ }) => {
  test.slow();
  fs.mkdirSync(SHOTS, { recursive: true });
  const guest = newGuestId();
  const email = `guest-delete.${unique()}@example.com`;
  const created = await (await page.request.post('/api/orders', { data: { customerName: '이하늘', customerEmail: email, customerPhone: '010-3333-4444', serviceId: 1, quantity: 1, country: 'kr', sessionId: guest }, headers: { 'x-store-country': 'kr' } })).json();
  const orderNumber = created.orderId as string;
  const key = createOrderLinks('e2e-session-secret-0123456789abcdef0123', 'http://localhost').keyFor(orderNumber);
  await page.context().clearCookies();
  await page.goto(`/us/orders/${orderNumber}?key=${key}`);
  await hydrated(page);
  await page.locator('[data-delete-open]').click();
  const dialog = page.locator('[data-delete-data]');
  await expect(dialog.getByRole('heading', { name: "Delete this order's personal details?" })).toBeVisible();
  await dialog.getByLabel("The order's e-mail address").fill('someone.else@example.com');
  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: 'Delete my details' }).click();
  await expect(dialog.getByText('This is not the e-mail address given with this order.')).toBeVisible();
  await axeClean(page);
  await shootDialog(page, 'delete-order-en');
  await dialog.getByLabel("The order's e-mail address").fill(email);
  await dialog.getByRole('button', { name: 'Delete my details' }).click();
  // The page comes back with the order's details gone, and says so.
  await expect(page.locator('[data-erased]')).toBeVisible();
  await expect(page.getByText(email)).toHaveCount(0);
  await expect.poll(() => mailsTo(email).some((mail) => mail.subject.includes(orderNumber))).toBe(true);
  await shoot(page, 'link-erased-en');
  await page.goto(`/kr/orders/${orderNumber}?key=${key}`);
  await hydrated(page);
  await shoot(page, 'link-erased-ko');

  // Staff read the unpaid order's cancel as the link holder's, not as the store's own.
  const staff = await browser.newPage();
  await staff.request.post('/api/auth/login', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } });
  for (const [lang, search, apply, holder] of [['ko', '검색', '적용', '주문 전용 링크 보유자'], ['vi', 'Tìm kiếm', 'Áp dụng', 'Người giữ liên kết riêng']] as const) {
    await staff.goto(`/kr/admin?tab=orders&lang=${lang}`);
    await hydrated(staff);
    await staff.getByRole('searchbox', { name: search }).fill(orderNumber);
    await staff.getByRole('button', { name: apply }).click();
    await staff.locator('[data-admin-order] a').first().click();
    const last = staff.locator('[data-order-detail] [data-history] li').last();
    await expect(last).toContainText(`(${holder})`);
    for (const width of [1280, 375]) {
      await staff.setViewportSize({ width, height: 900 });
      await last.scrollIntoViewIfNeeded();
      await staff.screenshot({ path: `${SHOTS}/staff-history-${lang}-${width}.png` });
      expect(await staff.evaluate(() => document.documentElement.scrollWidth), `staff history at ${width}`).toBeLessThanOrEqual(width);
    }
  }
  await staff.close();
});
