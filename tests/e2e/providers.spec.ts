/**
 * Paying through Stripe and PayPal in the browser (issue 14): a store whose Stripe and PayPal are
 * fakes on loopback that answer as the providers' API references say, with hosted pages of their
 * own (tests/integration/support/stripe.ts, paypal.ts) and webhooks they deliver by themselves.
 * The customer pays from the checkout dialog, on the provider's page, and comes back to our
 * success page, whose loader confirms on the server; the webhook that follows changes nothing.
 * Also: a delayed method (Alipay) shown as processing and then paid, a PayPal decline and a
 * cancel on the fail page with the order still payable, and every page of these flows through axe
 * and at 375 px (screenshots in /tmp/provider-shots).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Locator, Page, TestInfo } from '@playwright/test';
import { E2E_ADMIN, E2E_PROVIDERS_STORE_PORT, E2E_SMTP_PORT, workerPort } from '../../playwright.config.ts';
import { startBuiltServer } from '../../scripts/bench/serve.ts';
import { FAKE_PAYPAL_CLIENT_ID, FAKE_PAYPAL_SECRET, FAKE_PAYPAL_WEBHOOK_ID, startFakePaypal, type FakePaypal } from '../integration/support/paypal.ts';
import { FAKE_STRIPE_SECRET, FAKE_STRIPE_WEBHOOK_SECRET, startFakeStripe, type FakeStripe } from '../integration/support/stripe.ts';
import { agreeToAll, expect, hydrated, test } from './fixtures.ts';

const STORE_PORT = workerPort(E2E_PROVIDERS_STORE_PORT);
const STORE = `http://127.0.0.1:${STORE_PORT}`;
const SHOTS = '/tmp/provider-shots';
const DESKTOP = { width: 1280, height: 720 };
const PHONE = { width: 375, height: 740 };
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

interface OrderView {
  orderId: string;
  status: string;
  amount: number;
  currency: string;
  paidAt: string | null;
  paymentMethod: string | null;
  history: Array<{ from: string | null; to: string; at: string }>;
}

/**
 * A page of the flow as it is now: axe finds nothing, whatever the impact (every finding is kept in
 * SHOTS/axe-<name>.json and noted on the test), it is photographed at 1280 px, and at 375 px
 * nothing scrolls sideways (an open dialog stays inside the screen too) and it is photographed
 * again. The viewport is 1280 px again afterwards.
 */
async function inspect(page: Page, name: string, testInfo: TestInfo, options: { dialog?: Locator; modalOpen?: boolean } = {}) {
  const { dialog } = options;
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  fs.writeFileSync(`${SHOTS}/axe-${name}.json`, JSON.stringify(results.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')) })), null, 2));
  for (const v of results.violations) testInfo.annotations.push({ type: `axe ${v.impact} (${name})`, description: `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})` });
  // Stricter than accessibility.spec.ts (serious and critical only): these pages have none at all.
  const found = results.violations.map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`);
  expect(found, `axe on ${name}`).toEqual([]);

  const shoot = async (width: number) => {
    if (dialog) {
      // The methods are what the shot is for: scrolled into the dialog's view.
      await dialog.locator('[data-payment-methods]').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
    } else {
      // A full-page shot stretches the page under an open modal's backdrop: the screen only, then.
      // From the top, so that sticky bars sit where they belong in the shot.
      if (!options.modalOpen) await page.evaluate(() => window.scrollTo(0, 0));
      // The footer is drawn only near the screen (content-visibility: auto): drawn for the whole page.
      if (!options.modalOpen) await page.addStyleTag({ content: '.later-section { content-visibility: visible !important; }' });
      await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: !options.modalOpen });
    }
  };
  await shoot(DESKTOP.width);
  await page.setViewportSize(PHONE);
  await expect.poll(() => page.evaluate(() => window.innerWidth)).toBe(PHONE.width);
  const scrollWidth = await page.evaluate(() => document.scrollingElement!.scrollWidth);
  expect(scrollWidth, `${name}: page width at 375 px`).toBeLessThanOrEqual(PHONE.width);
  if (dialog) {
    const box = (await dialog.boundingBox())!;
    expect(box.x, `${name}: dialog's left edge`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${name}: dialog's right edge`).toBeLessThanOrEqual(PHONE.width);
    const inner = await dialog.evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(inner, `${name}: dialog's sideways overflow`).toBeLessThanOrEqual(0);
  }
  await shoot(PHONE.width);
  if (dialog) {
    // The whole dialog at once, on a tall phone, to look at every part of it.
    await page.setViewportSize({ width: PHONE.width, height: 1800 });
    await page.screenshot({ path: `${SHOTS}/${name}-${PHONE.width}-tall.png` });
  }
  await page.setViewportSize(DESKTOP);
}

/**
 * A success page as the server renders it (the page's own scripts held back; axe still runs): the same checks and shots as
 * `inspect`, of the page itself. Its loader confirms again and answers the same, charging nothing.
 */
async function inspectServerRendered(browser: Browser, from: Page, name: string, heading: string, testInfo: TestInfo) {
  // The same visitor (cookies and the guest id), in a context of its own.
  const context = await browser.newContext({ baseURL: STORE, viewport: DESKTOP, storageState: await from.context().storageState() });
  await context.route(/\/assets\/.*\.js(\?.*)?$/, (route) => route.abort());
  try {
    const page = await context.newPage();
    await page.goto(from.url());
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await inspect(page, name, testInfo);
  } finally {
    await context.close();
  }
}

/** The order as its owner reads it (GET /api/orders/:orderId), a guest by their id. */
async function readOrder(page: Page, orderId: string, guestId?: string): Promise<OrderView> {
  const response = await page.request.get(`/api/orders/${orderId}${guestId ? `?sessionId=${encodeURIComponent(guestId)}` : ''}`);
  expect(response.status(), `GET /api/orders/${orderId}`).toBe(200);
  return ((await response.json()) as { order: OrderView }).order;
}

const guestIdOf = (page: Page) => page.evaluate(() => window.localStorage.getItem('guest_session_id'));
const paidTimes = (order: OrderView) => order.history.filter((h) => h.to === 'order_received').length;

/** From a template page: Buy now, then on as a guest with the orderer's details. */
async function buyTemplateAsGuest(page: Page, country: string, templateId: number, text: { guest: string; name: string; email: string; phone: string }, who: { name: string; email: string; phone: string }) {
  await page.goto(`/${country}/template/${templateId}`);
  await hydrated(page);
  await page.locator(`button[data-buy-template="${templateId}"]`).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: text.guest }).click();
  await dialog.getByLabel(text.name).fill(who.name);
  await dialog.getByLabel(text.email).fill(who.email);
  await dialog.getByLabel(text.phone).fill(who.phone);
  return dialog;
}

test.describe.serial('paying through Stripe and PayPal (issue 14)', () => {
  let stripe: FakeStripe;
  let paypal: FakePaypal;
  let store: Awaited<ReturnType<typeof startBuiltServer>>;
  test.use({ baseURL: STORE });

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    fs.mkdirSync(SHOTS, { recursive: true });
    stripe = await startFakeStripe({ webhookUrl: `${STORE}/api/webhooks/stripe` });
    paypal = await startFakePaypal({ webhookUrl: `${STORE}/api/webhooks/paypal` });
    store = await startBuiltServer(STORE_PORT, {
      PUBLIC_URL: STORE,
      STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET, STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET, STRIPE_API_BASE: stripe.url,
      PAYPAL_CLIENT_ID: FAKE_PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET: FAKE_PAYPAL_SECRET, PAYPAL_WEBHOOK_ID: FAKE_PAYPAL_WEBHOOK_ID, PAYPAL_API_BASE: paypal.url,
      SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
      ADMIN_EMAIL: E2E_ADMIN.email, ADMIN_PASSWORD: E2E_ADMIN.password,
      SESSION_SECRET: 'e2e-providers-session-secret-0123456789ab', LOG_LEVEL: 'error', TRUST_PROXY: 'loopback',
    });
  });

  test.afterAll(async () => {
    await store?.stop();
    await stripe?.stop();
    await paypal?.stop();
  });

  test('a guest in /us buys a template by card on Stripe\'s page; the order is paid once, the webhook changes nothing', async ({ page, browser, consoleErrors: _ }, testInfo) => {
    test.slow();
    const dialog = await buyTemplateAsGuest(page, 'us', 1, { guest: 'Order as a guest', name: 'Name', email: 'E-mail', phone: 'Phone' },
      { name: 'Jordan Lee', email: `stripe.${unique()}@example.com`, phone: '+1 415 555 0134' });
    await expect(dialog.getByRole('heading', { name: 'Your order' })).toBeVisible();
    const methods = dialog.locator('[data-payment-methods]');
    await expect(methods).toHaveRole('group');
    await expect(methods).toHaveAccessibleName('Payment method');
    await expect(methods.getByRole('radio')).toHaveCount(2);
    await expect(methods.getByRole('radio', { name: 'Card' })).toBeChecked();
    await expect(methods.getByRole('radio', { name: 'PayPal' })).not.toBeChecked();
    await expect(dialog.locator('[data-payment-redirect]')).toHaveText('You will be taken to Stripe\'s secure page to pay, then brought back here.');
    // D29: Stripe on test keys (sk_test_…) takes no real money, and the dialog says so.
    await expect(dialog.locator('[data-test-payments]')).toHaveText('Test mode: this method uses test keys, and no real money is taken.');
    await inspect(page, 'us-dialog', testInfo, { dialog });
    await agreeToAll(dialog);
    await dialog.getByRole('button', { name: 'Pay $25.55' }).click();

    // Stripe's hosted page: the line and the total in dollars.
    await expect(page).toHaveURL(new RegExp(`^${stripe.url}/c/pay/cs_test_`));
    await expect(page.getByRole('listitem')).toHaveText(['Brunch Café Feed Set × 1: 25.55 USD']);
    await expect(page.getByText('Total:')).toContainText('25.55 USD');
    await expect(page.getByText('Payment methods: card')).toBeVisible();
    await page.getByRole('button', { name: 'Pay', exact: true }).click();

    await expect(page).toHaveURL(new RegExp(`^${STORE}/us/payment/success\\?provider=stripe&orderId=[^&]+&ref=[\\w-]+&session_id=cs_test_`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment complete');
    await expect(page.locator('[data-order-facts]')).toContainText('$25.55');
    await expect(page.locator('[data-order-facts]')).toContainText('Brunch Café Feed Set');
    const orderId = (await page.locator('[data-order-id]').textContent())!;
    await hydrated(page);
    const brief = page.getByRole('dialog', { name: 'Project brief' });
    // The success page offers the brief as its next step; the button opens it over the page.
    await expect(brief).toBeHidden();
    await page.locator('[data-open-brief]').click();
    await expect(brief).toBeVisible();
    await inspect(page, 'us-success', testInfo, { modalOpen: true });
    await inspectServerRendered(browser, page, 'us-success-page', 'Payment complete', testInfo);

    // On the server: paid once, by this session; the webhook Stripe sent by itself came after or
    // before the return and changed nothing more.
    const guestId = await guestIdOf(page);
    expect(guestId).toBeTruthy();
    const sessionId = new URL(page.url()).searchParams.get('session_id')!;
    await stripe.flush();
    expect(stripe.deliveries.filter((d) => d.subject === sessionId).map((d) => [d.type, d.status])).toEqual([['checkout.session.completed', 200]]);
    expect(stripe.sessionCreates().filter((c) => (c.body.metadata as { orderId?: string }).orderId === orderId)).toHaveLength(1);
    expect(stripe.sessions().find((s) => s.id === sessionId)).toMatchObject({ status: 'complete', payment_status: 'paid', amount_total: 2555, currency: 'usd', locale: 'en', payment_method_types: ['card'], client_reference_id: orderId });
    const mine = await page.request.get(`/api/orders/me?sessionId=${encodeURIComponent(guestId!)}`);
    const listed = ((await mine.json()) as { orders: OrderView[] }).orders.filter((o) => o.orderId === orderId);
    expect(listed.map((o) => o.status)).toEqual(['order_received']);
    const order = await readOrder(page, orderId, guestId!);
    expect(order).toMatchObject({ status: 'order_received', amount: 2555, currency: 'USD' });
    expect(order.paidAt).not.toBeNull();
    expect(paidTimes(order)).toBe(1);
    // The same webhook delivered again is a duplicate: still one change.
    expect(await stripe.deliver('checkout.session.completed', sessionId)).toBe(200);
    expect(paidTimes(await readOrder(page, orderId, guestId!))).toBe(1);

    await brief.getByRole('button', { name: 'Write later' }).click();
    // Later closes the brief and stays on the order's success page.
    await expect(brief).toBeHidden();
    await expect(page).toHaveURL(/\/us\/payment\/success\?/);
    await expect(page.locator('[data-brief-next]')).toBeVisible();
  });

  test('a signed-in customer in /au buys a package with PayPal and finds it received in My Page', async ({ page, browser, consoleErrors: _ }, testInfo) => {
    test.slow();
    const email = `paypal.${unique()}@example.com`;
    const registered = await page.request.post('/api/auth/register', { data: { email, username: `pp${unique()}`, password: 'lumi-buyer-7', firstName: 'Mia', lastName: 'Nguyen', phone: '+61 2 5550 1234' } });
    expect(registered.status()).toBe(201);
    await page.goto('/au');
    await hydrated(page);
    await page.locator('button[data-package="delivery"]').click();
    const chosen = page.getByRole('dialog');
    await expect(chosen).toContainText('A$434.91');
    await chosen.getByRole('button', { name: 'Buy now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Your order' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Delivery-app sales boost');
    // Signed in: no guest question, the details come from the account.
    await expect(dialog.getByLabel('E-mail')).toHaveValue(email);
    const methods = dialog.locator('[data-payment-methods]');
    await expect(methods.getByRole('radio', { name: 'Card' })).toBeChecked();
    await methods.getByRole('radio', { name: 'PayPal' }).check();
    await expect(methods.getByRole('radio', { name: 'PayPal' })).toBeChecked();
    await expect(dialog.locator('[data-payment-redirect]')).toHaveText('You will be taken to PayPal to pay, then brought back here.');
    // PayPal's API here is not PayPal's live one: test mode too.
    await expect(dialog.locator('[data-test-payments]')).toHaveText('Test mode: this method uses test keys, and no real money is taken.');
    await inspect(page, 'au-dialog-paypal', testInfo, { dialog });
    await agreeToAll(dialog);
    await dialog.getByRole('button', { name: 'Pay A$434.91' }).click();

    await expect(page).toHaveURL(new RegExp(`^${paypal.url}/checkoutnow\\?token=`));
    await expect(page.getByRole('heading', { name: 'Fake PayPal' })).toBeVisible();
    await expect(page.getByText('Total:')).toContainText('434.91 AUD');
    await expect(page.locator('main')).toContainText('Delivery-app sales boost');
    const paypalOrderId = new URL(page.url()).searchParams.get('token')!;
    await page.getByRole('button', { name: 'Pay Now' }).click();

    await expect(page).toHaveURL(new RegExp(`^${STORE}/au/payment/success\\?provider=paypal&orderId=[^&]+&ref=[\\w-]+&token=${paypalOrderId}&PayerID=`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment complete');
    await expect(page.locator('[data-order-facts]')).toContainText('A$434.91');
    const orderId = (await page.locator('[data-order-id]').textContent())!;
    await hydrated(page);
    await expect(page.getByRole('link', { name: 'See it in My account' })).toBeVisible();
    const brief = page.getByRole('dialog', { name: 'Project brief' });
    // The success page offers the brief as its next step; the button opens it over the page.
    await expect(brief).toBeHidden();
    await page.locator('[data-open-brief]').click();
    await expect(brief).toBeVisible();
    await inspect(page, 'au-success', testInfo, { modalOpen: true });
    await inspectServerRendered(browser, page, 'au-success-page', 'Payment complete', testInfo);

    // PayPal took one capture: every capture call (the return's, a webhook's) is the same request.
    await paypal.flush();
    const captures = paypal.captures().filter((c) => c.path === `/v2/checkout/orders/${paypalOrderId}/capture`);
    expect(captures.length).toBeGreaterThanOrEqual(1);
    expect(new Set(captures.map((c) => c.requestId)).size).toBe(1);
    expect(paypal.orders().find((o) => o.id === paypalOrderId)?.status).toBe('COMPLETED');
    expect(paypal.deliveries.filter((d) => d.subject === paypalOrderId).map((d) => [d.type, d.status]).sort())
      .toEqual([['CHECKOUT.ORDER.APPROVED', 200], ['PAYMENT.CAPTURE.COMPLETED', 200]]);
    const order = await readOrder(page, orderId);
    expect(order).toMatchObject({ status: 'order_received', amount: 43_491, currency: 'AUD', paymentMethod: 'paypal' });
    expect(paidTimes(order)).toBe(1);

    await brief.getByRole('button', { name: 'Write later' }).click();
    // Later closes the brief and stays on the order's success page.
    await expect(brief).toBeHidden();
    await expect(page).toHaveURL(/\/au\/payment\/success\?/);
    await expect(page.locator('[data-brief-next]')).toBeVisible();
    await page.goto('/au/profile');
    const card = page.locator(`[data-order="${orderId}"]`);
    await expect(card).toContainText('A$434.91');
    await expect(card.locator('[data-status]')).toHaveText('Order received');
  });

  test('a guest in /cn pays with Alipay: processing on return, paid once Stripe settles it', async ({ page, browser, consoleErrors: _ }, testInfo) => {
    test.slow();
    const dialog = await buyTemplateAsGuest(page, 'cn', 1, { guest: '以访客身份下单', name: '姓名', email: '电子邮箱', phone: '联系电话' },
      { name: '王小明', email: `alipay.${unique()}@example.com`, phone: '138 0013 8000' });
    await expect(dialog.getByRole('heading', { name: '确认订单' })).toBeVisible();
    const methods = dialog.locator('[data-payment-methods]');
    await expect(methods).toContainText('支付方式');
    await expect(methods.getByRole('radio')).toHaveCount(3);
    await expect(methods.getByRole('radio', { name: '支付宝' })).toBeChecked();
    await expect(methods.getByRole('radio', { name: '微信支付' })).not.toBeChecked();
    await expect(methods.getByRole('radio', { name: '银联' })).not.toBeChecked();
    await expect(dialog.locator('[data-payment-redirect]')).toHaveText('您将前往 Stripe 的安全支付页面付款，完成后返回本店铺。');
    await expect(dialog.locator('[data-test-payments]')).toHaveText('测试模式：此支付方式使用测试密钥，不会实际扣款。');
    await inspect(page, 'cn-dialog', testInfo, { dialog });
    await methods.getByRole('radio', { name: '支付宝' }).check();
    await agreeToAll(dialog);
    await dialog.getByRole('button', { name: '支付¥178.50' }).click();

    await expect(page).toHaveURL(new RegExp(`^${stripe.url}/c/pay/cs_test_`));
    await expect(page.getByText('Total:')).toContainText('178.50 CNY');
    await expect(page.getByText('Payment methods: alipay')).toBeVisible();
    await page.getByRole('button', { name: 'Authorize, confirm later' }).click();

    await expect(page).toHaveURL(new RegExp(`^${STORE}/cn/payment/success\\?provider=stripe&orderId=[^&]+&ref=[\\w-]+&session_id=cs_test_`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('付款处理中');
    await expect(page.locator('[data-payment-processing]')).toContainText('¥178.50');
    const orderId = (await page.locator('[data-order-id]').textContent())!;
    await hydrated(page);
    // Nothing is paid yet: no brief, and the order waits.
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await inspect(page, 'cn-processing', testInfo);
    const guestId = (await guestIdOf(page))!;
    await stripe.flush();
    let order = await readOrder(page, orderId, guestId);
    expect(order.status).toBe('pending');
    expect(paidTimes(order)).toBe(0);

    // Alipay settles: Stripe says so by webhook, and the open page turns to paid by itself (the live
    // stream tells it; its own rechecks are the fallback), with no reload.
    const sessionId = new URL(page.url()).searchParams.get('session_id')!;
    expect(stripe.sessions().find((s) => s.id === sessionId)).toMatchObject({ status: 'complete', payment_status: 'unpaid', amount_total: 17_850, currency: 'cny', locale: 'zh', payment_method_types: ['alipay'], client_reference_id: orderId });
    expect(await stripe.settleAsync(sessionId, 'succeeded')).toBe(200);
    order = await readOrder(page, orderId, guestId);
    expect(order).toMatchObject({ status: 'order_received', amount: 17_850, currency: 'CNY' });
    expect(paidTimes(order)).toBe(1);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('付款成功', { timeout: 8000 });
    await expect(page.locator('[data-order-facts]')).toContainText('¥178.50');
    await hydrated(page);
    const brief = page.getByRole('dialog', { name: '项目需求单' });
    // The success page offers the brief as its next step; the button opens it over the page.
    await expect(brief).toBeHidden();
    await page.locator('[data-open-brief]').click();
    await expect(brief).toBeVisible();
    await inspect(page, 'cn-success', testInfo, { modalOpen: true });
    await inspectServerRendered(browser, page, 'cn-success-page', '付款成功', testInfo);
    expect(paidTimes(await readOrder(page, orderId, guestId))).toBe(1);
    await brief.getByRole('button', { name: '稍后填写' }).click();
    // Later closes the brief and stays on the order's success page.
    await expect(brief).toBeHidden();
    await expect(page).toHaveURL(/\/cn\/payment\/success\?/);
    await expect(page.locator('[data-brief-next]')).toBeVisible();
  });

  test('a PayPal card decline lands on the fail page; the same order is then paid by card', async ({ page, consoleErrors: _ }, testInfo) => {
    test.slow();
    const dialog = await buyTemplateAsGuest(page, 'us', 2, { guest: 'Order as a guest', name: 'Name', email: 'E-mail', phone: 'Phone' },
      { name: 'Sam Carter', email: `declined.${unique()}@example.com`, phone: '+1 212 555 0199' });
    await dialog.locator('[data-payment-methods]').getByRole('radio', { name: 'PayPal' }).check();
    await agreeToAll(dialog);
    await dialog.getByRole('button', { name: 'Pay $30.66' }).click();

    await expect(page).toHaveURL(new RegExp(`^${paypal.url}/checkoutnow\\?token=`));
    await expect(page.getByText('Total:')).toContainText('30.66 USD');
    const paypalOrderId = new URL(page.url()).searchParams.get('token')!;
    await page.getByRole('button', { name: 'Pay with a card that will be declined' }).click();

    await expect(page).toHaveURL(new RegExp(`^${STORE}/us/payment/success\\?provider=paypal&orderId=`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment failed');
    await expect(page.locator('[data-fail-message]')).toHaveText('PayPal declined the payment method you chose. Please try again with another card or account in PayPal, or pay by card.');
    await expect(page.locator('[data-fail-code]')).toHaveText('Error code: PAYMENT_FAILED');
    await hydrated(page);
    await inspect(page, 'us-fail-declined', testInfo);
    const orderId = new URL(page.url()).searchParams.get('orderId')!;
    const guestId = (await guestIdOf(page))!;
    await paypal.flush();
    expect(paypal.orders().find((o) => o.id === paypalOrderId)?.status).toBe('APPROVED');
    let order = await readOrder(page, orderId, guestId);
    expect(order.status).toBe('pending');
    expect(paidTimes(order)).toBe(0);

    // Still payable: this very order, by card this time.
    const started = await page.request.post('/api/payments/start', { data: { orderId, provider: 'stripe', sessionId: guestId }, headers: { 'x-store-country': 'us', 'accept-language': 'en' } });
    expect(started.status()).toBe(200);
    const { redirectUrl } = (await started.json()) as { redirectUrl: string };
    expect(redirectUrl.startsWith(`${stripe.url}/c/pay/`)).toBe(true);
    await page.goto(redirectUrl);
    await expect(page.getByText('Total:')).toContainText('30.66 USD');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`^${STORE}/us/payment/success\\?provider=stripe&orderId=${orderId}&ref=[\\w-]+&session_id=`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment complete');
    await expect(page.locator('[data-order-facts]')).toContainText('$30.66');
    await hydrated(page);
    await stripe.flush();
    order = await readOrder(page, orderId, guestId);
    expect(order).toMatchObject({ status: 'order_received', amount: 3066, currency: 'USD' });
    expect(paidTimes(order)).toBe(1);
    await expect(page.locator('[data-brief-next]')).toBeVisible();
  });

  test('cancelling on Stripe\'s or PayPal\'s page lands on the cancelled page; the order stays payable', async ({ page, consoleErrors: _ }, testInfo) => {
    test.slow();
    const dialog = await buyTemplateAsGuest(page, 'us', 4, { guest: 'Order as a guest', name: 'Name', email: 'E-mail', phone: 'Phone' },
      { name: 'Alex Kim', email: `cancel.${unique()}@example.com`, phone: '+1 646 555 0102' });
    await agreeToAll(dialog);
    await dialog.getByRole('button', { name: 'Pay $21.17' }).click();
    await expect(page).toHaveURL(new RegExp(`^${stripe.url}/c/pay/cs_test_`));
    await page.getByRole('link', { name: 'Back' }).click();

    await expect(page).toHaveURL(new RegExp(`^${STORE}/us/payment/fail\\?provider=stripe&orderId=[^&]+&ref=[\\w-]+&code=PAY_PROCESS_CANCELED$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment cancelled');
    await expect(page.locator('[data-fail-message]')).toHaveText('You cancelled the payment.');
    await expect(page.locator('[data-fail-code]')).toHaveText('Error code: PAY_PROCESS_CANCELED');
    await expect(page.locator('[data-provider-message]')).toHaveCount(0);
    await hydrated(page);
    await inspect(page, 'us-fail-cancelled', testInfo);
    const orderId = new URL(page.url()).searchParams.get('orderId')!;
    const guestId = (await guestIdOf(page))!;
    expect((await readOrder(page, orderId, guestId)).status).toBe('pending');

    // PayPal's "Cancel and return to merchant" comes back the same way, with PayPal's token.
    const started = await page.request.post('/api/payments/start', { data: { orderId, provider: 'paypal', sessionId: guestId }, headers: { 'x-store-country': 'us', 'accept-language': 'en' } });
    expect(started.status()).toBe(200);
    await page.goto(((await started.json()) as { redirectUrl: string }).redirectUrl);
    await page.getByRole('button', { name: 'Cancel and return to merchant' }).click();
    await expect(page).toHaveURL(new RegExp(`^${STORE}/us/payment/fail\\?provider=paypal&orderId=${orderId}&ref=[\\w-]+&code=PAY_PROCESS_CANCELED&token=`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment cancelled');
    await expect(page.locator('[data-fail-code]')).toHaveText('Error code: PAY_PROCESS_CANCELED');
    expect((await readOrder(page, orderId, guestId)).status).toBe('pending');
  });
  test('a signed-in customer in /cn pays checkout 1 with WeChat Pay and finds it received in My Page', async ({ page, consoleErrors: _ }, testInfo) => {
    test.slow();
    const email = `wechat.${unique()}@example.com`;
    const registered = await page.request.post('/api/auth/register', { data: { email, username: `wx${unique()}`, password: 'lumi-buyer-7', firstName: '小红', lastName: '李', phone: '139 0013 9000' } });
    expect(registered.status()).toBe(201);
    await page.goto('/cn/checkout1');
    await hydrated(page);
    await expect(page.getByLabel('电子邮箱')).toHaveValue(email);
    const methods = page.locator('[data-payment-methods]');
    await expect(methods).toHaveAccessibleName('支付方式');
    await expect(methods.getByRole('radio', { name: '支付宝' })).toBeChecked();
    await methods.getByRole('radio', { name: '微信支付' }).check();
    await expect(methods.getByRole('radio', { name: '微信支付' })).toBeChecked();
    await expect(page.locator('[data-payment-redirect]')).toHaveText('您将前往 Stripe 的安全支付页面付款，完成后返回本店铺。');
    const total = (await page.locator('[data-total]').textContent())!;
    expect(total).toMatch(/^¥\d+\.\d\d$/);
    await inspect(page, 'cn-checkout-page', testInfo);
    await agreeToAll(page);
    await page.getByRole('button', { name: `支付${total}` }).click();

    await expect(page).toHaveURL(new RegExp(`^${stripe.url}/c/pay/cs_test_`));
    await expect(page.getByText('Payment methods: wechat_pay')).toBeVisible();
    await expect(page.getByText('Total:')).toContainText(`${total.slice(1)} CNY`);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();

    await expect(page).toHaveURL(new RegExp(`^${STORE}/cn/payment/success\\?provider=stripe&`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('付款成功');
    await expect(page.locator('[data-order-facts]')).toContainText(total);
    const orderId = (await page.locator('[data-order-id]').textContent())!;
    await hydrated(page);
    await stripe.flush();
    const order = await readOrder(page, orderId);
    expect(order).toMatchObject({ status: 'order_received', currency: 'CNY', paymentMethod: 'wechat_pay' });
    expect(paidTimes(order)).toBe(1);
    await expect(page.locator('[data-order-facts]')).toContainText('微信支付');
    await page.goto('/cn/profile');
    const card = page.locator(`[data-order="${orderId}"]`);
    await expect(card).toContainText(total);
    await expect(card.locator('[data-status]')).toHaveText('已接单');
  });

  /** A guest's order made and started through the API, as the checkout dialog does: the provider's page address. */
  async function startGuestOrder(page: Page, country: string, templateId: number, provider: string) {
    const guestId = randomBytes(32).toString('base64url');
    const headers = { 'x-store-country': country };
    const created = await page.request.post('/api/orders', { headers, data: { customerName: 'Test Buyer', customerEmail: `known.${unique()}@example.com`, customerPhone: '+1 415 555 0101', selectedTemplate: { id: templateId }, isGuestOrder: true, sessionId: guestId, country } });
    expect(created.status()).toBe(201);
    const { orderId } = (await created.json()) as { orderId: string };
    const started = await page.request.post('/api/payments/start', { headers, data: { orderId, provider, sessionId: guestId } });
    expect(started.status()).toBe(200);
    return { orderId, guestId, redirectUrl: ((await started.json()) as { redirectUrl: string }).redirectUrl };
  }

  test('the processing page is titled "Payment processing", not as a completed payment', async ({ page }) => {
    const { redirectUrl } = await startGuestOrder(page, 'cn', 6, 'alipay');
    const sessionId = new URL(redirectUrl).pathname.split('/').pop()!;
    await page.goto(stripe.pay(sessionId, 'processing'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('付款处理中');
    await expect(page).toHaveTitle(/^付款处理中 \| /, { timeout: 2000 });
  });

  test('the cancelled page is titled "Payment cancelled", not "Payment failed"', async ({ page }) => {
    const { orderId } = await startGuestOrder(page, 'us', 7, 'stripe');
    await page.goto(`/us/payment/fail?provider=stripe&orderId=${orderId}&code=PAY_PROCESS_CANCELED`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment cancelled');
    await expect(page).toHaveTitle(/^Payment cancelled \| /, { timeout: 2000 });
  });

  test('back from Stripe\'s page with the browser\'s page cache on, the checkout dialog can pay again (not stuck on "Processing…")', async ({ playwright }) => {
    test.slow();
    // Playwright turns the back/forward cache off; Chrome, Safari and Firefox have it on.
    const browser = await playwright.chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
      ignoreDefaultArgs: ['--disable-back-forward-cache'],
    });
    try {
      const page = await (await browser.newContext({ baseURL: STORE, viewport: DESKTOP })).newPage();
      const dialog = await buyTemplateAsGuest(page, 'us', 5, { guest: 'Order as a guest', name: 'Name', email: 'E-mail', phone: 'Phone' },
        { name: 'Robin Park', email: `back.${unique()}@example.com`, phone: '+1 415 555 0177' });
      await page.evaluate(() => window.addEventListener('pageshow', (event) => document.documentElement.setAttribute('data-restored', String(event.persisted))));
      await agreeToAll(dialog);
      await dialog.getByRole('button', { name: 'Pay $18.25' }).click();
      await expect(page).toHaveURL(new RegExp(`^${stripe.url}/c/pay/`));
      await page.goBack({ waitUntil: 'commit' });
      await expect(page.locator('html')).toHaveAttribute('data-restored', 'true');
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Pay $18.25' })).toBeEnabled({ timeout: 3000 });
    } finally {
      await browser.close();
    }
  });
});
