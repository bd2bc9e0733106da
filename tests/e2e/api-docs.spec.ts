/**
 * The API reference (issue 18, docs/decisions/0029): /api/docs draws the OpenAPI document with
 * Swagger UI from this server's own files, under its own Content-Security-Policy, with no request
 * leaving the machine and nothing refused by the policy.
 */
import { expect, test } from './fixtures.ts';

test('the API reference renders offline from the OpenAPI document', async ({ page, consoleErrors }, testInfo) => {
  const foreign: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!['127.0.0.1', 'localhost'].includes(url.hostname) && url.protocol !== 'data:') foreign.push(request.url());
  });
  const response = await page.goto('/api/docs');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  // Swagger UI draws the whole 140 KB document in one go: 2 s on a quiet machine, 8-13 s while the
  // full run's other worker and servers share the two cores (CI once missed the 7 s default).
  await expect(page.getByRole('heading', { name: /Studio Lumi store API/ })).toBeVisible({ timeout: 30_000 });
  // SPEC's calls are listed with their methods and paths.
  await expect(page.locator('.opblock-summary-path', { hasText: '/api/orders' }).first()).toBeVisible();
  await expect(page.locator('.opblock-summary-path[data-path="/api/confirm"]')).toBeVisible();
  // One operation opened: its body example and the answers by status.
  await page.locator('.opblock-summary-path[data-path="/api/orders"]').first().click();
  await expect(page.locator('.responses-table').first()).toContainText('201');
  await page.screenshot({ path: testInfo.outputPath('api-docs.png'), fullPage: false });
  expect(foreign).toEqual([]);
  expect(consoleErrors.filter((line) => /Content Security Policy|Refused/.test(line))).toEqual([]);
});
