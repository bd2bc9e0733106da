import { COUNTRIES, COUNTRY_CODES, type Country, type CountryCode } from './countries.ts';

/** ISO 4217 minor units of the currencies we sell in (DESIGN D8). */
const MINOR_DIGITS: Record<Country['currency'], number> = {
  KRW: 0, VND: 0, USD: 2, AUD: 2, CNY: 2, MYR: 2,
};

export function minorDigits(country: CountryCode): number {
  return MINOR_DIGITS[COUNTRIES[country].currency];
}

/** "0.00073" -> { numerator: 73n, scale: 100000n } so conversion is exact. */
function parseDecimal(decimal: string): { numerator: bigint; scale: bigint } {
  const [whole = '0', fraction = ''] = decimal.split('.');
  return { numerator: BigInt(whole + fraction), scale: 10n ** BigInt(fraction.length) };
}

/** Each country's multiplier as an exact fraction, and its minor unit: every price is converted with them. */
const CONVERSIONS = Object.fromEntries(COUNTRY_CODES.map((country) => [
  country, { ...parseDecimal(COUNTRIES[country].priceMultiplier), digits: 10n ** BigInt(minorDigits(country)) },
])) as Record<CountryCode, { numerator: bigint; scale: bigint; digits: bigint }>;

/**
 * Converts a whole-won amount into the country's currency, in minor units (cents, or whole
 * units for KRW and VND), rounding half away from zero.
 */
export function convertKrwToMinor(krw: number, country: CountryCode): number {
  if (!Number.isSafeInteger(krw)) throw new RangeError(`KRW amount must be a whole number: ${krw}`);
  const { numerator, scale, digits } = CONVERSIONS[country];
  const scaled = BigInt(krw) * numerator * digits;
  const negative = scaled < 0n;
  const abs = negative ? -scaled : scaled;
  const rounded = (abs * 2n + scale) / (scale * 2n);
  return Number(negative ? -rounded : rounded);
}

/** Converts a whole-won amount into the country's currency as a decimal number (e.g. 21.9). */
export function convertKrw(krw: number, country: CountryCode): number {
  return convertKrwToMinor(krw, country) / 10 ** minorDigits(country);
}

/**
 * How each store writes an amount, as CLDR has it for the store's locale (ko-KR, en-US, en-AU,
 * vi-VN, zh-CN, en-MY): the grouping and decimal marks, and where the symbol stands. Written out
 * here rather than asked of Intl.NumberFormat: the first number format a browser tab builds costs
 * it about 20 ms of main thread (80 on Lighthouse's phone), inside hydration on every page with a
 * price (issue 37, docs/decisions/0044); and the server's ICU and a visitor's browser's can differ,
 * which would make the page's text differ from the server's. money.test.ts checks every store
 * against Intl.NumberFormat.
 */
const MONEY_STYLES: Record<CountryCode, readonly [group: string, decimal: string, symbolAfter?: boolean, gap?: string]> = {
  kr: [',', '.'],
  us: [',', '.'],
  au: [',', '.'],
  vn: ['.', ',', true, '\u00a0'],
  cn: [',', '.'],
  my: [',', '.', false, '\u00a0'],
};

/**
 * Formats an amount already in the country's currency with the locale's grouping and symbol
 * placement, using SPEC's symbol (A$, RM, ...) rather than whatever the runtime's CLDR picks.
 */
export function formatMoney(amount: number, country: CountryCode): string {
  const [group, decimal, symbolAfter, gap = ''] = MONEY_STYLES[country];
  const symbol = COUNTRIES[country].currencySymbol;
  const [whole = '', fraction] = roundedDigits(Math.abs(amount), minorDigits(country)).split('.');
  const number = whole.replace(/\B(?=(\d{3})+(?!\d))/g, group) + (fraction ? decimal + fraction : '');
  return (amount < 0 || Object.is(amount, -0) ? '-' : '') + (symbolAfter ? number + gap + symbol : symbol + gap + number);
}

/**
 * A non-negative number with `digits` decimals, rounded half away from zero on the number as it
 * is written (5572.485 → 5572.49), as Intl.NumberFormat rounds: the digits are shifted in the
 * number's text, where toFixed would round the binary value underneath (5572.48499…) down.
 * Numbers written with an exponent (below a millionth, or past 10^21) are left to toFixed.
 */
function roundedDigits(value: number, digits: number): string {
  const shifted = Math.round(Number(`${value}e${digits}`));
  if (!Number.isFinite(shifted)) return value.toFixed(digits);
  const text = String(shifted).padStart(digits + 1, '0');
  return digits ? `${text.slice(0, -digits)}.${text.slice(-digits)}` : text;
}

/** An amount in the currency's minor units (as orders store it, D25), formatted for its store. */
export function formatMinor(minor: number, country: CountryCode): string {
  return formatMoney(minor / 10 ** minorDigits(country), country);
}

const localized = new Map<string, string>();

/** The price shown to a visitor of a country's store for a KRW catalog price. */
export function localizePrice(krw: number, country: CountryCode): string {
  // Pages show the same few dozen catalog prices on every view (issue 17: formatting them took
  // about 2% of a home page's server time); the bound keeps arbitrary amounts from piling up.
  const key = `${country}${krw}`;
  let text = localized.get(key);
  if (text === undefined) {
    text = formatMoney(convertKrw(krw, country), country);
    if (localized.size >= 2000) localized.clear();
    localized.set(key, text);
  }
  return text;
}
