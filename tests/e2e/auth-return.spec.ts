/**
 * Back from Google sign-in (SPEC section 2) or sent home from an unknown service (SPEC section 4),
 * the address says how it went: the page says it in a toast and takes the parameter out of the
 * address. The code that does it is loaded only for such an address (issue 17), so this holds
 * that it still arrives and runs.
 */
import { expect, test } from './fixtures.ts';

for (const [query, text] of [
  ['?auth=success', 'Google 계정으로 로그인되었습니다'],
  ['?auth=failed', 'Google 로그인에 실패했습니다. 다시 시도해주세요.'],
  ['?notice=serviceNotFound', '서비스를 찾을 수 없음'],
]) {
  test(`/kr${query} says so once and leaves a clean address`, async ({ page }) => {
    await page.goto(`/kr${query}#pricing`);
    await expect(page.getByText(text!, { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/kr#pricing$/);
    await expect(page.getByText(text!, { exact: true })).toHaveCount(1);
  });
}

test('an address without those parameters loads none of that code', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/kr');
  await page.waitForLoadState('networkidle');
  expect(scripts.some((path) => path.includes('auth-return-notice'))).toBe(false);
  expect(scripts.some((path) => path.includes('account-menu'))).toBe(false);
});
