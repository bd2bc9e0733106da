/** Card checkouts and consultation pages read their service from the path with one pattern (issue 18). */
import { describe, expect, it } from 'vitest';
import { isQuoteOnly, SERVICES } from '../../src/domain/catalog/services.ts';
import { serviceOfPath } from '../../src/web/features/checkout/service-of-path.ts';

const statusOf = (run: () => unknown) => {
  try {
    run();
    return 200;
  } catch (thrown) {
    return (thrown as { init?: { status?: number } }).init?.status;
  }
};

describe('serviceOfPath', () => {
  it('reads the page, its data request and a trailing slash alike', () => {
    for (const path of ['/kr/checkout3', '/kr/checkout3.data', '/kr/checkout3/', '/kr/checkout3?quantity=4']) {
      expect(serviceOfPath(`http://shop.test${path}`, 'checkout').id).toBe(3);
    }
    expect(serviceOfPath('http://shop.test/vn/checkout11.data', 'consultation').id).toBe(11);
  });

  it('is a 404 for a number of the other kind of page, or of no service', () => {
    expect(statusOf(() => serviceOfPath('http://shop.test/kr/checkout11', 'checkout'))).toBe(404);
    expect(statusOf(() => serviceOfPath('http://shop.test/kr/checkout3', 'consultation'))).toBe(404);
    expect(statusOf(() => serviceOfPath('http://shop.test/kr/checkout99', 'checkout'))).toBe(404);
  });

  it('has a page for every service: a card checkout, or else a consultation page', () => {
    for (const service of SERVICES) expect(service.hasCheckout, service.slug).toBe(!isQuoteOnly(service));
  });
});
