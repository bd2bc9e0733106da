/**
 * Captures pages of the production build as PNG (the README's screenshot, visual checks).
 * Usage: node scripts/screenshot.ts <path> <out.png> [width] [height] [--full]
 */
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS, startBuiltServer } from './bench/serve.ts';

const [pagePath = '/kr', out = 'docs/screenshot.png', width = '1280', height = '800'] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const full = process.argv.includes('--full');
const server = await startBuiltServer(3193);
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS.filter((f) => !f.startsWith('--headless')) });
try {
  const page = await browser.newPage({ viewport: { width: Number(width), height: Number(height) }, locale: 'ko-KR' });
  await page.goto(`${server.origin}${pagePath}`, { waitUntil: 'networkidle' });
  await page.evaluate(() => document.fonts.ready);
  // The lower sections are drawn only near the screen (content-visibility: auto, decision 0044):
  // a whole-page shot draws them all first, or it shows them empty.
  if (full) await page.addStyleTag({ content: '.later-section { content-visibility: visible !important; }' });
  await page.screenshot({ path: out, fullPage: full });
  console.log(`screenshot: ${out}`);
} finally {
  await browser.close();
  await server.stop();
}
