import AxeBuilder from '@axe-core/playwright';
import { expect, hydrated, test } from './fixtures.ts';

const PAGES = ['/kr', '/kr/templateshop', '/kr/template/1', '/kr/terms', '/kr/does-not-exist', '/us/template/99', '/vn', '/cn', '/us/templateshop', '/kr/profile', '/kr/reset-password?token=x', '/kr/admin/users', '/kr/checkout11', '/kr/checkout4', '/kr/payment/fail?code=PAYMENT_FAILED&message=x', '/kr/order-confirmation/4', '/kr/brief-test', '/kr/admin'];

for (const path of PAGES) {
  test(`axe finds no serious or critical problem on ${path}`, async ({ page }) => {
    await page.goto(path);
    await hydrated(page);
    // The brief form is drawn once the page runs in the browser (it keeps its draft there).
    if (path.endsWith('/brief-test')) await page.locator('[data-brief-form]').waitFor();
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
    const blocking = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`);
    expect(blocking).toEqual([]);
  });
}

test('an open dialog passes axe too', async ({ page }) => {
  await page.goto('/kr');
  await hydrated(page);
  await page.locator('button[data-service-id="1"]').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  const results = await new AxeBuilder({ page }).include('dialog').analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
});

test('the project brief dialog passes axe, also with a refused file listed', async ({ page }) => {
  await page.goto('/kr/checkout13');
  await hydrated(page);
  await page.getByRole('button', { name: '프로젝트 상담 시작하기' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '비회원으로 구매하기' }).click();
  const brief = page.getByRole('dialog', { name: '프로젝트 브리프' });
  await brief.locator('[data-brief-files]').setInputFiles([{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') }]);
  await expect(brief.locator('[data-pending-file]')).toContainText('JPG, PNG, GIF, WebP, MP4 파일만 올릴 수 있습니다.');
  const results = await new AxeBuilder({ page }).include('dialog').analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
});

test('the sign-in dialog passes axe on both tabs', async ({ page }) => {
  await page.goto('/kr');
  await hydrated(page);
  await page.getByRole('button', { name: '로그인' }).first().click();
  const dialog = page.getByRole('dialog', { name: '로그인 또는 회원가입' });
  await expect(dialog).toBeVisible();
  for (const tab of ['로그인', '회원가입']) {
    await dialog.getByRole('tab', { name: tab }).click();
    const results = await new AxeBuilder({ page }).include('dialog').analyze();
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  }
});

test('a signed-in checkout page, the cart and the checkout dialog pass axe', async ({ page }) => {
  await page.request.post('/api/auth/register', { data: { email: `axe.${Date.now()}@example.com`, username: 'axe', password: 'lumi-axe-2468', firstName: '민수', lastName: '김' } });
  const serious = async (include?: string) => {
    const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']);
    const results = await (include ? builder.include(include) : builder).analyze();
    return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
  };
  await page.goto('/kr/checkout4');
  await hydrated(page);
  expect(await serious()).toEqual([]);
  await page.goto('/kr/template/2');
  await hydrated(page);
  await page.getByRole('button', { name: '장바구니에 담기' }).click();
  await page.getByRole('button', { name: /장바구니 열기/ }).click();
  await expect(page.getByRole('dialog', { name: '장바구니' })).toBeVisible();
  expect(await serious('dialog')).toEqual([]);
  await page.getByRole('dialog', { name: '장바구니' }).getByRole('button', { name: '주문하기' }).click();
  await expect(page.getByRole('dialog', { name: '주문 확인' })).toBeVisible();
  expect(await serious('dialog[open]')).toEqual([]);
});
