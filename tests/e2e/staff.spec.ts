/**
 * The staff area in the browser: the dashboard renders on the server for staff only; a staff
 * member finds a customer's order, moves it through every status and leaves a comment; the
 * customer sees the timeline and the comment in My Page; briefs and the inbox are worked from
 * their tabs.
 */
import AxeBuilder from '@axe-core/playwright';
import { E2E_ADMIN } from '../../playwright.config.ts';
import { agreeToAll, expect, hydrated, test } from './fixtures.ts';

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
  await expect(page.locator('[data-settings]')).toContainText('v0.1.0');
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
  const brief = customer.getByRole('dialog', { name: '프로젝트 브리프' });
  await brief.getByText('미니멀', { exact: true }).click();
  await brief.locator('[data-brief-submit]').click();
  await expect(customer).toHaveURL(/\/kr$/);

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
  for (const [status, label] of [['in_progress', '작업진행중'], ['draft_delivered', '시안 전달 완료'], ['completed', '작업완료'], ['quote_review', '견적확인중'], ['order_received', '접수완료']] as const) {
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
  await customer.getByRole('dialog', { name: '프로젝트 브리프' }).getByRole('button', { name: '나중에 작성' }).click();

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

test('the inbox shows contact messages in their language and marks them handled', async ({ page, consoleErrors: _ }) => {
  const email = `inbox.${unique()}@example.com`;
  await page.request.post('/api/contact', { data: { name: 'Nguyễn Văn A', email, service: 'basic', message: 'Xin chào, tôi muốn hỏi giá chụp ảnh món ăn.' }, headers: { 'accept-language': 'vi', 'x-store-country': 'vn' } });
  await page.request.post('/api/auth/login', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } });
  await page.goto('/kr/admin?tab=inbox&handled=false');
  await hydrated(page);
  const message = page.locator(`[data-contact="${email}"]`);
  await expect(message).toContainText('작성 언어: Tiếng Việt');
  await message.getByRole('button', { name: '처리 완료로 표시' }).click();
  await expect(page.getByText('문의를 처리 완료로 표시했습니다')).toBeVisible();
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
