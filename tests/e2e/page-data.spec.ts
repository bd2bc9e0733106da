/**
 * Pages get their data and their messages from loaders: moving between pages in the browser
 * (no full load) brings each page's own catalogs, and a page behind sign-in fills in once the
 * visitor signs in from its 'login required' view.
 */
import { expect, hydrated, test } from './fixtures.ts';

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

test('moving from the terms to the home page and the template shop in the browser shows every text', async ({ page, consoleErrors: _ }) => {
  const requests: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'document') requests.push(request.url());
  });
  await page.goto('/kr/terms');
  await hydrated(page);
  requests.length = 0;
  await page.locator('footer').getByRole('link', { name: '홈', exact: true }).click();
  await expect(page).toHaveURL(/\/kr(#home)?$/);
  await expect(page.locator('#services')).toBeVisible();
  // No message key shows instead of its text (the terms page had not sent the home catalogs).
  expect(await page.locator('main').innerText()).not.toMatch(/\b(meta|hero|services|guide|products|pricing|portfolio|contact)\.[a-z][A-Za-z.]*\b/);
  const title = await page.title();
  const services = (await page.locator('#services h2').first().textContent())?.trim();
  expect(services).toBeTruthy();
  await page.locator('footer').getByRole('link', { name: '템플릿 샵' }).click();
  await expect(page).toHaveURL(/\/kr\/templateshop$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('템플릿 샵');
  await expect(page.locator('[data-category]').first()).toContainText('₩');
  expect(requests, 'no full page load').toEqual([]);

  // The same page loaded from the server says the same.
  await page.goto('/kr');
  expect(await page.title()).toBe(title);
  // (The hero's headline is drawn at random; the services section is fixed.)
  await expect(page.locator('#services h2').first()).toHaveText(services ?? '');
});

test('signing in from My Page\'s login-required view shows My Page', async ({ page, consoleErrors: _ }) => {
  const email = `later.${unique()}@example.com`;
  const registered = await page.request.post('/api/auth/register', { data: { email, username: `later${unique()}`, password: 'secret12', firstName: '하늘', lastName: '이' } });
  expect(registered.status()).toBe(201);
  await page.context().clearCookies();
  expect((await page.goto('/kr/profile'))?.status()).toBe(401);
  await hydrated(page);
  await page.getByRole('main').getByRole('button', { name: '로그인' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('이메일').fill(email);
  await dialog.getByLabel('비밀번호', { exact: true }).fill('secret12');
  const signedIn = page.waitForResponse((response) => response.url().endsWith('/api/auth/login'));
  await dialog.getByRole('button', { name: '로그인' }).last().click();
  expect((await signedIn).status()).toBe(200);
  await expect(dialog).toBeHidden();
  // The page revalidates every loader after sign-in: one round trip, which took over 7 s once in
  // a full run on the loaded two-core machine.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('마이페이지', { timeout: 15_000 });
  await expect(page.locator('[data-field="email"]')).toHaveText(email);
});
