/**
 * The staff area in the browser: the dashboard renders on the server for staff only; a staff
 * member finds a customer's order, moves it through every status and leaves a comment; the
 * customer sees the timeline and the comment in My Page; briefs and the inbox are worked from
 * their tabs.
 */
import AxeBuilder from '@axe-core/playwright';
import { E2E_ADMIN } from '../../playwright.config.ts';
import { agreeToAll, expect, hydrated, test } from './fixtures.ts';
import packageJson from '../../package.json' with { type: 'json' };
import { buildInfo } from '../../src/server/build-info.ts';

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

test('customers get access denied from the server; staff get the dashboard rendered with data', async ({ page }) => {
  expect((await page.goto('/kr/admin'))?.status()).toBe(401);
  await page.request.post('/api/auth/register', { data: { email: `plain.${unique()}@example.com`, username: `plain${unique()}`, password: 'secret12', firstName: '민수', lastName: '김' } });
  const denied = await page.goto('/kr/admin?tab=orders');
  expect(denied?.status()).toBe(403);
  expect(await denied?.text()).toContain('접근 권한 없음');
  await page.context().clearCookies();
  await page.request.post('/api/auth/login', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } });
  const dashboard = await page.goto('/kr/admin');
  expect(dashboard?.status()).toBe(200);
  const html = await dashboard!.text();
  // The first HTML already holds the figures: no spinner, no second request.
  expect(html).toContain('data-total-users');
  expect(html).toContain('최근 주문');
  for (const tab of ['주문 관리', '회원 관리', '브리프 관리', '문의함', '설정']) {
    await page.getByRole('link', { name: tab, exact: true }).first().click();
    await expect(page.getByRole('link', { name: tab, exact: true }).first()).toHaveAttribute('aria-current', 'page');
  }
  // Each store's methods with the provider behind each: here the sandbox, as no keys are set.
  await expect(page.locator('[data-settings-store="kr"] [data-settings-method="tosspayments"]')).toContainText('내장 샌드박스');
  await expect(page.locator('[data-settings-store="cn"] [data-settings-method]')).toHaveCount(3);
  // The build running: the package's version and this checkout's commit (issue 33, item 14).
  await expect(page.locator('[data-settings]')).toContainText(`v${packageJson.version}`);
  const commit = buildInfo(process.cwd(), packageJson.version).commit;
  if (commit) await expect(page.locator('[data-settings]')).toContainText(commit);
  await expect(page.locator('[data-settings]')).toContainText('(한국 시간)');
});

test('staff move an order through every status and comment; the customer sees the timeline and the comment', async ({ browser, consoleErrors: _ }) => {
  // A long walk through two pages: more time than a one-page test when the machine is busy.
  test.slow();
  // The customer buys with the sandbox and writes the brief.
  const customer = await browser.newPage();
  const email = `timeline.${unique()}@example.com`;
  await customer.request.post('/api/auth/register', { data: { email, username: `timeline${unique()}`, password: 'lumi-buyer-7', firstName: '하늘', lastName: '이', phone: '010-3333-4444' } });
  await customer.goto('/kr/checkout2');
  await hydrated(customer);
  await agreeToAll(customer);
  await customer.getByRole('button', { name: /결제하기/ }).click();
  await expect(customer).toHaveURL(/\/kr\/payment\/success\?/);
  await hydrated(customer);
  await customer.locator('[data-open-brief]').click();
  const brief = customer.getByRole('dialog', { name: '프로젝트 브리프' });
  await brief.getByText('미니멀', { exact: true }).click();
  await brief.locator('[data-brief-submit]').click();
  await expect(brief).toBeHidden();
  await expect(customer.locator('[data-brief-next]')).toContainText('브리프를 받았습니다');

  const number = (await customer.locator('[data-order-id]').textContent())!.trim();
  expect(number).toMatch(/^SL-\d{4}-\d{4}-\d{3}$/);

  // Staff find it by the number as the customer reads it out (no prefix, spaces), then by e-mail.
  const staff = await browser.newPage();
  await staff.request.post('/api/auth/login', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } });
  await staff.goto('/kr/admin?tab=orders');
  await hydrated(staff);
  await staff.getByRole('searchbox', { name: '검색' }).fill(number.slice(3).replace(/-/g, ' '));
  await staff.getByRole('button', { name: '적용' }).click();
  await expect(staff.locator('[data-orders-total]')).toHaveText('1건');
  await expect(staff.locator('[data-admin-order]')).toContainText(number);
  await staff.getByRole('searchbox', { name: '검색' }).fill(email);
  await staff.getByRole('button', { name: '적용' }).click();
  await expect(staff.locator('[data-orders-total]')).toHaveText('1건');
  await staff.locator('[data-admin-order] a').first().click();
  const detail = staff.locator('[data-order-detail]');
  await expect(detail.locator('[data-staff-brief]')).toContainText('미니멀');
  const select = detail.locator('select[data-status-select]');
  // Choosing is not saving: nothing changes until the button is pressed.
  await select.selectOption('completed');
  await expect(detail.locator('[data-history] li').last()).toContainText('접수완료');
  await select.selectOption('order_received');
  await expect(detail.locator('button[data-save-status]')).toBeDisabled();
  // A fixed-price order has no quote: its menu does not offer the quote step.
  await expect(select.locator('option[value="quote_review"]')).toHaveCount(0);
  for (const [status, label] of [['in_progress', '작업진행중'], ['draft_delivered', '시안 전달 완료'], ['completed', '작업완료'], ['order_received', '접수완료']] as const) {
    await select.selectOption(status);
    await detail.locator('button[data-save-status]').click();
    await expect(staff.getByText('상태 업데이트 완료').first()).toBeVisible();
    await expect(detail.locator('[data-history] li').last()).toContainText(label);
    await expect(detail.locator('[data-history] li').last()).toContainText(E2E_ADMIN.email);
  }
  await select.selectOption('in_progress');
  await detail.locator('button[data-save-status]').click();
  await expect(detail.locator('[data-history] li').last()).toContainText('작업진행중');
  await detail.getByLabel('고객에게 보이는 코멘트').fill('시안은 내일 오후에 보내드립니다.');
  await detail.getByRole('button', { name: '코멘트 저장' }).click();
  await expect(staff.getByText('코멘트 업데이트 완료')).toBeVisible();

  // Briefs: approve it from the briefs tab (the button of the current status is disabled).
  await staff.goto('/kr/admin?tab=briefs');
  await hydrated(staff);
  const card = staff.locator('[data-admin-brief]').filter({ hasText: email });
  await card.getByRole('button', { name: '검토중' }).click();
  await expect(card.locator('[data-brief-status]')).toHaveText('검토중');
  await expect(card.getByRole('button', { name: '검토중' })).toBeDisabled();
  await card.getByRole('button', { name: '승인됨' }).click();
  await expect(card.locator('[data-brief-status]')).toHaveText('승인됨');

  // The customer's My Page: timeline from the record, the comment, the approved brief.
  await customer.goto('/kr/profile');
  const order = customer.locator('[data-order]').first();
  await expect(order.locator('[data-status]')).toHaveText('작업진행중');
  await expect(order.locator('[data-step="order_received"]')).toHaveAttribute('data-state', 'done');
  await expect(order.locator('[data-step="in_progress"]')).toHaveAttribute('data-state', 'current');
  await expect(order.locator('[data-step="draft_delivered"]')).toHaveAttribute('data-state', 'upcoming');
  await expect(order).toContainText('시안은 내일 오후에 보내드립니다.');
  await expect(order.locator('[data-brief-status]')).toHaveText('승인됨');
});

test('staff cancel a paid order with the refund the policy allows; the customer sees it cancelled', async ({ browser, consoleErrors: _ }) => {
  // Two browsers, a payment and a dozen staff steps: more than 30 s on a loaded two-core machine.
  test.slow();
  const customerBrowser = await browser.newContext();
  const customer = await customerBrowser.newPage();
  const email = `refund.${unique()}@example.com`;
  await customer.request.post('/api/auth/register', { data: { email, username: `refund${unique()}`, password: 'lumi-buyer-7', firstName: '지민', lastName: '박', phone: '010-5555-0000' } });
  await customer.goto('/kr/checkout1');
  await hydrated(customer);
  await agreeToAll(customer);
  await customer.getByRole('button', { name: /결제하기/ }).click();
  await expect(customer.locator('[data-brief-next]')).toBeVisible();

  const staff = await browser.newPage();
  await staff.request.post('/api/auth/login', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } });
  await staff.goto(`/kr/admin?tab=orders&q=${encodeURIComponent(email)}`);
  await hydrated(staff);
  await staff.locator('[data-admin-order] a').first().click();
  const detail = staff.locator('[data-order-detail]');
  // Work started: the policy allows half of ₩30,000.
  await detail.locator('select[data-status-select]').selectOption('in_progress');
  await detail.locator('button[data-save-status]').click();
  await expect(detail.locator('[data-history] li').last()).toContainText('작업진행중');
  const cancel = detail.locator('[data-staff-cancel]');
  await expect(cancel).toContainText('최대 50% (₩15,000)');
  await expect(cancel.getByLabel('환불 금액')).toHaveValue('15000');
  await cancel.getByLabel('환불 금액').fill('20000');
  await cancel.getByLabel('취소 사유').fill('고객 요청 (전화)');
  await expect(cancel.getByRole('button', { name: '주문 취소' })).toBeDisabled();
  await cancel.getByLabel('환불 금액').fill('12000');
  await cancel.getByRole('button', { name: '₩12,000 환불하고 취소' }).click();
  await expect(staff.getByText('환불하고 주문을 취소했습니다').first()).toBeVisible();
  await expect(detail.locator('select[data-status-select]')).toHaveValue('cancelled');
  await expect(detail).toContainText('₩12,000 · 고객 요청 (전화)');
  await expect(detail.locator('[data-staff-cancel]')).toHaveCount(0);

  // A page of its own in the customer's browser: the first one may still be busy with the
  // success page's own navigation, which a goto there would race (seen under load).
  const myPage = await customerBrowser.newPage();
  await myPage.goto('/kr/profile');
  await expect(myPage.locator('[data-order]').first().locator('[data-status]')).toHaveText('취소됨');
  await customerBrowser.close();
});

test('the inbox shows contact messages in their language and marks them handled, in words also right after the page loads', async ({ page, consoleErrors: _ }) => {
  // The rest of the page's message catalogs come late, as on a slow phone: the toast waits for
  // its words instead of showing a message key (CI once clicked before they came).
  await page.route(/\/assets\/messages\//, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  const email = `inbox.${unique()}@example.com`;
  await page.request.post('/api/contact', { data: { name: 'Nguyễn Văn A', email, service: 'basic', message: 'Xin chào, tôi muốn hỏi giá chụp ảnh món ăn.' }, headers: { 'accept-language': 'vi', 'x-store-country': 'vn' } });
  await page.request.post('/api/auth/login', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } });
  await page.goto('/kr/admin?tab=inbox&handled=false');
  await hydrated(page);
  const message = page.locator(`[data-contact="${email}"]`);
  await expect(message).toContainText('작성 언어: Tiếng Việt');
  // The server's answer first: when the toast is missing, the failure says on which side.
  const answer = page.waitForResponse((response) => response.request().method() === 'PATCH' && response.url().includes('/api/admin/contacts/'));
  await message.getByRole('button', { name: '처리 완료로 표시' }).click();
  expect((await answer).status()).toBe(200);
  await expect(page.getByText('문의를 처리 완료로 표시했습니다')).toBeVisible();
  await expect(page.getByText('toast.handled')).toHaveCount(0);
  await expect(page.locator(`[data-contact="${email}"]`)).toHaveCount(0);
  await page.goto('/kr/admin?tab=inbox&handled=true');
  await expect(page.locator(`[data-contact="${email}"]`)).toContainText(E2E_ADMIN.email);
});

test('every tab of the dashboard passes axe and fits a 375 px phone', async ({ page }) => {
  test.slow();
  await page.request.post('/api/auth/login', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    for (const tab of ['overview', 'orders', 'users', 'briefs', 'inbox', 'settings']) {
      await page.goto(`/kr/admin?tab=${tab}`);
      await hydrated(page);
      if (tab === 'orders' && (await page.locator('[data-admin-order] a').count())) {
        await page.locator('[data-admin-order] a').first().click();
        await page.locator('[data-order-detail]').waitFor();
      }
      const { overflow, widest } = await page.evaluate(() => ({
        overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        // What sticks out, for the failure message.
        widest: [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1 && !e.parentElement?.closest('.overflow-x-auto')).slice(0, 3).map((e) => `${e.tagName}.${String(e.className).slice(0, 60)}`),
      }));
      expect(overflow, `${tab} at ${width}px: ${widest.join(' | ')}`).toBeLessThanOrEqual(0);
      if (width === 1280) {
        const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
        expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} ${v.nodes[0]?.target.join(' ')}`), tab).toEqual([]);
      }
    }
  }
});

test('staff are offered only what the lifecycle allows, asked to sign in in their own words, and see every tab, whole addresses and their name', async ({ page, browser, extraHTTPHeaders, consoleErrors: _ }) => {
  test.slow();
  // Signed out: the staff area asks for a staff sign-in, not for My Page's.
  expect((await page.goto('/kr/admin'))?.status()).toBe(401);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('직원 로그인이 필요합니다');
  await expect(page.getByText('관리자 화면은 스튜디오 직원만 이용할 수 있습니다.', { exact: false })).toBeVisible();
  await expect(page.getByText('회원 정보와 주문 내역을 보려면 로그인해주세요.')).toHaveCount(0);

  // A customer with a long address: one order paid, one cancelled before it was paid.
  const origin = test.info().project.use.baseURL!;
  const customer = await browser.newContext({ extraHTTPHeaders });
  const email = `long.customer.address.${unique()}@studio-lumi-example.co.kr`;
  expect((await customer.request.post(`${origin}/api/auth/register`, { data: { email, password: 'lumi-buyer-7', firstName: '하늘', lastName: '이', phone: '010-3333-4444' } })).status()).toBe(201);
  const place = async () => (await customer.request.post(`${origin}/api/orders`, { data: { customerName: '이하늘', customerEmail: email, customerPhone: '010-3333-4444', serviceId: 1, quantity: 3, country: 'kr' }, headers: { 'x-store-country': 'kr', 'accept-language': 'ko' } })).json() as Promise<{ id: string; orderId: string; amount: number }>;
  const paid = await place();
  const { paymentKey } = await (await customer.request.post(`${origin}/api/payments/sandbox/authorize`, { data: { orderId: paid.orderId, card: 'approved' } })).json();
  expect((await customer.request.post(`${origin}/api/confirm`, { data: { orderId: paid.orderId, amount: paid.amount, paymentKey } })).status()).toBe(200);
  const cancelled = await place();
  expect((await customer.request.post(`${origin}/api/orders/${cancelled.orderId}/cancel`, { data: {} })).status()).toBe(200);
  await customer.close();

  await page.request.post('/api/auth/login', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } });
  await page.goto(`/kr/admin?tab=orders&q=${encodeURIComponent(email)}&order=${cancelled.id}`);
  await hydrated(page);
  const detail = page.locator('[data-order-detail]');
  // Nothing follows a cancel: the menu is disabled and says why; no save button to answer 409.
  const select = detail.locator('select[data-status-select]');
  await expect(select).toBeDisabled();
  await expect(select.locator('option')).toHaveText(['취소됨']);
  await expect(detail.locator('[data-status-locked]')).toHaveText('취소된 주문은 상태를 바꿀 수 없습니다.');
  await expect(detail.locator('button[data-save-status]')).toHaveCount(0);
  await expect(page.locator(`[data-admin-order="${cancelled.orderId}"] select[data-status-select]`)).toBeDisabled();
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);
  // A paid order is cancelled with its refund decision, and `quoted` comes only with a quote: neither is offered.
  await page.goto(`/kr/admin?tab=orders&q=${encodeURIComponent(email)}&order=${paid.id}`);
  await hydrated(page);
  const offered = await detail.locator('select[data-status-select] option').allTextContents();
  expect(offered[0]).toBe('접수완료');
  expect(offered).not.toContain('취소됨');
  expect(offered).not.toContain('견적 발송됨');
  expect(offered).toEqual(expect.arrayContaining(['결제 대기', '작업진행중', '시안 전달 완료', '작업완료']));

  // On a phone every tab is whole on screen, and the address wraps only before its @ or a dot.
  await page.setViewportSize({ width: 375, height: 800 });
  for (const tab of ['대시보드', '주문 관리', '회원 관리', '브리프 관리', '문의함', '설정']) {
    const box = (await page.getByRole('navigation', { name: '관리자 대시보드' }).getByRole('link', { name: tab, exact: true }).boundingBox())!;
    expect(box.x, tab).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, tab).toBeLessThanOrEqual(375);
  }
  // The customer's line and the history (the customer placed and paid the order) both show it.
  const addresses = detail.locator(`[data-email="${email}"]`);
  await expect(addresses.first()).toBeVisible();
  const lineStarts = await addresses.evaluateAll((elements) => elements.flatMap((element) => {
    const starts: string[] = [];
    let lastTop: number | null = null;
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let i = 0; i < node.textContent!.length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const top = Math.round(range.getBoundingClientRect().top);
        if (lastTop !== null && top > lastTop + 2) starts.push(node.textContent!.slice(i));
        lastTop = top;
      }
    }
    return starts;
  }));
  expect(lineStarts.length, 'the address is long enough to wrap at 375 px').toBeGreaterThan(0);
  for (const start of lineStarts) expect(start, 'a line of the address starts at its @ or a dot').toMatch(/^[@.]/);

  // On a laptop the staff member's name is not cut short.
  await page.setViewportSize({ width: 1280, height: 800 });
  const name = page.locator('header').getByText('Admin Studio Lumi', { exact: true });
  await expect(name).toBeVisible();
  expect(await name.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
});
