/**
 * Issue 33, "Sharp edges": what a newcomer met in Chromium that cost sales, each walked as they
 * walked it (the store, the language and the width they used).
 */
import { expect, hydrated, test } from './fixtures.ts';

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

test.describe('signing in from "Order now" (item 17)', () => {
  test('a returning customer who logs in from a service lands on its checkout signed in (/au, en, 1280 px)', async ({ page, request, consoleErrors: _ }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const email = `returning.${unique()}@example.com`;
    // The account exists from an earlier visit (the request fixture is another client): this browser is signed out.
    expect((await request.post('/api/auth/register', { data: { email, password: 'lumi-returning-4', firstName: 'Jamie', lastName: 'Lee' } })).status()).toBe(201);

    await page.goto('/au');
    await hydrated(page);
    await page.locator('button[data-service-id="2"]').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Order now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log in or sign up' });
    await dialog.getByLabel('E-mail').fill(email);
    await dialog.getByLabel('Password', { exact: true }).fill('lumi-returning-4');
    await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(dialog).toBeHidden();

    await expect(page).toHaveURL(/\/au\/checkout2$/);
    // Signed in everywhere on the page, without a reload: the top bar and the payment box.
    await expect(page.getByRole('button', { name: 'Account menu for Jamie Lee' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Log in' })).toHaveCount(0);
    await expect(page.getByText('Log in, or order as a guest.')).toHaveCount(0);
  });
});
