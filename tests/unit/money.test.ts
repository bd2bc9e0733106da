import { describe, expect, it } from 'vitest';
import { COUNTRIES, COUNTRY_CODES, type CountryCode } from '../../src/domain/countries.ts';
import { convertKrw, convertKrwToMinor, formatMoney, localizePrice, minorDigits } from '../../src/domain/money.ts';

const NBSP = '\u00a0';

describe('price multipliers (SPEC section 9, D8)', () => {
  it.each([
    ['kr', '1', '₩', 'KRW'],
    ['us', '0.00073', '$', 'USD'],
    ['au', '0.00109', 'A$', 'AUD'],
    ['vn', '18', '₫', 'VND'],
    ['cn', '0.0051', '¥', 'CNY'],
    ['my', '0.0034', 'RM', 'MYR'],
  ] as const)('%s multiplies by %s and shows %s (%s)', (code, multiplier, symbol, currency) => {
    expect(COUNTRIES[code].priceMultiplier).toBe(multiplier);
    expect(COUNTRIES[code].currencySymbol).toBe(symbol);
    expect(COUNTRIES[code].currency).toBe(currency);
  });

  it('uses the ISO 4217 minor unit: whole won and dong, cents elsewhere', () => {
    expect(COUNTRY_CODES.map((c) => [c, minorDigits(c)])).toEqual([
      ['kr', 0], ['us', 2], ['au', 2], ['vn', 0], ['cn', 2], ['my', 2],
    ]);
  });
});

describe('convertKrw', () => {
  it.each([
    ['kr', 30_000, 30_000],
    ['us', 30_000, 21.9],
    ['au', 30_000, 32.7],
    ['vn', 30_000, 540_000],
    ['cn', 30_000, 153],
    ['my', 30_000, 102],
    ['us', 95_000, 69.35],
    ['au', 80_000, 87.2],
    ['cn', 299_000, 1524.9],
    ['my', 499_000, 1696.6],
    ['vn', 25_000, 450_000],
  ] as const)('%s: %d KRW is %d', (country, krw, expected) => {
    expect(convertKrw(krw, country)).toBe(expected);
  });

  it('rounds half away from zero at the minor unit', () => {
    // 1 KRW in US is 0.00073 USD = 0.073 cents -> 0 cents; 7 KRW = 0.511 cents -> 1 cent.
    expect(convertKrwToMinor(1, 'us')).toBe(0);
    expect(convertKrwToMinor(7, 'us')).toBe(1);
    // 0.5 cent exactly rounds up: 0.0051 CNY * 1000 KRW = 5.1 CNY; 98 KRW * 0.0051 = 0.4998 -> 50 fen
    expect(convertKrwToMinor(98, 'cn')).toBe(50);
  });

  it('does exact integer arithmetic (no 0.1 + 0.2 drift)', () => {
    expect(convertKrwToMinor(123_456_789, 'us')).toBe(9_012_346);
  });

  it('refuses amounts that are not whole won', () => {
    expect(() => convertKrw(1.5, 'kr')).toThrow(RangeError);
    expect(() => convertKrw(Number.NaN, 'kr')).toThrow(RangeError);
  });
});

describe('formatMoney / localizePrice', () => {
  it.each([
    ['kr', 30_000, '₩30,000'],
    ['us', 30_000, '$21.90'],
    ['au', 30_000, 'A$32.70'],
    ['vn', 30_000, `540.000${NBSP}₫`],
    ['cn', 30_000, '¥153.00'],
    ['my', 30_000, `RM${NBSP}102.00`], // CLDR spaces a letter symbol from the digits
    ['kr', 1_234_567, '₩1,234,567'],
    ['us', 499_000, '$364.27'],
  ] as const)('%s: %d KRW shows as %s', (country, krw, expected) => {
    expect(localizePrice(krw, country)).toBe(expected);
  });

  it('formats an amount already in the local currency', () => {
    expect(formatMoney(1234.5, 'us')).toBe('$1,234.50');
  });

  // formatMoney writes each store's pattern itself (no Intl.NumberFormat in the browser's first
  // load, docs/decisions/0044): it must write what CLDR's locale data, through Intl, writes.
  const intl = new Map(COUNTRY_CODES.map((country) => [country, new Intl.NumberFormat(COUNTRIES[country].locale, {
    style: 'currency', currency: COUNTRIES[country].currency, minimumFractionDigits: minorDigits(country), maximumFractionDigits: minorDigits(country),
  })]));
  const intlMoney = (amount: number, country: CountryCode) =>
    intl.get(country)!
      .formatToParts(amount)
      .map((part) => (part.type === 'currency' ? COUNTRIES[country].currencySymbol : part.value))
      .join('')
      .trim();
  const edges = [0, -0, 0.004, -0.004, 0.005, 0.015, 1.005, 2.675, 0.5, 1.5, 2.5, -0.5, -2.5, 999.995, 999, 1000, 9999.5, 10_000, 123_456.785, 1_000_000, -1_234_567.891, 2 ** 53 / 100, 90_071_992_547_409.91];
  it.each(COUNTRY_CODES)('%s: writes every amount as Intl.NumberFormat does (edges and 5,000 random amounts)', (country) => {
    let seed = 7;
    const random = () => ((seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647);
    const amounts = [...edges, ...Array.from({ length: 5_000 }, (_, i) => {
      const magnitude = 10 ** Math.floor(random() * 12);
      const value = Math.round(random() * magnitude * 1000) / 1000;
      return i % 3 === 0 ? -value : value;
    })];
    const differing = amounts.filter((amount) => formatMoney(amount, country) !== intlMoney(amount, country));
    expect(differing.map((amount) => [amount, formatMoney(amount, country), intlMoney(amount, country)])).toEqual([]);
  });
});
