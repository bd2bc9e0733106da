/**
 * A guest's private link to their order (D22): the order's page with a key that only the server
 * can make (an HMAC of the order number under the server's secret), sent in the confirmation
 * e-mail, so the guest can follow the order from any browser. Nothing is stored for it.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { CountryCode } from '../../../domain/countries.ts';

export interface OrderLinks {
  keyFor(orderNumber: string): string;
  verify(orderNumber: string, key: string): boolean;
  url(country: CountryCode, orderNumber: string): string;
}

export function createOrderLinks(secret: string, origin: string): OrderLinks {
  const keyFor = (orderNumber: string) => createHmac('sha256', `order-link:${secret}`).update(orderNumber).digest('base64url');
  return {
    keyFor,
    verify(orderNumber, key) {
      const expected = Buffer.from(keyFor(orderNumber));
      const given = Buffer.from(key);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
    url: (country, orderNumber) => `${origin}/${country}/orders/${encodeURIComponent(orderNumber)}?key=${keyFor(orderNumber)}`,
  };
}
