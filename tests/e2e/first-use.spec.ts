/**
 * Code a visitor may never need arrives on first use (issue 17): the dialogs, the cart drawer,
 * the checkout, the forms' library and the toaster are not downloaded before an interaction, and
 * the opening buttons fetch their dialog's code as a pointer nears them.
 */
import { expect, hydrated, test } from './fixtures.ts';

const LAZY_CODE = /\/(modal|service-dialog|package-dialog|auth-dialog|cart-drawer|checkout-dialog|brief-dialog|index\.esm|dist)-[^/]*\.js$/;

test('the home page downloads no dialog, drawer, form or toast code before an interaction', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/kr', { waitUntil: 'networkidle' });
  await hydrated(page);
  expect(scripts.length, 'scripts were seen').toBeGreaterThan(3);
  expect(scripts.filter((s) => LAZY_CODE.test(s)), 'loaded before any interaction').toEqual([]);

  // A pointer over a service card, the cart or the sign-in button fetches what a click opens.
  await page.locator('button[data-service-id="4"]').hover();
  await expect.poll(() => scripts.some((s) => /\/service-dialog-[^/]*\.js$/.test(s))).toBe(true);
  await page.locator('button[data-cart-count]').hover();
  await expect.poll(() => scripts.some((s) => /\/cart-drawer-[^/]*\.js$/.test(s))).toBe(true);
  await page.locator('header').getByRole('button', { name: '로그인' }).hover();
  await expect.poll(() => scripts.some((s) => /\/auth-dialog-[^/]*\.js$/.test(s))).toBe(true);
});

test('a service dialog loaded on first use gives the focus back when closed and opens again for another service', async ({ page, consoleErrors: _ }) => {
  await page.goto('/kr');
  await hydrated(page);
  await page.locator('button[data-service-id="4"]').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { level: 2 })).toHaveText('푸드 스튜디오 컷');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.locator('button[data-service-id="4"]')).toBeFocused();
  await page.locator('button[data-service-id="10"]').click();
  await expect(dialog.getByRole('heading', { level: 2 })).toHaveText('AI 드론 컷');
});

test('a package dialog loaded on first use gives the focus back when closed', async ({ page, consoleErrors: _ }) => {
  await page.goto('/kr');
  await hydrated(page);
  await page.locator('button[data-package="delivery"]').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('₩399,000');
  await dialog.getByRole('button', { name: '닫기' }).first().click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('button[data-package="delivery"]')).toBeFocused();
});
