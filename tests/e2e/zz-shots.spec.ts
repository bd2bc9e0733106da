import { newGuestId } from '../../src/domain/guest.ts';
import { expect, hydrated, test } from './fixtures.ts';

const STORES = [['kr', 'ko'], ['us', 'en'], ['my', 'ja'], ['vn', 'vi'], ['cn', 'zh']] as const;
const WIDTHS = [320, 375, 1024, 1280, 1920];

for (const [country, lang] of STORES) {
  test(`shots ${country} ${lang}`, async ({ page, request }) => {
    test.setTimeout(240_000);
    const guest = newGuestId();
    const res = (await request.post('/api/orders', { headers: { 'x-store-country': country, 'accept-language': lang }, data: { customerName: 'Jamie Guest', customerEmail: `shots.${Date.now()}@example.com`, customerPhone: country === 'kr' ? '010-1234-5678' : '+1 415 555 0134', country, packageId: 'social', sessionId: guest } }));
    const created = await res.json();
    if (!created.orderId) throw new Error(`${res.status()} ${await res.text()}`);
    const sres = await request.post('/api/payments/start', { data: { orderId: created.orderId, provider: country === 'kr' ? 'tosspayments' : country === 'cn' ? 'alipay' : 'stripe', sessionId: guest } });
    const started = await sres.json().catch(async () => ({ status: sres.status(), text: await sres.text() }));
    if (!started.redirectUrl) throw new Error(JSON.stringify(started) + JSON.stringify(created));
    const ref = new URL(started.redirectUrl).searchParams.get('ref');
    await page.context().addCookies([{ name: 'lang', value: lang, url: page.context()['_options']?.baseURL ?? 'http://127.0.0.1:3107' }]).catch(() => {});
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/${country}/payment/fail?code=REJECT_CARD_COMPANY&orderId=${created.orderId}&ref=${ref}&lang=${lang}`);
      await hydrated(page);
      await page.screenshot({ path: `/tmp/shots/fail-${country}-${lang}-${width}.png`, fullPage: true });
      if (width === 375 || width === 1280) {
        await page.locator('[data-retry]').click();
        const dialog = page.getByRole('dialog');
        await expect(dialog).toBeVisible();
        await dialog.locator('button[type="submit"]').click();
        await page.waitForTimeout(300);
        await page.screenshot({ path: `/tmp/shots/pay-${country}-${lang}-${width}.png` });
      }
    }
  });
}
