/**
 * The top bar stays one line at common laptop widths in every language (issue 7): nothing in it
 * wraps or spills over, with the links in the bar or in the menu.
 */
import { expect, hydrated, test } from './fixtures.ts';

for (const width of [1024, 1280, 1440, 1536, 1920]) {
  test(`the top bar is one line at ${width} px in every language`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    for (const lang of ['ko', 'en', 'ja', 'vi', 'zh']) {
      await page.goto(`/kr?lang=${lang}`);
      await hydrated(page);
      const bar = page.locator('header > div').first();
      const box = await bar.boundingBox();
      expect(box?.height, `${lang} bar height`).toBeLessThanOrEqual(64);
      const overflow = await bar.evaluate((el) => el.scrollWidth - el.clientWidth);
      expect(overflow, `${lang} overflow`).toBeLessThanOrEqual(0);
      // Every control in the bar is a single line of text.
      const tallest = await bar.evaluate((el) => Math.max(...[...el.querySelectorAll('a, button')].filter((e) => (e as HTMLElement).offsetParent !== null).map((e) => e.getBoundingClientRect().height)));
      expect(tallest, `${lang} tallest control`).toBeLessThanOrEqual(48);
    }
  });
}
