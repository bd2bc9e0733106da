/** Short order numbers (issue 16, item 17; docs/decisions/0021): format, alphabet, check digit, loose reading. */
import { describe, expect, it } from 'vitest';
import { ORDER_NUMBER_PATTERN } from '../../src/domain/orders.ts';
import {
  checkDigit, hasValidCheckDigit, koreaYearMonth, newOrderNumber, orderNumberCandidates, parseShortOrderNumber, SHORT_ORDER_NUMBER_PATTERN,
} from '../../src/domain/order-number.ts';

const LOOK_ALIKE_LETTERS = /[OIlLSZB]/;

describe('newOrderNumber', () => {
  it('is SL-, the Korea month, six random digits and a check digit, grouped 4-4-3', () => {
    const number = newOrderNumber(new Date('2026-11-07T03:00:00Z'), () => '482731');
    expect(number).toBe(`SL-2611-4827-31${checkDigit('2611482731')}`);
    expect(number).toMatch(SHORT_ORDER_NUMBER_PATTERN);
  });

  it('takes the month in Korea time, not the server clock', () => {
    // 2026-11-30 15:30 UTC is already 1 December in Seoul; 14:59 UTC is still November.
    expect(koreaYearMonth(new Date('2026-11-30T15:30:00Z'))).toBe('2612');
    expect(koreaYearMonth(new Date('2026-11-30T14:59:59Z'))).toBe('2611');
    expect(koreaYearMonth(new Date('2099-12-31T15:00:00Z'))).toBe('0001');
    expect(newOrderNumber(new Date('2026-12-31T15:00:00Z'), () => '000000').slice(0, 7)).toBe('SL-2701');
  });

  it('is short, digits only after the prefix, and what Toss takes as an orderId', () => {
    for (let i = 0; i < 2000; i++) {
      const number = newOrderNumber();
      expect(number).toHaveLength(16);
      expect(number).toMatch(SHORT_ORDER_NUMBER_PATTERN);
      expect(number).toMatch(ORDER_NUMBER_PATTERN);
      // Nothing that reads as another character: no letters at all after the prefix.
      expect(number.slice(3)).not.toMatch(LOOK_ALIKE_LETTERS);
      expect(number.slice(3)).toMatch(/^[\d-]+$/);
      expect(hasValidCheckDigit(number.replace(/\D/g, ''))).toBe(true);
    }
  });

  it('draws every random digit evenly', () => {
    const seen = new Map<string, number>();
    const draws = 20_000;
    for (let i = 0; i < draws; i++) {
      const digits = newOrderNumber().replace(/\D/g, '').slice(4, 10);
      for (const d of digits) seen.set(d, (seen.get(d) ?? 0) + 1);
    }
    expect([...seen.keys()].sort()).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
    // 12,000 of each expected; five standard deviations either side.
    for (const n of seen.values()) expect(Math.abs(n - (draws * 6) / 10)).toBeLessThan(5 * Math.sqrt(draws * 6 * 0.09));
  });

  it('refuses a random part that is not six digits', () => {
    expect(() => newOrderNumber(new Date(), () => '12345')).toThrow();
    expect(() => newOrderNumber(new Date(), () => '12345a')).toThrow();
  });
});

describe('the check digit (Damm)', () => {
  it("gives Damm's published example", () => {
    expect(checkDigit('572')).toBe('4');
    expect(hasValidCheckDigit('5724')).toBe(true);
    expect(hasValidCheckDigit('5723')).toBe(false);
  });

  it('catches every single wrong digit and every swap of neighbours', () => {
    const body = '2611482731';
    const full = body + checkDigit(body);
    for (let at = 0; at < full.length; at++) {
      for (let d = 0; d < 10; d++) {
        if (String(d) === full[at]) continue;
        expect(hasValidCheckDigit(full.slice(0, at) + d + full.slice(at + 1))).toBe(false);
      }
      if (at + 1 < full.length && full[at] !== full[at + 1]) {
        expect(hasValidCheckDigit(full.slice(0, at) + full[at + 1] + full[at] + full.slice(at + 2))).toBe(false);
      }
    }
  });
});

describe('reading a number as typed', () => {
  const number = newOrderNumber(new Date('2026-11-07T03:00:00Z'), () => '105829');
  const digits = number.replace(/\D/g, '');

  it.each([
    ['as printed', number],
    ['lower case', number.toLowerCase()],
    ['without the prefix', number.slice(3)],
    ['spaces', `SL ${digits.slice(0, 4)} ${digits.slice(4, 8)} ${digits.slice(8)}`],
    ['digits only', digits],
    ['prefix glued on', `sl${digits}`],
    ['dots and a long dash', `${digits.slice(0, 4)}.${digits.slice(4, 8)}—${digits.slice(8)}`],
    ['look-alike letters', `SL-${digits.replace(/0/g, 'O').replace(/1/g, 'I').replace(/5/g, 'S').replace(/8/g, 'B').replace(/2/g, 'Z')}`],
    ['full-width digits', digits.replace(/\d/g, (d) => String.fromCharCode(0xff10 + Number(d)))],
  ])('%s', (_name, typed) => {
    expect(parseShortOrderNumber(typed)).toBe(number);
  });

  it('is not a number when a digit slipped, one is missing, or it is other text', () => {
    const slip = `${digits.slice(0, 5)}${(Number(digits[5]) + 3) % 10}${digits.slice(6)}`;
    for (const typed of [slip, digits.slice(1), `${digits}1`, 'minsu@example.com', '김민수', 'SL-', '', 'Lee Sol']) {
      expect(parseShortOrderNumber(typed), typed).toBeNull();
    }
  });

  it('searches an old number exactly, with or without its prefix, and a new one by its canonical form', () => {
    const old = 'SL-OE4OKAgN_zYqv14cXH1X3FaP';
    expect(orderNumberCandidates(old)).toEqual([old]);
    expect(orderNumberCandidates(old.slice(3))).toEqual([old.slice(3), old]);
    expect(orderNumberCandidates(` ${digits} `)).toEqual([digits, number]);
    expect(orderNumberCandidates(number)).toEqual([number]);
    expect(orderNumberCandidates('  ')).toEqual([]);
    expect(orderNumberCandidates('kim')).toEqual(['kim']);
  });
});
