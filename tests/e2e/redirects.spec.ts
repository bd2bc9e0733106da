import { expect, test } from './fixtures.ts';

test.describe('country prefix (D12)', () => {
  test.use({ locale: 'ko-KR' });

  test('/ sends a Korean visitor to /kr, in Korean', async ({ page, consoleErrors: _ }) => {
    const response = await page.goto('/');
    expect(new URL(page.url()).pathname).toBe('/kr');
    expect(response?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
    await expect(page).toHaveTitle(/스튜디오 루미|Studio Lumi/);
  });

  test('a legacy path keeps its query', async ({ page }) => {
    await page.goto('/templates?category=food');
    expect(page.url()).toMatch(/\/kr\/templateshop\?category=food$/);
  });
});

test.describe('other visitors', () => {
  test.use({ locale: 'en-AU' });

  test('an Australian visitor lands in the Australian store with the path kept', async ({ page }) => {
    await page.goto('/templateshop?category=fashion');
    expect(page.url()).toMatch(/\/au\/templateshop\?category=fashion$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});

test('an unknown page under a valid prefix is a 404 page', async ({ page }) => {
  const response = await page.goto('/kr/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 페이지를 찾을 수 없습니다');
  await expect(page.getByRole('link', { name: '홈으로 돌아가기' })).toHaveAttribute('href', '/kr');
});
