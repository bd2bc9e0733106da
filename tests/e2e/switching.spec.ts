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
  // The menu button (there on this screen only while a link is left out of the bar) in Japanese.
  await expect(page.locator('header button[aria-controls="mobile-menu"]')).toHaveAttribute('aria-label', 'メニューを開く');
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

test('the country and language menus open from the keyboard, their lists fetched as the button takes the focus', async ({ page, consoleErrors: _ }) => {
  await page.goto('/kr/terms');
  await hydrated(page);
  // The lists are not in the page until a menu is reached for.
  await expect(page.getByRole('link', { name: /미국/ })).toHaveCount(0);
  await page.getByRole('button', { name: /국가: 대한민국/ }).focus();
  await page.keyboard.press('Enter');
  const countries = page.getByRole('navigation', { name: '국가 또는 지역 선택' });
  await expect(countries.getByRole('link')).toHaveCount(6);
  await expect(countries.getByRole('link', { name: /대한민국/ })).toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('Escape');
  await expect(countries).toBeHidden();
  await expect(page.getByRole('button', { name: /국가: 대한민국/ })).toBeFocused();
  await page.getByRole('button', { name: /언어: 한국어/ }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('link', { name: 'English' })).toHaveAttribute('href', '?lang=en');
});

test('on a 320 px phone the menu\'s country and language lists are whole on screen', async ({ page, consoleErrors: _ }) => {
  for (const lang of ['vi', 'ko']) {
    await page.context().addCookies([{ name: 'lang', value: lang, url: test.info().project.use.baseURL! }]);
    await page.setViewportSize({ width: 320, height: 700 });
    await page.goto('/kr/templateshop');
    await hydrated(page);
    await page.locator('button[aria-controls="mobile-menu"]').click();
    for (const index of [0, 1]) {
      const button = page.locator('#mobile-menu button[aria-expanded]').nth(index);
      await button.click();
      const panel = page.locator(`#${await button.getAttribute('aria-controls')}`);
      await expect(panel.getByRole('link').first()).toBeVisible();
      const box = (await panel.boundingBox())!;
      expect(box.x, `${lang} panel ${index}`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `${lang} panel ${index}`).toBeLessThanOrEqual(320);
      await button.click();
    }
  }
});
