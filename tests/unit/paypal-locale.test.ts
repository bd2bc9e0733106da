/** Issue 33, item 32: PayPal's page opened in en-US for the Australian store. */
import { describe, expect, it } from 'vitest';
import { paypalLocale } from '../../src/server/features/payments/providers/paypal.ts';

describe("PayPal's page language", () => {
  it('follows the payer\'s language, and the Australian store\'s English', () => {
    expect(paypalLocale('en', 'AUD')).toBe('en-AU');
    expect(paypalLocale('en', 'USD')).toBe('en-US');
    expect(paypalLocale('en', 'MYR')).toBe('en-US');
    expect(paypalLocale('zh', 'AUD')).toBe('zh-CN');
    expect(paypalLocale('ko', 'USD')).toBe('ko-KR');
  });
});
