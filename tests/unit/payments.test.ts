/** The payment rules of the domain (D25, D26): the stores' choices, exact minor units, line amounts that add up. */
import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES } from '../../src/domain/countries.ts';
import {
  allocateMinor, currencyDigits, decimalStringToMinor, GATEWAY_OF, isPayable, minorToDecimalString, paymentChoicesOf, storeOffers,
} from '../../src/domain/payments.ts';

describe('the stores\' payment choices (D26)', () => {
  it('are SPEC\'s names in SPEC\'s order', () => {
    expect(Object.fromEntries(COUNTRY_CODES.map((c) => [c, paymentChoicesOf(c)]))).toEqual({
      kr: ['tosspayments'], us: ['stripe', 'paypal'], au: ['stripe', 'paypal'], vn: ['stripe'], cn: ['alipay', 'wechatpay', 'unionpay'], my: ['stripe', 'paypal'],
    });
  });

  it('carries China\'s three methods and every card through Stripe, and offers PayPal only where it takes the currency', () => {
    expect(['alipay', 'wechatpay', 'unionpay', 'stripe'].map((c) => GATEWAY_OF[c as 'stripe'])).toEqual(['stripe', 'stripe', 'stripe', 'stripe']);
    expect(storeOffers('vn', 'paypal')).toBe(false);
    expect(storeOffers('cn', 'paypal')).toBe(false);
    expect(storeOffers('kr', 'stripe')).toBe(false);
    expect(storeOffers('my', 'paypal')).toBe(true);
  });

  it('calls an order payable only while it is pending', () => {
    expect(isPayable({ status: 'pending' })).toBe(true);
    for (const status of ['quote_review', 'order_received', 'cancelled']) expect(isPayable({ status })).toBe(false);
  });
});

describe('minor units as providers take them (D25)', () => {
  it('writes PayPal\'s decimal strings exactly, with no float in between', () => {
    expect(minorToDecimalString(1234, 'USD')).toBe('12.34');
    expect(minorToDecimalString(5, 'AUD')).toBe('0.05');
    expect(minorToDecimalString(100, 'MYR')).toBe('1.00');
    expect(minorToDecimalString(630_000, 'VND')).toBe('630000');
    // 0.1 + 0.2 style drift cannot happen: every cent of a large amount survives.
    expect(minorToDecimalString(900_719_925_474_099, 'USD')).toBe('9007199254740.99');
    expect(() => minorToDecimalString(-1, 'USD')).toThrow(RangeError);
    expect(() => minorToDecimalString(1.5, 'USD')).toThrow(RangeError);
  });

  it('reads a provider\'s decimal string back exactly, or not at all', () => {
    expect(decimalStringToMinor('12.34', 'USD')).toBe(1234);
    expect(decimalStringToMinor('12.3', 'USD')).toBe(1230);
    expect(decimalStringToMinor('12.340', 'USD')).toBe(1234);
    expect(decimalStringToMinor('12.345', 'USD')).toBeNull();
    expect(decimalStringToMinor('630000', 'VND')).toBe(630_000);
    expect(decimalStringToMinor('25.55', 'EUR')).toBe(2555);
    expect(decimalStringToMinor('1500', 'JPY')).toBe(1500);
    for (const bad of ['', '-1.00', '1e3', ' 1.00', '1,000.00']) expect(decimalStringToMinor(bad, 'USD')).toBeNull();
    expect(decimalStringToMinor('1.00', 'XX1')).toBeNull();
  });

  it('knows the digits of any ISO currency a provider may name', () => {
    expect([currencyDigits('KRW'), currencyDigits('usd'), currencyDigits('JPY'), currencyDigits('BHD'), currencyDigits('nope')]).toEqual([0, 2, 0, 3, null]);
  });
});

describe('line amounts for a provider that lists lines', () => {
  it('add up to the order\'s amount exactly, in proportion to the lines\' won prices', () => {
    const cases: Array<[number[], number]> = [[[35_000, 35_000, 35_000], 7665], [[25_000, 52_000], 5621], [[1, 1, 1], 100], [[80_000], 5840]];
    for (const [lines, total] of cases) {
      const parts = allocateMinor(lines, total);
      expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
      expect(parts.every((p) => Number.isInteger(p) && p >= 0)).toBe(true);
    }
    expect(allocateMinor([35_000, 35_000, 35_000], 7665)).toEqual([2555, 2555, 2555]);
    expect(allocateMinor([1, 1, 1], 100)).toEqual([34, 33, 33]);
  });
});
