/**
 * What a first visit to /kr costs the phone before it can be used (issue 17): the compressed
 * JavaScript downloaded until the page is hydrated and the network is quiet, and the hydration
 * data inlined in the HTML (React Router's loader data, the messages block, React's own scripts).
 * `npm run bench:js` prints the same figures script by script.
 */
import { expect, test } from './fixtures.ts';

// Issue 17's budget: 110 KB (/kr measures 109.7 KB, the framework chunk, React, React DOM and
// React Router, 90.4 KB of it; the template pages 105.9 and 105.7 KB).
const JS_BUDGET = 110 * 1024;
const HYDRATION_DATA_BUDGET = 12 * 1024;

for (const path of ['/kr', '/kr/templateshop', '/kr/template/1']) {
  test(`${path}: JavaScript before interaction and hydration data stay within budget`, async ({ page }) => {
    const scripts: Array<{ url: string; bytes: Promise<number> }> = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() === 'script') scripts.push({ url: new URL(request.url()).pathname, bytes: request.sizes().then((s) => s.responseBodySize) });
    });
    await page.goto(path, { waitUntil: 'networkidle' });
    await expect(page.locator('html[data-hydrated]')).toBeAttached();
    const sizes = await Promise.all(scripts.map(async (s) => ({ url: s.url, bytes: await s.bytes })));
    const total = sizes.reduce((sum, s) => sum + s.bytes, 0);
    const inline = await page.evaluate(() => [...document.querySelectorAll('script:not([src])')].reduce((n, s) => n + (s.textContent?.length ?? 0), 0));
    const listing = sizes.sort((a, b) => b.bytes - a.bytes).map((s) => `${(s.bytes / 1024).toFixed(1)} KB ${s.url}`).join('\n');
    // Compressed, as sent: a script served without compression would count whole.
    expect(sizes.length, 'scripts were measured').toBeGreaterThan(3);
    expect(total, `compressed JavaScript before interaction (KB: ${(total / 1024).toFixed(1)})\n${listing}`).toBeLessThanOrEqual(JS_BUDGET);
    expect(inline, `hydration data, characters of inline script (${(inline / 1024).toFixed(1)} KB)`).toBeLessThanOrEqual(HYDRATION_DATA_BUDGET);
  });
}
