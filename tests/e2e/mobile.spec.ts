import { expect, hydrated, test } from './fixtures.ts';

test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

for (const path of ['/kr', '/kr/templateshop', '/kr/template/1', '/kr/terms', '/vn', '/kr/nope', '/kr/profile', '/kr/reset-password?token=x', '/kr/admin/users', '/kr/checkout11', '/kr/checkout4', '/kr/payment/fail?code=X&message=Y', '/kr/order-confirmation/4', '/kr/brief-test', '/kr/admin']) {
  test(`${path} fits a 375 px phone without sideways scrolling`, async ({ page }) => {
    await page.goto(path);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}

test('the mobile menu opens, navigates and closes', async ({ page, consoleErrors: _ }) => {
  await page.goto('/kr');
  await hydrated(page);
  const toggle = page.getByRole('button', { name: '메뉴 열기' });
  await toggle.click();
  const menu = page.locator('#mobile-menu');
  await expect(menu).toBeVisible();
  await menu.getByRole('link', { name: '템플릿 샵' }).click();
  await expect(page).toHaveURL(/\/kr\/templateshop$/);
  await expect(menu).toBeHidden();
});

// Issue 33, item 28: Escape left the menu open and expanded.
test('Escape closes the mobile menu and gives focus back to its button, after first closing a list inside it', async ({ page, consoleErrors: _ }) => {
  await page.goto('/kr');
  await hydrated(page);
  const toggle = page.getByRole('button', { name: '메뉴 열기' });
  await toggle.click();
  const menu = page.locator('#mobile-menu');
  await expect(menu).toBeVisible();
  const country = menu.getByRole('button', { name: /국가/ });
  await country.click();
  await expect(country).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Escape');
  await expect(country).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  const closed = page.getByRole('button', { name: '메뉴 열기' });
  await expect(closed).toHaveAttribute('aria-expanded', 'false');
  await expect(closed).toBeFocused();
});

// Issue 33, item 29: "Hover to compare" on a phone, where nothing hovers.
test('the before/after images say to drag on a phone, and a finger drag shows the source photo', async ({ page, consoleErrors: _ }) => {
  await page.goto('/kr');
  await hydrated(page);
  const first = page.getByTestId('before-after').first();
  await first.scrollIntoViewIfNeeded();
  await expect(first.locator('.only-touch')).toBeVisible();
  await expect(first.locator('.only-hover')).toBeHidden();
  await expect(first.locator('.only-touch')).toHaveText('손가락으로 밀어 비교해 보세요');
  const box = (await first.boundingBox())!;
  await first.dispatchEvent('pointerdown', { pointerType: 'touch', clientX: box.x + box.width * 0.3, clientY: box.y + box.height / 2, buttons: 1, isPrimary: true });
  // The wipe is showing (the hint goes while it does).
  await expect(first.locator('.only-touch')).toHaveCount(0);
  await expect(first.locator('img')).toHaveCount(2);
});

test('the country menu is reachable on a phone', async ({ page }) => {
  await page.goto('/kr');
  await hydrated(page);
  await page.getByRole('button', { name: '메뉴 열기' }).click();
  await page.locator('#mobile-menu').getByRole('button', { name: /국가/ }).click();
  await page.locator('#mobile-menu').getByRole('link', { name: /베트남/ }).click();
  await expect(page).toHaveURL(/\/vn$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
});

test('the sign-in dialog fits a phone', async ({ page }) => {
  await page.goto('/kr');
  await hydrated(page);
  await page.getByRole('button', { name: '로그인' }).first().click();
  const dialog = page.getByRole('dialog', { name: '로그인 또는 회원가입' });
  await dialog.getByRole('tab', { name: '회원가입' }).click();
  const box = await dialog.boundingBox();
  expect(box!.width).toBeLessThanOrEqual(375);
  expect(box!.x).toBeGreaterThanOrEqual(0);
  const overflow = await dialog.evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('the project brief fits a phone in every language, also with a long file name', async ({ page }) => {
  for (const lang of ['ko', 'en', 'ja', 'vi', 'zh']) {
    await page.goto(`/kr/brief-test?lang=${lang}`);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await hydrated(page);
    const form = page.locator('[data-brief-form]');
    await form.locator('[data-brief-files]').setInputFiles([{ name: `${'storefront-night-view-'.repeat(4)}.txt`, mimeType: 'text/plain', buffer: Buffer.from('x') }]);
    await expect(form.locator('[data-pending-file]')).toHaveCount(1);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, lang).toBeLessThanOrEqual(0);
    const inner = await form.evaluate((el) => Math.max(...[...el.children].map((child) => child.getBoundingClientRect().right)) - el.getBoundingClientRect().right);
    expect(inner, lang).toBeLessThanOrEqual(1);
  }
});
