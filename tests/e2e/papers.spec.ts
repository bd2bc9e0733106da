/**
 * Papers a business can book (issue 34), in the browser: an Australian business buys with its ABN
 * and downloads its tax invoice with the GST; a guest adds business details on the private order
 * page before paying.
 */
import { readFile } from 'node:fs/promises';
import { pdfText } from '../integration/support/pdf-text.ts';
import { agreeToAll, expect, hydrated, test } from './fixtures.ts';

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

test('an Australian business buys with its ABN and downloads a tax invoice with the GST', async ({ page, consoleErrors: _ }) => {
  await page.goto('/au/checkout4');
  await hydrated(page);
  await page.getByLabel('Name').fill('Mia Chen');
  await page.getByLabel('E-mail', { exact: true }).fill(`mia.${unique()}@example.com`);
  await page.getByLabel('Phone').fill('+61 2 9000 0000');
  await page.getByRole('button', { name: 'Order as a guest' }).click();

  // Folded away until asked for; then the ABN is checked by its checksum before anything is sent.
  await expect(page.locator('[data-business-fields]')).toHaveCount(0);
  await page.getByLabel('Buying for a business? Put its details on your receipt and tax invoice').check();
  await page.getByLabel('Company name').fill('Harbour Café Pty Ltd');
  await page.getByLabel('ABN').fill('51 824 753 557');
  await page.getByLabel('Business address').fill('1 Macquarie St, Sydney NSW 2000');
  await agreeToAll(page);
  const pay = page.getByRole('button', { name: /^Pay A\$/ }).first();
  await pay.click();
  await expect(page.getByText('This number is not valid: its check digit does not match.')).toBeVisible();
  await expect(page).toHaveURL(/\/au\/checkout4/);
  await page.getByLabel('ABN').fill('51 824 753 556');
  await pay.click();

  await expect(page).toHaveURL(/\/au\/payment\/success\?/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment complete');
  const papers = page.locator('[data-order-papers]');
  await expect(papers.locator('[data-paper]')).toHaveCount(2);
  const invoice = papers.locator('[data-paper="tax_invoice"]');
  await expect(invoice).toContainText(/Tax invoice SL-AU-\d{4}-\d{6}/);

  const [download] = await Promise.all([page.waitForEvent('download'), invoice.getByRole('link', { name: /^Download Tax invoice .* as PDF$/ }).click()]);
  expect(download.suggestedFilename()).toMatch(/^SL-AU-\d{4}-\d{6}\.pdf$/);
  const { text } = await pdfText(await readFile((await download.path())!));
  expect(text).toContain('Tax invoice');
  expect(text).toContain('Harbour Café Pty Ltd');
  expect(text).toContain('ABN 51 824 753 556');
  expect(text).toMatch(/GST \(10%\) A\$\d+\.\d{2}/);

  // The page of the same paper, in a new tab, says the same.
  const [tab] = await Promise.all([page.context().waitForEvent('page'), invoice.getByRole('link', { name: /^Tax invoice SL-AU/ }).click()]);
  await expect(tab.getByRole('heading', { level: 1 })).toHaveText('Tax invoice');
  await expect(tab.getByRole('table')).toContainText('GST');
  await expect(tab.getByText('Harbour Café Pty Ltd')).toBeVisible();
});

test('a Korean customer adds their business to an unpaid order on My Page, checked by its check digit, and sees it kept', async ({ page, consoleErrors: _ }) => {
  const email = `biz.${unique()}@example.com`;
  expect((await page.request.post('/api/auth/register', { data: { email, password: 'lumi-buyer-7', firstName: '서연', lastName: '최', phone: '010-7777-8888' } })).status()).toBe(201);
  const order = await (await page.request.post('/api/orders', { data: { customerName: '최서연', customerEmail: email, customerPhone: '010-7777-8888', serviceId: 1, quantity: 3, country: 'kr' }, headers: { 'x-store-country': 'kr', 'accept-language': 'ko' } })).json();
  await page.goto('/kr/profile');
  await hydrated(page);
  const card = page.locator(`[data-order="${order.orderId}"]`);
  const business = card.locator('[data-order-business]');
  await expect(business).toContainText('아직 사업자 정보가 없습니다.');
  await business.getByRole('button', { name: '사업자 정보 입력' }).click();
  await business.getByLabel('상호(법인명)').fill('주식회사 맛있는 빵집');
  await business.getByLabel('사업자등록번호').fill('124-81-00999');
  await business.getByRole('button', { name: '저장' }).click();
  await expect(business.getByText('번호가 올바르지 않습니다. 확인 숫자가 맞지 않습니다.')).toBeVisible();
  // What was typed stays; only the number is corrected.
  await expect(business.getByLabel('상호(법인명)')).toHaveValue('주식회사 맛있는 빵집');
  await business.getByLabel('사업자등록번호').fill('1248100998');
  await business.getByRole('button', { name: '저장' }).click();
  await expect(business.locator('dl')).toContainText('주식회사 맛있는 빵집');
  // Written the way papers write it.
  await expect(business.locator('dl')).toContainText('124-81-00998');
  await page.reload();
  await expect(page.locator(`[data-order="${order.orderId}"] [data-order-business] dl`)).toContainText('124-81-00998');
  const stored = await (await page.request.get(`/api/orders/${order.orderId}`)).json();
  expect(stored.order.business).toEqual({ company: '주식회사 맛있는 빵집', taxId: '124-81-00998', address: null, email: null });
});
