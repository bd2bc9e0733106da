import { expect, hydrated, test } from './fixtures.ts';

test('the category filter shows only that category', async ({ page, consoleErrors: _ }) => {
  await page.goto('/kr/templateshop');
  await hydrated(page);
  const tiles = page.locator('[data-testid="template-grid"] > li');
  await expect(tiles).toHaveCount(27);
  await page.getByRole('navigation', { name: '카테고리별 보기' }).getByRole('link', { name: '푸드' }).click();
  await expect(page).toHaveURL(/category=food/);
  await expect(tiles).toHaveCount(7);
  for (const category of await tiles.evaluateAll((els) => els.map((el) => el.getAttribute('data-category')))) {
    expect(category).toBe('food');
  }
  await page.getByRole('navigation', { name: '카테고리별 보기' }).getByRole('link', { name: '전체' }).click();
  await expect(tiles).toHaveCount(27);
});

test('every template has a detail page with its inclusions', async ({ page }) => {
  await page.goto('/en/template/27'.replace('/en', '/us'));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  for (const text of ['High-resolution photography', 'Commercial usage rights', 'Multiple angles']) {
    await expect(page.getByText(text, { exact: false })).toBeVisible();
  }
  await expect(page.locator('main')).toContainText('$');
});

test('an unknown template shows Template Not Found with a way back', async ({ page }) => {
  const response = await page.goto('/us/template/99');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Template Not Found');
  await page.getByRole('link', { name: 'Back to the template shop' }).click();
  await expect(page).toHaveURL(/\/us\/templateshop$/);
});

test('tiles further down load their images as the visitor scrolls to them', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/kr/templateshop');
  await hydrated(page);
  const last = page.locator('[data-testid="template-grid"] > li').last();
  await expect(last.locator('img')).toHaveCount(0);
  await last.scrollIntoViewIfNeeded();
  await expect(last.locator('img')).toHaveCount(1);
  await expect.poll(() => last.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
});
