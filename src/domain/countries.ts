/**
 * The six storefront countries (SPEC section 3) and the mapping of every other
 * country onto them (SPEC section 4, DESIGN D12).
 */
export const COUNTRY_CODES = ['kr', 'us', 'au', 'vn', 'cn', 'my'] as const;
export type CountryCode = (typeof COUNTRY_CODES)[number];

export const LANGUAGES = ['ko', 'en', 'ja', 'vi', 'zh'] as const;
export type Language = (typeof LANGUAGES)[number];

export interface Country {
  code: CountryCode;
  /** English name; the localized name comes from the message catalog (`common:country.<code>`). */
  name: string;
  currency: 'KRW' | 'USD' | 'AUD' | 'VND' | 'CNY' | 'MYR';
  currencySymbol: string;
  /** The default language of the country's store (DESIGN D11). */
  lang: Language;
  /** BCP 47 locale used for number and money formatting. */
  locale: string;
  /**
   * KRW -> local currency, as a decimal string so that conversion stays exact integer math
   * (DESIGN D8: VND is 18, not SPEC's 0.018).
   */
  priceMultiplier: string;
}

export const COUNTRIES: Readonly<Record<CountryCode, Country>> = {
  kr: {
    code: 'kr', name: 'South Korea', currency: 'KRW', currencySymbol: '₩', lang: 'ko',
    locale: 'ko-KR', priceMultiplier: '1',
  },
  us: {
    code: 'us', name: 'United States', currency: 'USD', currencySymbol: '$', lang: 'en',
    locale: 'en-US', priceMultiplier: '0.00073',
  },
  au: {
    code: 'au', name: 'Australia', currency: 'AUD', currencySymbol: 'A$', lang: 'en',
    locale: 'en-AU', priceMultiplier: '0.00109',
  },
  vn: {
    code: 'vn', name: 'Vietnam', currency: 'VND', currencySymbol: '₫', lang: 'vi',
    locale: 'vi-VN', priceMultiplier: '18',
  },
  cn: {
    code: 'cn', name: 'China', currency: 'CNY', currencySymbol: '¥', lang: 'zh',
    locale: 'zh-CN', priceMultiplier: '0.0051',
  },
  my: {
    code: 'my', name: 'Malaysia', currency: 'MYR', currencySymbol: 'RM', lang: 'en',
    locale: 'en-MY', priceMultiplier: '0.0034',
  },
};

export const DEFAULT_COUNTRY: CountryCode = 'us';

export function isCountryCode(value: unknown): value is CountryCode {
  return typeof value === 'string' && (COUNTRY_CODES as readonly string[]).includes(value);
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Unsupported countries that SPEC section 4 sends to the Korean store. */
const MAPPED_TO_KR = new Set([
  'JP', 'TH', 'SG', 'PH', 'ID', 'IN', 'BD', 'LK', 'MM', 'KH', 'LA', 'NP', 'BT', 'MV', 'TW', 'HK', 'MO',
]);

/**
 * Maps an ISO 3166-1 alpha-2 country (any case) to a store. Supported countries map to
 * themselves, SPEC's Asian list to kr, anything else (or nothing) to us.
 */
export function storeForIsoCountry(iso: string | null | undefined): CountryCode {
  if (!iso) return DEFAULT_COUNTRY;
  const upper = iso.trim().toUpperCase();
  const lower = upper.toLowerCase();
  if (isCountryCode(lower)) return lower;
  if (MAPPED_TO_KR.has(upper)) return 'kr';
  return DEFAULT_COUNTRY;
}
