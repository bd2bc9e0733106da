/**
 * Issue 33, "Sharp edges": what a newcomer met in Chromium that cost sales, each walked as they
 * walked it (the store, the language and the width they used).
 */
import { newGuestId } from '../../src/domain/guest.ts';
import { mailTo } from './mail-catcher.ts';
import { agreeToAll, expect, hydrated, test } from './fixtures.ts';

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

test.describe('signing in from "Order now" (item 17)', () => {
  test('a returning customer who logs in from a service lands on its checkout signed in (/au, en, 1280 px)', async ({ page, request, consoleErrors: _ }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const email = `returning.${unique()}@example.com`;
    // The account exists from an earlier visit (the request fixture is another client): this browser is signed out.
    expect((await request.post('/api/auth/register', { data: { email, password: 'lumi-returning-4', firstName: 'Jamie', lastName: 'Lee' } })).status()).toBe(201);

    await page.goto('/au');
    await hydrated(page);
    await page.locator('button[data-service-id="2"]').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Order now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log in or sign up' });
    await dialog.getByLabel('E-mail').fill(email);
    await dialog.getByLabel('Password', { exact: true }).fill('lumi-returning-4');
    await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(dialog).toBeHidden();

    await expect(page).toHaveURL(/\/au\/checkout2$/);
    // Signed in everywhere on the page, without a reload: the top bar and the payment box.
    await expect(page.getByRole('button', { name: 'Account menu for Jamie Lee' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Log in' })).toHaveCount(0);
    await expect(page.getByText('Log in, or order as a guest.')).toHaveCount(0);
  });
});

test.describe('after a payment that did not go through (items 18 and 19)', () => {
  test('"Try again" opens this order\'s payment, not whatever the browser\'s history holds (/kr, ko)', async ({ page, consoleErrors: _ }) => {
    const email = `again.${unique()}@example.com`;
    expect((await page.request.post('/api/auth/register', { data: { email, password: 'lumi-again-5', firstName: '민수', lastName: '김', phone: '010-2222-3333' } })).status()).toBe(201);
    // An earlier order, paid: its success page is two steps back in this tab's history.
    await page.goto('/kr/checkout1');
    await hydrated(page);
    await agreeToAll(page);
    await page.getByRole('button', { name: /결제하기/ }).click();
    await expect(page).toHaveURL(/\/kr\/payment\/success\?/);
    await page.goto('/kr/checkout1');
    await hydrated(page);
    await page.getByRole('radio', { name: /^거절되는 카드/ }).check();
    await agreeToAll(page);
    await page.getByRole('button', { name: /결제하기/ }).click();
    await expect(page).toHaveURL(/\/kr\/payment\/fail\?/);
    const failed = new URL(page.url()).searchParams.get('orderId')!;
    await expect(page.locator('[data-kept-order]')).toHaveAttribute('data-kept-order', failed);
    await expect(page.locator('[data-kept-order]')).toContainText('마이페이지에서 언제든 이 주문을 결제할 수 있습니다.');
    await page.getByRole('link', { name: '이 주문 다시 결제하기' }).click();
    await expect(page).toHaveURL(new RegExp(`/kr/profile\\?pay=${failed}$`));
    const dialog = page.getByRole('dialog', { name: '주문 결제하기' });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator(`[data-pay-order="${failed}"]`)).toBeVisible();
  });

  test('a guest whose card was declined gets the order\'s private link on the page and by mail, and pays from it (/us, en, 375 px)', async ({ page, consoleErrors: _ }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    const email = `kept.${unique()}@example.com`;
    await page.goto('/us/checkout1');
    await hydrated(page);
    await page.getByLabel('Name').fill('Jamie Guest');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Phone').fill('+1 415 555 0134');
    await page.getByRole('button', { name: /^Pay / }).first().click();
    await page.getByRole('dialog').getByRole('button', { name: 'Continue as a guest' }).click();
    await page.getByRole('radio', { name: /^Declined card/ }).check();
    await agreeToAll(page);
    await page.getByRole('button', { name: 'Pay $21.90' }).first().click();
    await expect(page).toHaveURL(/\/us\/payment\/fail\?/);
    const orderNumber = new URL(page.url()).searchParams.get('orderId')!;

    const kept = page.locator('[data-kept-order]');
    await expect(kept.getByRole('heading', { name: 'Your order is saved' })).toBeVisible();
    await expect(kept).toContainText(`We've also e-mailed the link to ${email}.`);
    await expect(kept).toContainText('$21.90');
    const privatePath = await kept.locator('[data-kept-link]').getAttribute('href');
    expect(privatePath).toMatch(new RegExp(`^/us/orders/${orderNumber}\\?key=[\\w-]+$`));

    // The same link by mail, once, whatever the page is reloaded.
    await page.reload();
    const mail = await mailTo(email, /^\[Studio Lumi\] Your order is saved: /);
    expect(mail.text).toContain(`${privatePath}&pay=1`);
    expect(mail.text).toContain('$21.90');

    await page.getByRole('link', { name: 'Pay for this order again' }).click();
    await expect(page).toHaveURL(new RegExp(`/us/orders/${orderNumber}\\?key=[\\w-]+&pay=1$`));
    const dialog = page.getByRole('dialog', { name: 'Pay for your order' });
    await expect(dialog).toBeVisible();
    await agreeToAll(dialog);
    await dialog.getByRole('button', { name: 'Pay $21.90' }).click();
    await expect(page).toHaveURL(/\/us\/payment\/success\?/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment complete');
    await expect.poll(async () => (await import('./mail-catcher.ts')).mailsTo(email).filter((m) => /Your order is saved/.test(m.subject)).length).toBe(1);
  });
});

test.describe('the sign-up form (item 30)', () => {
  for (const [store, first, second] of [['us', 'First name', 'Last name'], ['kr', '성', '이름']] as const) {
    test(`asks for the names in the order /${store} writes them: ${first}, then ${second}`, async ({ page, consoleErrors: _ }) => {
      await page.goto(`/${store}`);
      await hydrated(page);
      await page.locator('header').getByRole('button', { name: store === 'us' ? 'Log in' : '로그인' }).first().click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('tab', { name: store === 'us' ? 'Sign up' : '회원가입' }).click();
      const labels = await dialog.locator('label').allInnerTexts();
      const at = (name: string) => labels.findIndex((label) => label.trim().startsWith(name));
      expect(at(first)).toBeGreaterThanOrEqual(0);
      expect(at(first)).toBeLessThan(at(second));
    });
  }
});

test.describe('times a customer reads (item 25)', () => {
  test.use({ timezoneId: 'America/New_York', locale: 'en-US' });
  test('a guest in New York sees the order\'s time on their own clock, its zone named', async ({ page, request, consoleErrors: _ }) => {
    const guest = newGuestId();
    const placed = await request.post('/api/orders', { headers: { 'x-store-country': 'us', 'accept-language': 'en' }, data: { customerName: 'Jamie Guest', customerEmail: `clock.${unique()}@example.com`, customerPhone: '+1 415 555 0134', country: 'us', selectedTemplate: { id: 1 }, sessionId: guest } });
    expect(placed.status(), await placed.text()).toBe(201);
    const created = await placed.json();
    const start = await request.post('/api/payments/start', { data: { orderId: created.orderId, provider: 'stripe', sessionId: guest } });
    expect(start.status(), await start.text()).toBe(200);
    const ref = new URL((await start.json()).redirectUrl).searchParams.get('ref');
    await page.goto(`/us/payment/fail?code=PAY_PROCESS_CANCELED&orderId=${created.orderId}&ref=${ref}`);
    await hydrated(page);
    await page.locator('[data-kept-link]').click();
    await hydrated(page);
    const line = page.locator(`[data-order="${created.orderId}"]`).locator('p', { hasText: created.orderId });
    // After hydration: New York's clock (EST or EDT), not Korea's.
    await expect(line).toContainText(/\b(EST|EDT)\b/);
    const createdAt = new Date((await (await request.get(`/api/orders/${created.orderId}?sessionId=${guest}`)).json()).order.createdAt);
    const hour = new Intl.DateTimeFormat('en-US', { hour: 'numeric', timeZone: 'America/New_York' }).format(createdAt);
    await expect(line).toContainText(hour.replace(/\s?(AM|PM)$/, ''));
  });
});

test('the home headline stays as it was when the visitor signs in (item 32)', async ({ page, request, consoleErrors: _ }) => {
  const email = `hero.${unique()}@example.com`;
  expect((await request.post('/api/auth/register', { data: { email, password: 'lumi-hero-22', firstName: '민수', lastName: '김' } })).status()).toBe(201);
  await page.goto('/kr');
  await hydrated(page);
  const headline = await page.locator('#hero-title').innerText();
  const variant = await page.locator('[data-hero-variant]').getAttribute('data-hero-variant');
  await page.locator('header').getByRole('button', { name: '로그인' }).first().click();
  const dialog = page.getByRole('dialog', { name: '로그인 또는 회원가입' });
  await dialog.getByLabel('이메일').fill(email);
  await dialog.getByLabel('비밀번호', { exact: true }).fill('lumi-hero-22');
  await dialog.getByRole('button', { name: '로그인', exact: true }).click();
  await expect(page.getByRole('button', { name: '김민수님의 계정 메뉴' })).toBeVisible();
  await expect(page.locator('[data-hero-variant]')).toHaveAttribute('data-hero-variant', variant!);
  await expect(page.locator('#hero-title')).toHaveText(headline);
});

test('a guest\'s private order page at 375 px: the amount on a row of its own, and the brief as written (item 31)', async ({ page, request, consoleErrors: _ }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const email = `brief.${unique()}@example.com`;
  const opened = await request.post('/api/project-briefs', {
    headers: { 'x-store-country': 'us', 'accept-language': 'en' },
    data: { serviceId: 12, style: ['modern'], additionalRequests: 'A launch video for our new cold brew, 30 seconds.', customerName: 'Jordan Lee', customerEmail: email, customerPhone: '+1 415 555 0100', sessionId: newGuestId() },
  });
  expect(opened.status(), await opened.text()).toBe(201);
  const mail = await mailTo(email, '[Studio Lumi] We received your consultation request');
  const link = /(\/us\/orders\/[\w-]+\?key=[\w-]+)/.exec(mail.text)![1]!;
  await page.goto(link);
  await hydrated(page);
  const card = page.locator('[data-order]');
  await expect(card.locator('[data-brief]')).toHaveAttribute('open', '');
  await expect(card.locator('[data-brief]')).toContainText('A launch video for our new cold brew, 30 seconds.');
  const cardBox = (await card.boundingBox())!;
  const amountBox = (await card.locator('[data-order-amount]').boundingBox())!;
  // Its own row, from the card's left edge, not squeezed beside the name.
  expect(amountBox.x - cardBox.x).toBeLessThan(40);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
});

test('the cart shows each template\'s picture and whole name at 360 px, and changes its quantity with − and + (item 23)', async ({ page, consoleErrors: _ }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto('/kr/template/5');
  await hydrated(page);
  await page.getByRole('button', { name: '장바구니에 담기' }).click();
  await page.getByRole('button', { name: '장바구니에 담기' }).click();
  await page.getByRole('button', { name: '장바구니 열기 (2개)' }).click();
  const cart = page.getByRole('dialog', { name: '장바구니' });
  const line = cart.locator('[data-cart-line="5"]');
  await expect(line.locator('img')).toHaveCount(1);
  await expect(line.locator('[data-cart-quantity]')).toHaveText('2');
  const name = line.locator('p.font-medium');
  expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  const total = await cart.locator('[data-cart-total]').innerText();
  await line.getByRole('button', { name: /하나 빼기$/ }).click();
  await expect(line.locator('[data-cart-quantity]')).toHaveText('1');
  await expect(line.getByRole('button', { name: /하나 빼기$/ })).toBeDisabled();
  await expect(cart.locator('[data-cart-total]')).not.toHaveText(total);
  await line.getByRole('button', { name: /하나 더하기$/ }).click();
  await expect(line.locator('[data-cart-quantity]')).toHaveText('2');
  await expect(cart.locator('[data-cart-total]')).toHaveText(total);
  await expect(page.getByRole('button', { name: '장바구니 열기 (2개)' })).toBeAttached();
});

test('each package card has an icon of its own (item 10)', async ({ page, consoleErrors: _ }) => {
  await page.goto('/kr');
  await hydrated(page);
  const icons = page.locator('#pricing [data-package-icon]');
  await expect(icons).toHaveCount(3);
  await page.locator('#pricing').scrollIntoViewIfNeeded();
  const images = await icons.evaluateAll((spans) => spans.map((span) => getComputedStyle(span).backgroundImage));
  expect(images.every((image) => /\/icons\/package-[a-z]+\.svg/.test(image))).toBe(true);
  expect(new Set(images).size).toBe(3);
  for (const image of images) {
    const file = /\/icons\/package-[a-z]+\.svg/.exec(image)![0];
    const answer = await page.request.get(file);
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toContain('image/svg+xml');
  }
});
