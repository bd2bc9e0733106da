/**
 * "Hardening, round three", item 12: the checkout pages send one Idempotency-Key per checkout
 * attempt, the same for the same order sent again and a new one once the form changed.
 */
import { describe, expect, it } from 'vitest';
import { checkoutAttempts, newAttemptKey } from '../../src/web/features/checkout/use-payment-area.tsx';

describe('checkout attempts', () => {
  it('keeps the key while the order is the same and makes a new one when it changes', () => {
    const attempts = checkoutAttempts();
    const order = { serviceId: 1, quantity: 3, customerName: '김민수' };
    const first = attempts.keyFor(order);
    expect(attempts.keyFor({ ...order })).toBe(first);
    const changed = attempts.keyFor({ ...order, quantity: 4 });
    expect(changed).not.toBe(first);
    expect(attempts.keyFor({ ...order, quantity: 4 })).toBe(changed);
    // Back to the first form is another attempt again: that order may have been paid meanwhile.
    expect(attempts.keyFor(order)).not.toBe(first);
  });

  it('makes keys the server takes (8-255 visible ASCII), random each time', () => {
    const keys = new Set(Array.from({ length: 50 }, () => newAttemptKey()));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('makes a UUID without crypto.randomUUID too (pages served over plain HTTP)', () => {
    const randomUUID = crypto.randomUUID;
    try {
      Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
      expect(newAttemptKey()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: randomUUID, configurable: true });
    }
  });
});
