/**
 * Measures the JavaScript a visitor's browser downloads for /kr before any interaction:
 * compressed bytes of every script response until the page is loaded and the network is idle.
 * Budgets (issue 17): at most 110 KB compressed, and at most 12 KB of hydration data (inline
 * script text). tests/e2e/first-load-budget.spec.ts holds the same figures in the test suite.
 * Also printed: the components React rendered to hydrate the page and in the commits after it
 * until the network was quiet (react-renders.ts): unlike milliseconds, the same on any machine.
 * Usage: npm run build && npm run bench:js
 */
import { chromium } from 'playwright-core';
import { countReactRenders, readReactRenders } from './react-renders.ts';
import { CHROMIUM, CHROMIUM_FLAGS, startBuiltServer } from './serve.ts';

const BUDGET = 110 * 1024;
const HYDRATION_BUDGET = 12 * 1024;
const paths = process.argv.slice(2).length ? process.argv.slice(2) : ['/kr', '/kr/templateshop', '/kr/template/1'];
const server = await startBuiltServer(3191);
let over = false;
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS.filter((f) => !f.startsWith('--headless')) }).catch(async (error: unknown) => {
  await server.stop();
  throw error;
});
try {
  for (const path of paths) {
    const page = await browser.newPage();
    await page.addInitScript(countReactRenders);
    const scripts: Array<{ url: string; bytes: number }> = [];
    page.on('requestfinished', async (request) => {
      if (request.resourceType() !== 'script') return;
      const sizes = await request.sizes();
      scripts.push({ url: new URL(request.url()).pathname, bytes: sizes.responseBodySize });
    });
    await page.goto(`${server.origin}${path}`, { waitUntil: 'networkidle' });
    const html = await page.evaluate(() => document.documentElement.outerHTML.length);
    const inline = await page.evaluate(() => [...document.querySelectorAll('script:not([src])')].reduce((n, s) => n + (s.textContent?.length ?? 0), 0));
    const [hydration, ...later] = await page.evaluate(readReactRenders);
    await page.close();
    const total = scripts.reduce((n, s) => n + s.bytes, 0);
    over ||= total > BUDGET || inline > HYDRATION_BUDGET;
    console.log(`\n${path}: ${scripts.length} scripts, ${(total / 1024).toFixed(1)} KB compressed (budget ${BUDGET / 1024} KB)${total > BUDGET ? '  OVER BUDGET' : ''}`);
    for (const s of scripts.sort((a, b) => b.bytes - a.bytes)) console.log(`  ${(s.bytes / 1024).toFixed(1).padStart(6)} KB  ${s.url}`);
    const sum = (key: 'mounted' | 'updated') => later.reduce((n, commit) => n + commit[key], 0);
    console.log(`  React: ${hydration?.mounted ?? 0} components rendered to hydrate; then ${later.length} commits rendering ${sum('updated')} of them again and mounting ${sum('mounted')}`);
    console.log(`  inline script text in the HTML (hydration data): ${(inline / 1024).toFixed(1)} KB uncompressed (budget ${HYDRATION_BUDGET / 1024} KB)${inline > HYDRATION_BUDGET ? '  OVER BUDGET' : ''}; whole document ${(html / 1024).toFixed(1)} KB`);
  }
} finally {
  await browser.close();
  await server.stop();
}
process.exit(over ? 1 : 0);
