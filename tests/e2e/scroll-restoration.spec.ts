/**
 * Scroll positions across reloads and returns through history (src/web/scroll-restoration.tsx,
 * docs/decisions/0054): a page opened afresh reads no stored positions while it loads, and every
 * position a visitor can come back to is still found. The reloads are in landing.spec.ts.
 */
import type { Page } from '@playwright/test';
import { ROUTER_TRANSITIONS_KEY } from '../../src/web/fresh-page-storage.server.ts';
import { ANCHORS_KEY, POSITIONS_KEY } from '../../src/web/scroll-storage.ts';
import { expect, hydrated, scrollAnchorsRan, test } from './fixtures.ts';

/**
 * Records every read of the stored positions, their sections, and React Router's stored view
 * transitions (its router reads them when it is made, src/web/fresh-page-storage.server.ts), and
 * whether the page had come alive by then; and counts the writes of the history entry's state
 * before the page is alive.
 */
async function recordStorageReads(page: Page) {
  await page.addInitScript((keys) => {
    const reads: string[] = [];
    const record = window as unknown as { storageReads: string[]; stateWritesLoading: number };
    record.storageReads = reads;
    record.stateWritesLoading = 0;
    const getItem = Storage.prototype.getItem;
    Storage.prototype.getItem = function (this: Storage, name: string) {
      if (keys.includes(name)) reads.push(`${name}: ${document.documentElement.dataset.hydrated ? 'alive' : 'loading'}`);
      return getItem.call(this, name);
    };
    const replaceState = History.prototype.replaceState;
    History.prototype.replaceState = function (this: History, ...args: Parameters<History['replaceState']>) {
      if (!document.documentElement.dataset.hydrated) record.stateWritesLoading++;
      return replaceState.apply(this, args);
    };
  }, [POSITIONS_KEY, ANCHORS_KEY, ROUTER_TRANSITIONS_KEY]);
}

const storageReads = (page: Page) => page.evaluate(() => (window as unknown as { storageReads: string[] }).storageReads);

async function scrollTo(page: Page, y: number) {
  await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(y);
}

test('a page opened afresh reads nothing stored while it loads, and writes its history entry once', async ({ page }) => {
  await recordStorageReads(page);
  await page.goto('/kr/templateshop');
  await hydrated(page);
  await scrollTo(page, 900);
  await page.goto('/kr');
  await hydrated(page);
  expect(await storageReads(page)).toEqual([]);
  // The inline script makes the entry's key and index in one write; the router finds both.
  expect(await page.evaluate(() => (window as unknown as { stateWritesLoading: number }).stateWritesLoading)).toBe(1);
  expect(await page.evaluate(() => (history.state as { idx?: unknown } | null)?.idx)).toBe(0);
  // The entry has its key all the same: the position is kept under it when the visitor leaves.
  expect(await page.evaluate(() => typeof (history.state as { key?: unknown } | null)?.key)).toBe('string');
});

test('a fresh page in between keeps the positions of the pages before it, and a reload reads them', async ({ page }) => {
  await page.goto('/kr/templateshop');
  await hydrated(page);
  await scrollTo(page, 900);
  const shopKey = await page.evaluate(() => (history.state as { key: string }).key);
  // Leaving the shop stores its position; the home page opened afresh does not read it at load,
  // and must not drop it when the visitor leaves it in turn.
  await page.goto('/kr');
  await hydrated(page);
  await scrollTo(page, 600);
  await page.goto('/kr/terms');
  await hydrated(page);
  const stored = await page.evaluate((key) => JSON.parse(sessionStorage.getItem(key) ?? '{}') as Record<string, number>, POSITIONS_KEY);
  expect(stored[shopKey]).toBe(900);
  expect(Object.values(stored)).toContain(600);

  // Back at the shop through history, as a document opened again: where the visitor was.
  await page.goBack();
  await page.goBack();
  await hydrated(page);
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(900);
});

test('the way back to the home page puts the visitor at the section they were in, though the page was made anew', async ({ page }) => {
  await recordStorageReads(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/kr');
  await hydrated(page);
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.getElementById('portfolio')!).contentVisibility)).toBe('visible');
  // Coming back makes the page anew: a hero with a headline drawn anew (its loader runs again), a
  // message guide in its stand-in height until it nears the screen. Making the hero 150 px taller
  // before the visitor leaves makes sure the page they come back to differs.
  await page.locator('#home').evaluate((hero) => {
    const taller = document.createElement('div');
    taller.style.height = '150px';
    hero.append(taller);
  });
  const portfolioTop = () => page.locator('#portfolio').evaluate((section) => Math.round(section.getBoundingClientRect().top));
  // The code that keeps a position against its section comes with the first scroll.
  const anchorsRan = scrollAnchorsRan(page);
  await page.locator('#portfolio').evaluate((section) => window.scrollTo({ top: section.getBoundingClientRect().top + window.scrollY - 100, behavior: 'instant' }));
  await expect.poll(portfolioTop).toBe(100);
  await anchorsRan;
  // The top bar stays in view: following its link does not scroll the page first.
  await page.getByRole('banner').getByRole('link', { name: '템플릿 샵' }).click();
  await expect(page).toHaveURL(/\/kr\/templateshop$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/kr$/);
  await expect.poll(portfolioTop).toBe(100);
  // One document all along: the section came from memory, never from storage.
  expect(await storageReads(page)).toEqual([]);
});

/** Starts noting the page's scroll position every frame (up to 600 frames). */
async function recordScrollPositions(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { positions: number[] };
    w.positions = [];
    const frame = () => {
      w.positions.push(Math.round(window.scrollY));
      if (w.positions.length < 600) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

/** The positions noted since `recordScrollPositions`, after a few frames more: a scroll still under way would show. */
async function recordedScrollPositions(page: Page): Promise<number[]> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(resolve)))));
  return page.evaluate(() => (window as unknown as { positions: number[] }).positions);
}

/** The template shop at 375 px, scrolled to its footer's terms link: the link, and where the visitor is. */
async function atTheShopsFooter(page: Page) {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/kr/templateshop');
  await hydrated(page);
  const terms = page.locator('footer').getByRole('link', { name: '이용약관 및 환불 정책' });
  const left = await terms.evaluate((link) => {
    link.scrollIntoView({ block: 'center', behavior: 'instant' });
    return Math.round(window.scrollY);
  });
  return { terms, left };
}

test('a client navigation and the way back put the visitor where they were', async ({ page }) => {
  await recordStorageReads(page);
  // Where the visitor is when they follow the link, the footer in view.
  const { terms, left } = await atTheShopsFooter(page);
  expect(left).toBeGreaterThan(500);
  await terms.click();
  await expect(page).toHaveURL(/\/kr\/terms$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/kr\/templateshop$/);
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(left);
  // One document all along, opened afresh: the positions came from memory, never from storage.
  expect(await storageReads(page)).toEqual([]);
});

test('a client navigation and the way back jump to their place, never scrolling through the page', async ({ page }) => {
  // The store scrolls smoothly for in-page links (`scroll-behavior: smooth`); putting a page at its
  // top or where the visitor was must not animate through thousands of pixels of the new page.
  const { terms, left } = await atTheShopsFooter(page);
  const positionsWhile = async (move: () => Promise<unknown>, settled: number) => {
    await recordScrollPositions(page);
    await move();
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(settled);
    return recordedScrollPositions(page);
  };
  const forward = await positionsWhile(() => terms.click(), 0);
  expect(forward.filter((y) => y !== left && y !== 0), `positions after the click: ${forward.join(' ')}`).toEqual([]);
  const back = await positionsWhile(() => page.goBack(), left);
  expect(back.filter((y) => y !== left && y !== 0), `positions on the way back: ${back.join(' ')}`).toEqual([]);
});

test('a link to a section of another page opens that page at the section, never scrolling through it', async ({ page }) => {
  const { left } = await atTheShopsFooter(page);
  const portfolioLink = page.locator('footer').getByRole('link', { name: '포트폴리오' });
  const portfolioTop = () => page.locator('#portfolio').evaluate((section) => Math.round(section.getBoundingClientRect().top));
  await recordScrollPositions(page);
  await portfolioLink.click();
  await expect(page).toHaveURL(/\/kr#portfolio$/);
  // Below the fixed top bar (html's scroll-padding-top, 4.5rem).
  await expect.poll(portfolioTop).toBe(72);
  const positions = await recordedScrollPositions(page);
  const at = await page.evaluate(() => Math.round(window.scrollY));
  // The old place, then the section's: a smooth scroll passes dozens of places in between.
  expect(positions.filter((y) => y !== left && y !== at), `positions after the click: ${positions.join(' ')}`).toEqual([]);

  // A link to a section of the page shown still glides there, as the design has it.
  await portfolioLink.evaluate((link) => link.scrollIntoView({ behavior: 'instant' }));
  await recordScrollPositions(page);
  await portfolioLink.click();
  await expect.poll(portfolioTop).toBe(72);
  const glide = await recordedScrollPositions(page);
  expect(new Set(glide).size, `positions after the in-page link: ${glide.join(' ')}`).toBeGreaterThan(5);
});
