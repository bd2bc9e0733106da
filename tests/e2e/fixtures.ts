import { createHash, randomBytes } from 'node:crypto';
import { test as base, expect, type Page } from '@playwright/test';

/**
 * Rate limits may live in Redis and outlast a run: a salt per run keeps one run's visitors from
 * using up the next run's allowance.
 */
const RUN_SALT = randomBytes(8).toString('hex');

/** Fails a test when the page logs an error (hydration mismatches, failed scripts, CSP blocks). */
export const test = base.extend<{ consoleErrors: string[] }>({
  // Each test is a visitor of its own address (the server trusts the loopback proxy, as it would a
  // load balancer): the real per-address limits stay on, and one test's sign-ups do not use up
  // another's allowance.
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    const n = createHash('sha256').update(`${RUN_SALT}:${testInfo.testId}:${testInfo.retry}`).digest().readUInt16BE(0) % 62_500;
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': `198.18.${Math.floor(n / 250)}.${(n % 250) + 1}` });
  },
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      // The browser logs every 4xx answer; a refused password or a taken e-mail is expected.
      if (message.type() === 'error' && !/Failed to load resource: the server responded with a status of 4\d\d/.test(message.text())) {
        errors.push(message.text());
      }
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await use(errors);
    expect(errors, 'console errors').toEqual([]);
  },
});

export { expect };

/** Waits until React has hydrated the page, so clicks reach their handlers. */
export async function hydrated(page: Page): Promise<void> {
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  // The home page's lower sections hydrate from their own chunk, a moment later.
  if (await page.locator('#products').count()) await page.locator('html[data-below-fold="hydrated"]').waitFor({ state: 'attached' });
}

/**
 * Call before a page's first scroll, await after it: settles once the code that keeps scroll
 * positions against sections (src/web/scroll-anchors.ts, fetched at that scroll) has run. The
 * response alone comes before the module runs; an import of the same module in the page settles
 * after the page's own import has.
 */
export function scrollAnchorsRan(page: Page): Promise<void> {
  return page
    .waitForResponse(/\/assets\/scroll-anchors-/)
    .then((response) => page.evaluate((url) => import(url).then(() => undefined), response.url()));
}

/** Ticks SPEC's two agreement boxes of a checkout (terms and refund policy; personal data). */
export async function agreeToAll(scope: Page | import('@playwright/test').Locator): Promise<void> {
  const boxes = scope.locator('[data-agreements] input[type="checkbox"]');
  await expect(boxes).toHaveCount(2);
  for (const box of await boxes.all()) await box.check();
}
