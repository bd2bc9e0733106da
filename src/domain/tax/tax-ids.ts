/**
 * Tax ids a buyer or the seller gives, checked the way their issuers publish (issue 34):
 * - a Korean business registration number (사업자등록번호): ten digits, the last a check digit
 *   (weights 1 3 7 1 3 7 1 3 5, plus the tens of the ninth digit × 5, modulo 10), written 123-45-67890;
 * - an Australian Business Number: eleven digits, the first less one, weighted 10 1 3 5 … 19, a
 *   multiple of 89 (the ATO's published check);
 * - anything else (a Malaysian SST number, a Chinese or Vietnamese tax code): letters, digits and
 *   separators, kept as given.
 */
import type { CountryCode } from '../countries.ts';

const digitsOf = (value: string) => value.replace(/[\s.-]/g, '');

export function isKoreanBusinessNumber(value: string): boolean {
  const digits = digitsOf(value);
  if (!/^\d{10}$/.test(digits)) return false;
  const d = [...digits].map(Number);
  const weights = [1, 3, 7, 1, 3, 7, 1, 3, 5];
  let sum = weights.reduce((total, weight, i) => total + weight * d[i]!, 0);
  sum += Math.floor((d[8]! * 5) / 10);
  return (10 - (sum % 10)) % 10 === d[9];
}

export function isAbn(value: string): boolean {
  const digits = digitsOf(value);
  if (!/^\d{11}$/.test(digits)) return false;
  const d = [...digits].map(Number);
  d[0] = d[0]! - 1;
  const weights = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];
  return weights.reduce((total, weight, i) => total + weight * d[i]!, 0) % 89 === 0;
}

/** How a checked id is written on papers: 123-45-67890, 51 824 753 556. */
export function formatTaxId(kind: 'kr_business' | 'abn', value: string): string {
  const d = digitsOf(value);
  return kind === 'kr_business' ? `${d.slice(0, 3)}-${d.slice(3, 5)}-${d.slice(5)}` : `${d.slice(0, 2)} ${d.slice(2, 5)} ${d.slice(5, 8)} ${d.slice(8)}`;
}

/** A tax id in a store that has no published check: 4-30 letters, digits and separators. */
export const OTHER_TAX_ID = /^[A-Za-z0-9][A-Za-z0-9 ./-]{2,28}[A-Za-z0-9]$/;

/** A buyer's tax id in a store: the Korean business number and the ABN by their check digits, else its shape. */
export function isBuyerTaxId(country: CountryCode, value: string): boolean {
  if (country === 'kr') return isKoreanBusinessNumber(value);
  if (country === 'au') return isAbn(value);
  return OTHER_TAX_ID.test(value.trim());
}
