/**
 * A refused page's title says what the page says (issue "A newcomer's path", item 16): the page's
 * own catalogs never arrive when its loader refuses, so the title must not show their keys.
 */
import { expect, test } from './fixtures.ts';

test('signed-out and access-denied pages have real titles, not message keys', async ({ page }) => {
  for (const [path, title] of [['/kr/profile', '로그인이 필요합니다'], ['/kr/admin', '직원 로그인이 필요합니다'], ['/kr/admin/users', '직원 로그인이 필요합니다']]) {
    const response = await page.goto(path!);
    expect(response?.status()).toBe(401);
    await expect(page).toHaveTitle(`${title} | Studio Lumi`);
  }
  await page.request.post('/api/auth/register', { data: { email: `titles.${Date.now()}@example.com`, username: `titles${Date.now()}`, password: 'lumi-titles-2468', firstName: '하늘', lastName: '이' } });
  for (const path of ['/kr/admin', '/kr/admin/users']) {
    const response = await page.goto(`${path}?lang=en`);
    expect(response?.status()).toBe(403);
    await expect(page).toHaveTitle('Access denied | Studio Lumi');
  }
  // The checkout is open to everyone now (D31): its own title.
  await page.goto('/kr/checkout4?lang=ko');
  await expect(page).toHaveTitle(/^푸드 스튜디오 컷 주문하기 \| /);
});
