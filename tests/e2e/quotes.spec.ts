/**
 * Quotes for consultation orders in the browser (D28): staff price a consultation in the order's
 * quote editor and the customer gets the quote by e-mail (the run's SMTP catcher), follows the
 * mail's button to My Page or, for a guest, to the order's private link in another browser, and
 * pays it through the sandbox; a quote is declined with a reason or asked about, and staff read
 * what the customer wrote. The customer's quote block and the staff editor pass axe and fit a
 * 375 px phone. Orders are opened and priced through the API where the browser is not under test.
 */
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, BrowserContext, Locator, Page } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config.ts';
import { newGuestId } from '../../src/domain/guest.ts';
import { agreeToAll, expect, hydrated, test as base } from './fixtures.ts';
import { mailTo, mailsTo } from './mail-catcher.ts';

/**
 * Every page here lives in a browser context of its own (customer, staff, a guest's other
 * browser): `open` makes one and watches its console like fixtures.ts watches `page`, and the
 * contexts are closed after the test.
 */
const test = base.extend<{ open: () => Promise<Page> }>({
  open: async ({ browser, extraHTTPHeaders }, use) => {
    const errors: string[] = [];
    const contexts: BrowserContext[] = [];
    await use(async () => {
      // The test's own visitor address (fixtures.ts), so the per-address limits stay per test.
      const context = await browser.newContext({ extraHTTPHeaders });
      contexts.push(context);
      const page = await context.newPage();
      page.on('console', (message) => {
        if (message.type() === 'error' && !/Failed to load resource: the server responded with a status of 4\d\d/.test(message.text())) errors.push(`${page.url()}: ${message.text()}`);
      });
      page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
      return page;
    });
    for (const context of contexts) await context.close();
    expect(errors, 'console errors').toEqual([]);
  },
});

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

const storeHeaders = (country: 'kr' | 'us') => ({ 'x-store-country': country, 'accept-language': country === 'kr' ? 'ko' : 'en' });

interface Consultation {
  /** The public order number (orders' `orderId` in the customer's API). */
  orderNumber: string;
  /** The order's uuid, as the staff area addresses it. */
  id: string;
}

/** A signed-in customer in a browser context of their own, registered through the API. */
async function customerPage(open: () => Promise<Page>): Promise<{ page: Page; email: string }> {
  const page = await open();
  const email = `quote.${unique()}@example.com`;
  const response = await page.request.post('/api/auth/register', { data: { email, username: `quote${unique()}`, password: 'lumi-quote-9', firstName: '서준', lastName: '한', phone: '010-4444-9999' } });
  expect(response.status()).toBe(201);
  return { page, email };
}

/** A staff browser context, signed in through the API. */
async function staffPage(open: () => Promise<Page>): Promise<Page> {
  const page = await open();
  expect((await page.request.post('/api/auth/login', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } })).status()).toBe(200);
  return page;
}

/** Opens a consultation by writing a brief for a quote-only service, as the signed-in customer or a guest. */
async function openConsultation(request: APIRequestContext, options: { serviceId: number; country: 'kr' | 'us'; guest?: { sessionId: string; name: string; email: string } }): Promise<Consultation> {
  const { guest } = options;
  const response = await request.post('/api/project-briefs', {
    headers: storeHeaders(options.country),
    data: {
      serviceId: options.serviceId, style: ['cinematic'], usage: ['sns'], uploadedFiles: [], additionalRequests: '30-second promo for a café',
      ...(guest ? { sessionId: guest.sessionId, customerName: guest.name, customerEmail: guest.email } : {}),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const created = await response.json() as { orderId: string; orderStatus: string };
  expect(created.orderStatus).toBe('quote_review');
  const query = guest ? `?sessionId=${encodeURIComponent(guest.sessionId)}` : '';
  const view = await (await request.get(`/api/orders/${created.orderId}${query}`, { headers: storeHeaders(options.country) })).json() as { order: { id: string } };
  return { orderNumber: created.orderId, id: view.order.id };
}

/** Staff price the order through the API (amounts in the currency's minor units). */
async function sendQuoteApi(staff: APIRequestContext, id: string, quote: { lines: Array<{ description: string; amount: number }>; validDays?: number; note?: string }) {
  const response = await staff.put(`/api/admin/orders/${id}/quote`, { data: { validDays: 14, ...quote } });
  expect(response.status(), await response.text()).toBe(200);
}

/** A mail opened in a browser page, so its button is followed as a reader would. */
async function openMail(page: Page, html: string) {
  await page.setContent(html);
}

async function expectNoSeriousAxe(page: Page, selector: string) {
  const results = await new AxeBuilder({ page }).include(selector).withTags(AXE_TAGS).analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} ${v.nodes[0]?.target.join(' ')}`), `axe on ${selector}`).toEqual([]);
}

/** No sideways scrolling, and each button shown and inside the screen's width. */
async function expectFitsPhone(page: Page, name: string, buttons: Locator[]) {
  await expect.poll(() => page.evaluate(() => window.innerWidth)).toBe(375);
  const { overflow, widest } = await page.evaluate(() => ({
    overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    widest: [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1 && !e.parentElement?.closest('.overflow-x-auto')).slice(0, 3).map((e) => `${e.tagName}.${String(e.className).slice(0, 60)}`),
  }));
  expect(overflow, `${name} at 375 px: ${widest.join(' | ')}`).toBeLessThanOrEqual(0);
  for (const button of buttons) {
    await button.scrollIntoViewIfNeeded();
    await expect(button).toBeVisible();
    const box = (await button.boundingBox())!;
    expect(box.x, `${name}: left edge of ${String(button)}`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${name}: right edge of ${String(button)}`).toBeLessThanOrEqual(375);
  }
}

/** Each element's text sits on one line: an amount broken as "₩150,0 / 00" is unreadable. */
async function expectOneLine(elements: Locator, name: string) {
  expect(await elements.count(), name).toBeGreaterThan(0);
  const wrapped = await elements.evaluateAll((nodes) => nodes.filter((node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
    return tops.size > 1;
  }).map((node) => node.textContent));
  expect(wrapped, `${name}: amounts broken over two lines`).toEqual([]);
}

test('staff price a consultation in the editor; the customer follows the mail to My Page and pays the quote', async ({ open }) => {
  test.slow();
  const { page: customer, email } = await customerPage(open);
  const order = await openConsultation(customer.request, { serviceId: 11, country: 'kr' });
  const received = await mailTo(email, '[스튜디오 루미] 상담 요청이 접수되었습니다');
  expect(received.text).toContain(order.orderNumber);
  expect(received.text).toContain('/kr/profile');

  // Staff type two lines; the total follows what is typed.
  const staff = await staffPage(open);
  await staff.goto(`/kr/admin?tab=orders&order=${order.id}`);
  await hydrated(staff);
  const detail = staff.locator('[data-order-detail]');
  await expect(detail.locator('select[data-status-select]')).toHaveValue('quote_review');
  const editor = detail.locator('[data-quote-editor]');
  await expect(editor.getByRole('heading', { name: '견적 작성' })).toBeVisible();
  await expect(editor.locator('[data-quote-editor-total]')).toHaveText('₩0');
  const first = editor.locator('[data-quote-line="0"]');
  await first.getByRole('textbox', { name: '항목 1', exact: true }).fill('뮤직비디오 촬영 (1일)');
  await first.getByLabel('금액 (KRW)').fill('1,200,000');
  await expect(editor.locator('[data-quote-editor-total]')).toHaveText('₩1,200,000');
  await editor.locator('[data-add-quote-line]').click();
  const second = editor.locator('[data-quote-line="1"]');
  await second.getByRole('textbox', { name: '항목 2', exact: true }).fill('편집 및 색보정');
  await second.getByLabel('금액 (KRW)').fill('350000');
  await expect(editor.locator('[data-quote-editor-total]')).toHaveText('₩1,550,000');
  await editor.getByLabel('유효 기간 (일)').fill('7');
  await editor.getByLabel('고객에게 전할 메모').fill('촬영 장소 대여비는 포함되어 있습니다.');
  const validTo = new Intl.DateTimeFormat('ko', { dateStyle: 'long', timeZone: 'Asia/Seoul' }).format(new Date(Date.now() + 7 * 24 * 3600_000));
  const sent = staff.waitForResponse((r) => r.url().endsWith(`/api/admin/orders/${order.id}/quote`) && r.request().method() === 'PUT');
  await editor.locator('[data-send-quote]').click();
  expect((await sent).status()).toBe(200);
  await expect(staff.getByText('견적을 보냈습니다.').first()).toBeVisible();
  await expect(detail.locator('select[data-status-select]')).toHaveValue('quoted');
  await expect(detail.locator('[data-quote-versions] > li')).toHaveCount(1);
  await expect(detail.locator('[data-quote-versions] > li').first()).toContainText('버전 1 · 현재');
  await expect(detail.locator('[data-quote-versions] > li').first()).toContainText('₩1,550,000');
  // The editor now starts version 2 from what was sent.
  await expect(editor.getByRole('heading', { name: '견적 수정 (버전 2)' })).toBeVisible();
  await expect(editor.locator('[data-quote-editor-total]')).toHaveText('₩1,550,000');
  // As long as version 1 was sent for, not the default 14 days (issue 33, item 26).
  await expect(editor.getByLabel('유효 기간 (일)')).toHaveValue('7');
  // A long description is shown whole, wrapped, and stays one line of text.
  const description = editor.locator('[data-quote-line="0"]').getByRole('textbox', { name: '항목 1', exact: true });
  await description.fill('뮤직비디오 촬영 (1일): 감독 1명, 촬영 감독 1명, 조명 2명, 시네마 카메라 2대와 짐벌, 야외 로케이션 두 곳 이동 포함, 촬영본 원본 전달');
  await description.press('Enter');
  expect(await description.evaluate((box: HTMLTextAreaElement) => box.scrollHeight <= box.clientHeight + 1 && !box.value.includes('\n'))).toBe(true);

  // The customer's mail: lines, total, validity, and the button to My Page.
  const mail = await mailTo(email, /^\[스튜디오 루미\] 견적서: /);
  expect(mail.text).toContain('뮤직비디오 촬영 (1일): ₩1,200,000');
  expect(mail.text).toContain('편집 및 색보정: ₩350,000');
  // The store's tax label with the total (issue 34).
  expect(mail.text).toContain('합계(부가세 포함): ₩1,550,000');
  expect(mail.text).toContain('촬영 장소 대여비는 포함되어 있습니다.');
  expect(mail.text).toContain(`유효 기한: ${validTo}`);
  await openMail(customer, mail.html);
  await customer.getByRole('link', { name: '견적 확인 및 결제' }).click();
  await expect(customer).toHaveURL(/\/kr\/profile$/);
  await hydrated(customer);

  const card = customer.locator(`[data-order="${order.orderNumber}"]`);
  await expect(card.locator('[data-status]')).toHaveText('견적 발송됨');
  const quote = card.locator('[data-quote]');
  await expect(quote.getByRole('heading', { name: '견적서' })).toBeVisible();
  await expect(quote.locator('tbody tr')).toHaveText([/뮤직비디오 촬영 \(1일\)\s*₩1,200,000/, /편집 및 색보정\s*₩350,000/]);
  await expect(quote.locator('[data-quote-total]')).toHaveText('₩1,550,000');
  // Seven days typed: valid to the end of the seventh day from today, Korea time.
  await expect(quote.locator('[data-quote-valid]')).toHaveText(`${validTo} (한국 시간)까지 유효`);
  await expect(card.locator('[data-step="quoted"]')).toHaveAttribute('data-state', 'current');
  await expect(quote).toContainText('촬영 장소 대여비는 포함되어 있습니다.');

  // Paid in the sandbox (Toss's stand-in in this store).
  await quote.locator('[data-pay-quote]').click();
  const dialog = customer.getByRole('dialog', { name: '주문 결제하기' });
  await expect(dialog).toContainText('₩1,550,000');
  // A quote is paid after the same two agreements as any checkout (issue 33, item 21): each says what is missing.
  await dialog.getByRole('button', { name: '₩1,550,000 결제하기' }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: '이용약관과 환불 정책에 동의해주세요.' })).toBeVisible();
  await expect(dialog.getByRole('alert').filter({ hasText: '개인정보 수집 및 이용에 동의해주세요.' })).toBeVisible();
  await expect(customer).toHaveURL(/\/kr\/profile/);
  await agreeToAll(dialog);
  await dialog.getByRole('button', { name: '₩1,550,000 결제하기' }).click();
  await expect(customer).toHaveURL(/\/kr\/payment\/success\?/);
  await expect(customer.getByRole('heading', { level: 1 })).toHaveText('결제 완료');
  await expect(customer.locator('[data-order-id]')).toHaveText(order.orderNumber);
  await expect(customer.locator('[data-order-facts]')).toContainText('₩1,550,000');

  await customer.goto('/kr/profile');
  await hydrated(customer);
  await expect(card.locator('[data-status]')).toHaveText('접수완료');
  await expect(card.locator('[data-status]')).toHaveAttribute('data-status', 'order_received');
  await expect(card.locator('[data-step="quoted"]')).toHaveAttribute('data-state', 'done');
  await expect(card.locator('[data-step="order_received"]')).toHaveAttribute('data-state', 'current');
  // The receipt mail charges the quote's sum.
  const paid = await mailTo(email, /^\[스튜디오 루미\] 결제가 완료되었습니다: /);
  expect(paid.text).toContain('결제 금액(부가세 포함): ₩1,550,000');
  expect(paid.text).toContain('부가세: ₩140,909');
  // The consultation began with its brief: the mail does not ask for it again (issue 33, item 32).
  expect(paid.text).not.toContain('브리프를 작성하지 않으셨다면');
  expect(paid.text).toContain('브리프를 검토하고 24시간 안에 연락드린 뒤 작업을 시작합니다.');
  // Paid: the quote is a record now, nothing to pay or answer.
  await expect(card.locator('[data-pay-quote]')).toHaveCount(0);
  await expect(card.locator('[data-decline-quote]')).toHaveCount(0);
  await staff.reload();
  await expect(detail.locator('select[data-status-select]')).toHaveValue('order_received');
  await expect(detail.locator('[data-quote-editor]')).toHaveCount(0);
});

test('a guest opens a consultation and pays the quote from the private link in another browser', async ({ open, playwright, baseURL, extraHTTPHeaders }) => {
  test.slow();
  const guestEmail = `guest.quote.${unique()}@example.com`;
  // The guest's own browser opened it: only the API is used there.
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders });
  const order = await openConsultation(api, { serviceId: 12, country: 'us', guest: { sessionId: newGuestId(), name: 'Jordan Lee', email: guestEmail } });
  const received = await mailTo(guestEmail, '[Studio Lumi] We received your consultation request');
  expect(received.text).toMatch(new RegExp(`/us/orders/${order.orderNumber}\\?key=[\\w-]+`));

  // Staff price it through the API.
  expect((await api.post('/api/auth/login', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } })).status()).toBe(200);
  await sendQuoteApi(api, order.id, { lines: [{ description: 'Cinematic shoot, one day', amount: 120_000 }, { description: 'Edit and grade', amount: 45_050 }], validDays: 10, note: 'Location fees included.' });
  await api.dispose();

  const mail = await mailTo(guestEmail, /^\[Studio Lumi\] Your quote: /);
  expect(mail.text).toContain('Total: $1,650.50');
  expect(mail.text).toMatch(new RegExp(`/us/orders/${order.orderNumber}\\?key=`));

  // Another browser: no guest id, only the link in the mail.
  const elsewhere = await open();
  await openMail(elsewhere, mail.html);
  await elsewhere.getByRole('link', { name: 'See and pay the quote' }).click();
  await expect(elsewhere).toHaveURL(new RegExp(`/us/orders/${order.orderNumber}\\?key=`));
  const privateLink = elsewhere.url();
  await hydrated(elsewhere);
  await expect(elsewhere.getByRole('heading', { level: 1 })).toHaveText('Your order');
  const card = elsewhere.locator(`[data-order="${order.orderNumber}"]`);
  await expect(card.locator('[data-status]')).toHaveText('Quote sent');
  const quote = card.locator('[data-quote]');
  await expect(quote.getByRole('heading', { name: 'Your quote' })).toBeVisible();
  await expect(quote.locator('[data-quote-total]')).toHaveText('$1,650.50');
  await expect(quote).toContainText('Location fees included.');

  await quote.getByRole('button', { name: 'Pay this quote ($1,650.50)' }).click();
  const dialog = elsewhere.getByRole('dialog', { name: 'Pay for your order' });
  await expect(dialog.locator('[data-payment-methods]').getByRole('radio', { name: 'Card' })).toBeChecked();
  await agreeToAll(dialog);
  await dialog.getByRole('button', { name: 'Pay $1,650.50' }).click();
  await expect(elsewhere).toHaveURL(/\/us\/payment\/success\?/);
  await expect(elsewhere.getByRole('heading', { level: 1 })).toHaveText('Payment complete');
  await expect(elsewhere.locator('[data-order-facts]')).toContainText('$1,650.50');

  await elsewhere.goto(privateLink);
  await hydrated(elsewhere);
  await expect(card.locator('[data-status]')).toHaveAttribute('data-status', 'order_received');
  await expect(card.locator('[data-status]')).toHaveText('Order received');
  await expect(card.locator('[data-pay-quote]')).toHaveCount(0);
});

test('a customer declines a quote with a reason; the order is cancelled and staff read the reason', async ({ open }) => {
  const { page: customer } = await customerPage(open);
  const order = await openConsultation(customer.request, { serviceId: 8, country: 'kr' });
  const staff = await staffPage(open);
  await sendQuoteApi(staff.request, order.id, { lines: [{ description: '3D 캐릭터 모델링', amount: 900_000 }] });

  await customer.goto('/kr/profile');
  await hydrated(customer);
  const card = customer.locator(`[data-order="${order.orderNumber}"]`);
  await expect(card.locator('[data-quote-total]')).toHaveText('₩900,000');
  await card.locator('[data-decline-quote]').click();
  const dialog = customer.locator('[data-decline-dialog]');
  await expect(dialog.getByRole('heading', { name: '견적을 거절하시겠습니까?' })).toBeVisible();
  // Nothing written: the localized error, and nothing sent.
  let declines = 0;
  customer.on('request', (r) => { if (r.url().endsWith('/quote/decline')) declines += 1; });
  await dialog.getByRole('button', { name: '견적 거절' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('거절 사유를 입력해 주세요.');
  await expect(dialog.getByLabel('거절 사유')).toHaveAttribute('aria-invalid', 'true');
  expect(declines).toBe(0);
  await dialog.getByLabel('거절 사유').fill('예산을 초과합니다. 50만 원 이내로 가능할까요?');
  const declined = customer.waitForResponse((r) => r.url().endsWith(`/api/orders/${order.orderNumber}/quote/decline`));
  await dialog.getByRole('button', { name: '견적 거절' }).click();
  expect((await declined).status()).toBe(200);
  await expect(customer.getByText('견적을 거절했습니다').first()).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card.locator('[data-status]')).toHaveText('취소됨');
  await expect(card.locator('[data-status]')).toHaveAttribute('data-status', 'cancelled');
  await expect(card.locator('[data-pay-quote]')).toHaveCount(0);
  await expect(card.locator('[data-decline-quote]')).toHaveCount(0);
  await expect(card.locator('[data-ask-quote]')).toHaveCount(0);

  await staff.goto(`/kr/admin?tab=orders&order=${order.id}`);
  await hydrated(staff);
  const detail = staff.locator('[data-order-detail]');
  await expect(detail.locator('select[data-status-select]')).toHaveValue('cancelled');
  await expect(detail.locator('[data-quote-messages] [data-message-kind="decline"]')).toContainText('거절 사유');
  await expect(detail.locator('[data-quote-messages] [data-message-kind="decline"]')).toContainText('예산을 초과합니다. 50만 원 이내로 가능할까요?');
  // Staff may price it again: a mistaken decline is not final (issue 32, item 11).
  await expect(detail.locator('[data-quote-editor]')).toHaveCount(1);
  // Staff were told by mail, with the reason (the customer gets no mail for their own decline, D30's table).
  await expect.poll(() => mailsTo(E2E_ADMIN.email).some((mail) => mail.text.includes(order.orderNumber) && mail.text.includes('예산을 초과합니다. 50만 원 이내로 가능할까요?')), { timeout: 15_000 }).toBe(true);
});

test('a customer asks about a quote; the question shows under their questions and staff read it', async ({ open }) => {
  const { page: customer } = await customerPage(open);
  const order = await openConsultation(customer.request, { serviceId: 10, country: 'kr' });
  const staff = await staffPage(open);
  await sendQuoteApi(staff.request, order.id, { lines: [{ description: '드론 촬영 (반나절)', amount: 600_000 }] });

  await customer.goto('/kr/profile');
  await hydrated(customer);
  const card = customer.locator(`[data-order="${order.orderNumber}"]`);
  const quote = card.locator('[data-quote]');
  await quote.locator('[data-ask-quote]').click();
  await quote.getByRole('button', { name: '질문 보내기' }).click();
  await expect(quote.getByRole('alert')).toHaveText('질문 내용을 입력해 주세요.');
  await quote.getByLabel('견적에 대한 질문').fill('야간 촬영도 같은 가격인가요?');
  const asked = customer.waitForResponse((r) => r.url().endsWith(`/api/orders/${order.orderNumber}/quote/questions`));
  await quote.getByRole('button', { name: '질문 보내기' }).click();
  expect((await asked).status()).toBe(201);
  await expect(customer.getByText('질문을 보냈습니다').first()).toBeVisible();
  await expect(quote.getByText('보낸 질문')).toBeVisible();
  await expect(quote.locator('li')).toHaveCount(1);
  await expect(quote.locator('li').first()).toContainText('야간 촬영도 같은 가격인가요?');
  // The quote stays open.
  await expect(card.locator('[data-status]')).toHaveAttribute('data-status', 'quoted');
  await expect(quote.locator('[data-pay-quote]')).toBeVisible();

  await staff.goto(`/kr/admin?tab=orders&order=${order.id}`);
  await hydrated(staff);
  const detail = staff.locator('[data-order-detail]');
  await expect(detail.locator('[data-quote-messages] [data-message-kind="question"]')).toContainText('야간 촬영도 같은 가격인가요?');
  await expect(detail.locator('select[data-status-select]')).toHaveValue('quoted');
  await expect.poll(() => mailsTo(E2E_ADMIN.email).some((mail) => mail.text.includes(order.orderNumber) && mail.text.includes('야간 촬영도 같은 가격인가요?')), { timeout: 15_000 }).toBe(true);
});

const LONG_LINES = [
  { description: '배경음악 작곡 및 편곡 (30초, 상업적 이용 라이선스 포함)', amount: 800_000 },
  { description: 'Mastering-and-stem-delivery-for-all-platforms', amount: 150_000 },
];

test('the staff quote editor passes axe and fits a 375 px phone, before and after a quote is sent', async ({ open }) => {
  const staff = await staffPage(open);
  const { page: customer } = await customerPage(open);
  const order = await openConsultation(customer.request, { serviceId: 13, country: 'kr' });

  // The editor of a fresh consultation, two long lines typed.
  await staff.goto(`/kr/admin?tab=orders&order=${order.id}`);
  await hydrated(staff);
  const editor = staff.locator('[data-quote-editor]');
  for (const [index, line] of LONG_LINES.entries()) {
    if (index > 0) await editor.locator('[data-add-quote-line]').click();
    const row = editor.locator(`[data-quote-line="${index}"]`);
    await row.getByRole('textbox', { name: `항목 ${index + 1}`, exact: true }).fill(line.description);
    await row.getByLabel('금액 (KRW)').fill(String(line.amount));
  }
  await expect(editor.locator('[data-quote-editor-total]')).toHaveText('₩950,000');
  await expectNoSeriousAxe(staff, '[data-quote-editor]');
  await staff.setViewportSize({ width: 375, height: 800 });
  await expectFitsPhone(staff, 'staff quote editor', [
    editor.locator('[data-add-quote-line]'), editor.locator('[data-send-quote]'),
    editor.getByRole('button', { name: '항목 1 삭제' }), editor.getByRole('button', { name: '항목 2 삭제' }),
  ]);

  // Sent from the phone: the editor offers version 2 and the version sent is listed.
  await editor.locator('[data-send-quote]').click();
  await expect(staff.locator('[data-order-detail] select[data-status-select]')).toHaveValue('quoted');
  await expect(staff.locator('[data-quote-versions] > li')).toHaveCount(1);
  await expect(editor.getByRole('heading', { name: '견적 수정 (버전 2)' })).toBeVisible();
  await expectFitsPhone(staff, 'staff quote editor with a version sent', [editor.locator('[data-send-quote]'), editor.locator('[data-add-quote-line]')]);
  await expectNoSeriousAxe(staff, '[data-quote-versions]');
  // Each sum of the version sent stays whole on its line, as on the customer's side.
  await expectOneLine(staff.locator('[data-quote-versions] > li > p:first-child > span:last-child, [data-quote-versions] > li ul > li > span:last-child'), 'staff versions at 375 px');
});

test('the customer\'s quote block and its decline dialog pass axe and fit a 375 px phone', async ({ open }) => {
  const { page: customer } = await customerPage(open);
  const order = await openConsultation(customer.request, { serviceId: 6, country: 'kr' });
  const staff = await staffPage(open);
  await sendQuoteApi(staff.request, order.id, { lines: LONG_LINES, note: '촬영 장소 대여비는 포함되어 있습니다.' });

  await customer.goto('/kr/profile');
  await hydrated(customer);
  const quote = customer.locator(`[data-order="${order.orderNumber}"] [data-quote]`);
  await expect(quote.locator('[data-quote-total]')).toHaveText('₩950,000');
  await expectNoSeriousAxe(customer, '[data-quote]');
  await quote.locator('[data-decline-quote]').click();
  const dialog = customer.locator('[data-decline-dialog]');
  await expect(dialog).toBeVisible();
  await expectNoSeriousAxe(customer, '[data-decline-dialog]');
  await dialog.getByRole('button', { name: '견적 유지' }).click();
  await expect(dialog).toBeHidden();

  await customer.setViewportSize({ width: 375, height: 800 });
  await expectOneLine(quote.locator('tr > td:last-child'), 'customer quote at 375 px');
  await expectFitsPhone(customer, 'customer quote block', [quote.locator('[data-pay-quote]'), quote.locator('[data-ask-quote]'), quote.locator('[data-decline-quote]')]);
  await quote.locator('[data-ask-quote]').click();
  await expectNoSeriousAxe(customer, '[data-quote]');
  await expectFitsPhone(customer, 'customer quote block with the question box', [quote.getByRole('button', { name: '질문 보내기' }), quote.getByRole('button', { name: '닫기' })]);
  await quote.getByRole('button', { name: '닫기' }).click();
  await quote.locator('[data-decline-quote]').click();
  await expect(dialog).toBeVisible();
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(375);
  await expectFitsPhone(customer, 'decline dialog', [dialog.getByRole('button', { name: '견적 거절' }), dialog.getByRole('button', { name: '견적 유지' })]);
});
