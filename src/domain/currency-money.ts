import { COUNTRIES, type CountryCode } from './countries.ts';
import { formatMinor } from './money.ts';

/**
 * An amount in a currency's minor units, formatted as the store that sells in that currency shows
 * it: staff totals per currency, papers, a provider's own amount. Apart from money.ts because no
 * page's first load writes one, and money.ts is in every first load.
 */
export function formatCurrencyMinor(minor: number, currency: string): string {
  const country = (Object.keys(COUNTRIES) as CountryCode[]).find((code) => COUNTRIES[code].currency === currency);
  return country ? formatMinor(minor, country) : `${minor} ${currency}`;
}
