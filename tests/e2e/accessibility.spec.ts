import AxeBuilder from '@axe-core/playwright';
import { expect, hydrated, test } from './fixtures.ts';

const PAGES = ['/kr', '/kr/templateshop', '/kr/template/1', '/kr/terms', '/kr/does-not-exist', '/us/template/99', '/vn', '/cn', '/us/templateshop', '/kr/profile', '/kr/reset-password?token=x', '/kr/admin/users'];

for (const path of PAGES) {
  test(`axe finds no serious or critical problem on ${path}`, async ({ page }) => {
    await page.goto(path);
    await hydrated(page);
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
