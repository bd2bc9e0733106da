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

const formatters = new Map<CountryCode, Intl.NumberFormat>();

function formatterFor(country: CountryCode): Intl.NumberFormat {
  let formatter = formatters.get(country);
  if (!formatter) {
    const c = COUNTRIES[country];
    const digits = MINOR_DIGITS[c.currency];
    formatter = new Intl.NumberFormat(c.locale, {
      style: 'currency',
      currency: c.currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formatters.set(country, formatter);
  }
  return formatter;
}

/**
 * Formats an amount already in the country's currency with the locale's grouping and symbol
 * placement, using SPEC's symbol (A$, RM, ...) rather than whatever the runtime's CLDR picks.
 */
export function formatMoney(amount: number, country: CountryCode): string {
  const symbol = COUNTRIES[country].currencySymbol;
  return formatterFor(country)
    .formatToParts(amount)
    .map((part) => (part.type === 'currency' ? symbol : part.value))
    .join('')
    .trim();
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

/** An amount in a currency's minor units, formatted as the store that sells in that currency shows it (staff totals per currency). */
export function formatCurrencyMinor(minor: number, currency: string): string {
  const country = (Object.keys(COUNTRIES) as CountryCode[]).find((code) => COUNTRIES[code].currency === currency);
  return country ? formatMinor(minor, country) : `${minor} ${currency}`;
}
