import { describe, expect, it } from 'vitest';
import { COUNTRIES, COUNTRY_CODES, isCountryCode, storeForIsoCountry } from '../../src/domain/countries.ts';

describe('countries (SPEC section 3)', () => {
  it('has the six stores with every Country field', () => {
    expect(COUNTRY_CODES).toEqual(['kr', 'us', 'au', 'vn', 'cn', 'my']);
    for (const code of COUNTRY_CODES) {
      const c = COUNTRIES[code];
      expect(c.code).toBe(code);
      expect(c.name).toBeTruthy();
      expect(c.locale).toMatch(/^[a-z]{2}-[A-Z]{2}$/);
    }
  });

  it('sets each store language (D11)', () => {
    expect(COUNTRY_CODES.map((c) => COUNTRIES[c].lang)).toEqual(['ko', 'en', 'en', 'vi', 'zh', 'en']);
  });

  it('recognises only lowercase store codes', () => {
    expect(isCountryCode('kr')).toBe(true);
    expect(isCountryCode('KR')).toBe(false);
    expect(isCountryCode('jp')).toBe(false);
    expect(isCountryCode(undefined)).toBe(false);
  });
});

describe('unsupported country mapping (SPEC section 4)', () => {
  it.each(['JP', 'TH', 'SG', 'PH', 'ID', 'IN', 'BD', 'LK', 'MM', 'KH', 'LA', 'NP', 'BT', 'MV', 'TW', 'HK', 'MO'])(
    '%s goes to the Korean store',
    (iso) => expect(storeForIsoCountry(iso)).toBe('kr'),
  );

  it.each([['KR', 'kr'], ['US', 'us'], ['AU', 'au'], ['VN', 'vn'], ['CN', 'cn'], ['MY', 'my'], ['kr', 'kr']] as const)(
    'supported %s maps to itself',
    (iso, store) => expect(storeForIsoCountry(iso)).toBe(store),
  );

  it.each(['DE', 'GB', 'FR', 'BR', 'CA', 'NZ'])('other country %s goes to us', (iso) => {
    expect(storeForIsoCountry(iso)).toBe('us');
  });

  it('falls back to us when the country is unknown', () => {
    expect(storeForIsoCountry(null)).toBe('us');
    expect(storeForIsoCountry('')).toBe('us');
  });
});
