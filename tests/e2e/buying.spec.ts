/**
 * Buying in the browser with the built-in sandbox provider: the checkout page, the payment step,
 * the success page (confirmed on the server) and My Page; a declined card ends on the fail page.
 */
import { expect, hydrated, test } from './fixtures.ts';

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

async function signUp(page: import('@playwright/test').Page) {
  const email = `buyer.${unique()}@example.com`;
  const response = await page.request.post('/api/auth/register', { data: { email, username: `buyer${unique()}`, password: 'lumi-buyer-7', firstName: '민수', lastName: '김', phone: '010-2222-3333' } });
  expect(response.status()).toBe(201);
  return email;
}

test('a signed-in customer buys checkout 3 with five images and finds the order in My Page', async ({ page, consoleErrors: _ }) => {
  const email = await signUp(page);
  await page.goto('/kr/checkout3');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('프리미엄 스튜디오 컷 주문하기');
  // Prefilled from the profile.
  await expect(page.getByLabel('이메일')).toHaveValue(email);
  await expect(page.getByLabel('연락처')).toHaveValue('010-2222-3333');
  await expect(page.locator('[data-total]')).toHaveText('₩95,000');
  await page.getByRole('button', { name: '수량 늘리기' }).click();
  await page.getByRole('button', { name: '수량 늘리기' }).click();
  // 95,000 for three images and 30,000 for each of the two more (SPEC section 9).
  await expect(page.locator('[data-total]')).toHaveText('₩155,000');
  await page.getByRole('button', { name: '₩155,000 결제하기' }).click();
  await expect(page.getByText('이용약관과 환불 정책에 동의해주세요.')).toBeVisible();
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: '₩155,000 결제하기' }).click();

  await expect(page).toHaveURL(/\/kr\/payment\/success\?/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('결제 완료');
  await expect(page.getByText('프리미엄 스튜디오 컷 x 5장')).toBeVisible();
  const orderId = await page.locator('[data-order-id]').textContent();
  // A refreshed success page shows the same order and charges nothing more.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('결제 완료');

  await page.getByRole('link', { name: '마이페이지에서 보기' }).click();
  const order = page.locator(`[data-order="${orderId}"]`);
  await expect(order).toContainText('₩155,000');
  await expect(order.locator('[data-status]')).toHaveText('접수완료');
  await expect(order.locator('[data-step="order_received"]')).toHaveAttribute('data-state', 'current');
  await expect(order.locator('[data-step="quote_review"]')).toHaveAttribute('data-state', 'done');

  // Changed their mind the same day: a full refund (D21), said before it happens.
  await order.getByRole('button', { name: '주문 취소' }).click();
  const confirm = page.getByRole('dialog', { name: '주문을 취소하고 환불받을까요?' });
  await expect(confirm).toContainText('₩155,000 전액이 결제 수단으로 환불됩니다');
  await confirm.getByRole('button', { name: '취소하고 환불받기' }).click();
  await expect(page.getByText('환불 완료')).toBeVisible();
  await expect(order.locator('[data-status]')).toHaveText('주문 취소');
  await expect(order.getByRole('button', { name: '주문 취소' })).toHaveCount(0);
});

test('a declined card lands on the fail page with the reason', async ({ page, consoleErrors: _ }) => {
  await signUp(page);
  await page.goto('/kr/checkout1');
  await hydrated(page);
  await page.getByRole('radio', { name: /^거절되는 카드/ }).check();
  await page.getByRole('checkbox', { name: /동의합니다/ }).check();
  await page.getByRole('button', { name: /결제하기/ }).click();
  await expect(page).toHaveURL(/\/kr\/payment\/fail\?/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('결제 실패');
  await expect(page.locator('[data-fail-message]')).toHaveText('카드사에서 결제를 거절했습니다.');
  await expect(page.locator('[data-fail-code]')).toContainText('REJECT_CARD_COMPANY');
  // The reason is ours for the code: text slipped into the address is not shown.
  await page.goto('/kr/payment/fail?code=REJECT_CARD_COMPANY&message=Call%20+1-555-SCAM');
  await expect(page.locator('[data-fail-message]')).toHaveText('카드사에서 결제를 거절했습니다.');
  await expect(page.getByText('SCAM')).toHaveCount(0);
});

test('checkout pages ask a signed-out visitor to log in, with a 401', async ({ page }) => {
  const response = await page.goto('/kr/checkout4');
  expect(response?.status()).toBe(401);
  await expect(page.getByRole('heading', { name: '로그인 필요' })).toBeVisible();
  await expect(page.getByText('결제를 진행하려면 로그인해주세요.')).toBeVisible();
});

test('a checkout page outside Korea says plainly that the quote comes first', async ({ page }) => {
  await signUp(page);
  await page.goto('/us/checkout2');
  await expect(page.getByRole('heading', { name: 'In this store, we work from a quote' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ask for a quote' })).toHaveAttribute('href', '/us#contact');
});

test('a guest puts two templates in the cart and pays for them as one order', async ({ page, consoleErrors: _ }) => {
  await page.goto('/kr/template/5');
  await hydrated(page);
  await page.getByRole('button', { name: '장바구니에 담기' }).click();
  await expect(page.getByRole('button', { name: '장바구니 열기 (1개)' })).toBeVisible();
  await page.goto('/kr/template/7');
  await hydrated(page);
  await page.getByRole('button', { name: '장바구니에 담기' }).click();
  await page.getByRole('button', { name: '장바구니 열기 (2개)' }).click();
  const cart = page.getByRole('dialog', { name: '장바구니' });
  // 25,000 + 39,000 from the catalog.
  await expect(cart.locator('[data-cart-total]')).toHaveText('₩64,000');
  await cart.getByRole('button', { name: '주문하기' }).click();

  const checkout = page.getByRole('dialog', { name: '주문 확인' });
  await checkout.getByRole('button', { name: '비회원으로 주문하기' }).click();
  await checkout.getByLabel('이름').fill('이하늘');
  await checkout.getByLabel('이메일').fill(`guest.${unique()}@example.com`);
  await checkout.getByLabel('연락처').fill('010-5555-6666');
  await checkout.getByRole('checkbox', { name: /동의합니다/ }).check();
  await checkout.getByRole('button', { name: '₩64,000 결제하기' }).click();

  await expect(page).toHaveURL(/\/kr\/payment\/success\?/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('결제 완료');
  await expect(page.getByText(/외 1건$/)).toBeVisible();
  // Paid: the cart is empty again.
  await expect(page.getByRole('button', { name: '장바구니 열기 (0개)' })).toBeVisible();
});

test('a consultation page shows the steps and starts the conversation after signing in', async ({ page, consoleErrors: _ }) => {
  const email = `consult.${unique()}@example.com`;
  await page.request.post('/api/auth/register', { data: { email, username: `consult${unique()}`, password: 'lumi-consult-8', firstName: '하늘', lastName: '이' } });
  await page.context().clearCookies();
  await page.goto('/kr/checkout11');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('AI 뮤직비디오');
  await expect(page.getByRole('heading', { name: '진행 과정' })).toBeVisible();
  await expect(page.getByText('프로젝트를 시작하려면 로그인해주세요.')).toBeVisible();
  await page.getByRole('button', { name: '프로젝트 상담 시작하기' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('이메일').fill(email);
  await dialog.getByLabel('비밀번호', { exact: true }).fill('lumi-consult-8');
  await dialog.getByRole('button', { name: '로그인' }).last().click();
  await expect(page).toHaveURL(/\/kr\?consult=11#contact$/);
  await expect(page.locator('#contact textarea')).toHaveValue(/AI 뮤직비디오 무료 상담을 받고 싶습니다/);
});

test('the order-confirmation page: a guest pays for a service; quotes and unknown services are explained', async ({ page, consoleErrors: _ }) => {
  await page.goto('/kr/order-confirmation/9');
  await hydrated(page);
  await page.getByRole('button', { name: '주문하고 결제하기' }).click();
  const checkout = page.getByRole('dialog', { name: '주문 확인' });
  await expect(checkout).toContainText('₩50,000');
  await checkout.getByRole('button', { name: '비회원으로 주문하기' }).click();
  await checkout.getByLabel('이름').fill('박지민');
  await checkout.getByLabel('이메일').fill(`jimin.${unique()}@example.com`);
  await checkout.getByLabel('연락처').fill('010-7777-8888');
  await checkout.getByLabel(/주소/).fill('서울특별시 강남구 테헤란로 1');
  await checkout.getByRole('checkbox', { name: /동의합니다/ }).check();
  await checkout.getByRole('button', { name: '₩50,000 결제하기' }).click();
  await expect(page).toHaveURL(/\/kr\/payment\/success\?/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('결제 완료');

  await page.goto('/kr/order-confirmation/8');
  await expect(page.getByText('견적 필요')).toBeVisible();
  await expect(page.getByRole('link', { name: '무료 상담 받기' })).toHaveAttribute('href', '/kr/checkout8');

  await page.goto('/kr/order-confirmation/99');
  await expect(page).toHaveURL(/\/kr$/);
  await expect(page.getByText('요청하신 서비스가 존재하지 않습니다.')).toBeVisible();
});

test('ordering a service from the home page as a guest goes through the sign-in dialog to the checkout', async ({ page, consoleErrors: _ }) => {
  await page.goto('/kr');
  await hydrated(page);
  await page.locator('button[data-service-id="2"]').click();
  await page.getByRole('dialog').getByRole('button', { name: '주문하기' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '비회원으로 구매하기' }).click();
  const checkout = page.getByRole('dialog', { name: '주문 확인' });
  await expect(checkout).toContainText('₩50,000');
  await expect(checkout.getByLabel('이름')).toBeVisible();
});
