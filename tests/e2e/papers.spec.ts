/**
 * Papers a business can book (issue 34), in the browser: an Australian business buys with its ABN
 * and downloads its tax invoice with the GST; a guest adds business details on the private order
 * page before paying.
 */
import { readFile } from 'node:fs/promises';
import { pdfText } from '../integration/support/pdf-text.ts';
import { E2E_ADMIN } from '../../playwright.config.ts';
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

test('a Korean customer pays by bank transfer, gets a 현금영수증 on My Page, and staff record a 세금계산서 for another payment', async ({ page, browser, extraHTTPHeaders, consoleErrors: _ }) => {
  const email = `cash.${unique()}@example.com`;
  expect((await page.request.post('/api/auth/register', { data: { email, password: 'lumi-buyer-7', firstName: '서연', lastName: '최', phone: '010-7777-8888' } })).status()).toBe(201);
  // Paid in the browser with the sandbox's test transfer.
  await page.goto('/kr/checkout4');
  await hydrated(page);
  await page.getByRole('radio', { name: /테스트 계좌이체/ }).check();
  await agreeToAll(page);
  await page.getByRole('button', { name: /결제하기$/ }).first().click();
  await expect(page).toHaveURL(/\/kr\/payment\/success\?/);
  await expect(page.locator('[data-order-facts]')).toContainText('테스트 계좌이체');
  const orderId = (await page.locator('[data-order-id]').textContent())!;

  await page.goto('/kr/profile');
  await hydrated(page);
  const evidence = page.locator(`[data-order="${orderId}"] [data-order-evidence]`);
  await expect(evidence).toContainText('현금으로 결제한 주문은 현금영수증 또는 세금계산서 중 하나를 신청할 수 있습니다.');
  await evidence.getByRole('button', { name: '현금영수증 신청' }).click();
  await evidence.getByRole('textbox', { name: '휴대폰 번호' }).fill('010-1234');
  await evidence.getByRole('button', { name: '신청하기' }).click();
  await expect(evidence.getByText('올바른 전화번호를 입력해주세요.', { exact: false })).toBeVisible();
  await evidence.getByRole('textbox', { name: '휴대폰 번호' }).fill('010-1234-5678');
  await evidence.getByRole('button', { name: '신청하기' }).click();
  await expect(evidence.locator('[data-cash-receipt="issued"]')).toContainText(/현금영수증 발급 완료 · 승인번호 \d{9}/);
  await expect(evidence).toContainText('발급 대상 010-****-5678');
  // One per payment: nothing more is offered.
  await expect(evidence.getByRole('button', { name: '세금계산서 신청' })).toHaveCount(0);

  // A second order paid by transfer through the API: the buyer asks for a tax invoice.
  const headers = { 'x-store-country': 'kr', 'accept-language': 'ko' };
  const order = await (await page.request.post('/api/orders', { data: { customerName: '최서연', customerEmail: email, customerPhone: '010-7777-8888', serviceId: 1, quantity: 3, country: 'kr' }, headers })).json();
  const { paymentKey } = await (await page.request.post('/api/payments/sandbox/authorize', { data: { orderId: order.orderId, card: 'transfer' } })).json();
  expect((await page.request.post('/api/confirm', { data: { orderId: order.orderId, amount: order.amount, paymentKey } })).status()).toBe(200);
  await page.reload();
  const second = page.locator(`[data-order="${order.orderId}"] [data-order-evidence]`);
  await second.getByRole('button', { name: '세금계산서 신청' }).click();
  await second.getByLabel('사업자등록번호').fill('124-81-00998');
  await second.getByLabel('상호(법인명)').fill('주식회사 맛있는 빵집');
  await second.getByLabel('대표자명').fill('최서연');
  await second.getByLabel('세금계산서 받을 이메일').fill('tax@bakery.example');
  await second.getByRole('button', { name: '신청하기' }).click();
  await expect(second.locator('[data-tax-invoice="requested"]')).toContainText('주식회사 맛있는 빵집(124-81-00998) 앞으로 세금계산서를 신청했습니다.');

  // Staff find it in the papers tab's queue and record the approval number from Hometax.
  const origin = test.info().project.use.baseURL!;
  const staff = await browser.newContext({ extraHTTPHeaders });
  const staffPage = await staff.newPage();
  expect((await staffPage.request.post(`${origin}/api/auth/login`, { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } })).status()).toBe(200);
  await staffPage.goto(`${origin}/kr/admin?tab=papers`);
  await hydrated(staffPage);
  const queued = staffPage.locator(`[data-queued-tax-invoice="${order.orderId}"]`);
  await expect(queued).toContainText('주식회사 맛있는 빵집');
  await queued.getByLabel('승인번호').fill('20261128-10000000-a1b2c3d4');
  await queued.getByRole('button', { name: '입력' }).click();
  await expect(staffPage.locator(`[data-queued-tax-invoice="${order.orderId}"]`)).toHaveCount(0);
  await staff.close();

  await page.reload();
  await expect(page.locator(`[data-order="${order.orderId}"] [data-tax-invoice="issued"]`)).toContainText('세금계산서 발급 완료 · 승인번호 20261128-10000000-A1B2C3D4');
});

test('staff register the Malaysian store for SST in Settings, checked before saving, and its prices say so', async ({ browser, extraHTTPHeaders, page }) => {
  const origin = test.info().project.use.baseURL!;
  const staff = await browser.newContext({ extraHTTPHeaders });
  const staffPage = await staff.newPage();
  expect((await staffPage.request.post(`${origin}/api/auth/login`, { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } })).status()).toBe(200);
  await staffPage.goto(`${origin}/kr/admin?tab=settings`);
  await hydrated(staffPage);
  const store = staffPage.locator('[data-tax-store="my"]');
  await expect(store).toContainText('미등록: 가격과 증빙 서류에 세금을 표시하지 않습니다.');
  await store.getByRole('button', { name: '수정' }).click();
  await store.getByLabel('이 스토어에서 세금 등록 사업자입니다').check();
  await store.getByLabel('세금 종류').selectOption('sst');
  await store.getByLabel('세율(%)').fill('6');
  await store.getByRole('button', { name: '등록 번호 추가' }).click();
  await store.getByLabel('서류에 표시할 등록 번호 1').selectOption('sst');
  await store.getByLabel('번호 1', { exact: true }).fill('#');
  await store.getByRole('button', { name: '새 버전 저장' }).click();
  await expect(store.getByRole('alert')).toHaveText('올바르지 않은 값입니다.');
  await store.getByLabel('번호 1', { exact: true }).fill('W10-1808-32000123');
  await store.getByRole('button', { name: '새 버전 저장' }).click();
  await expect(store.locator('p').first()).toContainText('SST 6%');
  await expect(store).toContainText('SST 등록번호 W10-1808-32000123');
  const tax = await (await page.request.get('/api/tax', { headers: { 'x-store-country': 'my', 'accept-language': 'en' } })).json();
  expect(tax.tax).toMatchObject({ registered: true, kind: 'sst', rateBasisPoints: 600, label: 'SST included' });

  // Back as it was, a version of its own: the store is not registered again.
  await store.getByRole('button', { name: '수정' }).click();
  await store.getByLabel('이 스토어에서 세금 등록 사업자입니다').uncheck();
  await store.getByRole('button', { name: '삭제' }).click();
  await store.getByRole('button', { name: '새 버전 저장' }).click();
  await expect(store).toContainText('미등록');
  await expect(store.locator('summary')).toHaveText('버전 이력 (2)');
  await staff.close();
});
