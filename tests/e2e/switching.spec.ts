import { expect, hydrated, test } from './fixtures.ts';

test('the country menu keeps the page and switches currency and language', async ({ page, consoleErrors: _ }) => {
  await page.goto('/kr/templateshop');
  await hydrated(page);
  await expect(page.locator('[data-category]').first()).toContainText('₩');
  await page.getByRole('button', { name: /국가: 대한민국/ }).click();
  await page.getByRole('link', { name: /미국/ }).click();
  await expect(page).toHaveURL(/\/us\/templateshop$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Template shop');
  await expect(page.locator('[data-category]').first()).toContainText('$');
  // The choice is remembered: the bare address now goes to the US store.
  await page.goto('/');
  await expect(page).toHaveURL(/\/us$/);
});

test('the language menu switches the language and remembers it', async ({ page, consoleErrors: _ }) => {
  await page.goto('/kr/terms');
  await hydrated(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
  await page.getByRole('button', { name: /언어: 한국어/ }).click();
  await page.getByRole('link', { name: '日本語' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await expect(page).toHaveURL(/\/kr\/terms$/);
  await expect(page.getByRole('button', { name: 'メニューを開く' })).toBeVisible();
  // Prices stay in the store's currency while the words change.
  await page.goto('/kr/templateshop');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await expect(page.locator('[data-category]').first()).toContainText('₩');
});

test('language links work before the script has loaded', async ({ page }) => {
  await page.goto('/vn?lang=zh');
  await expect(page).toHaveURL(/\/vn$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh');
});
