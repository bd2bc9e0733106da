/**
 * The papers a business can book (issue 34): a receipt for every paid order, a tax invoice where
 * the store's seller is registered (Korea's tax invoices are issued in the national system on
 * request, so a Korean order gets a receipt, its card slip and, asked for, a 현금영수증 or a
 * 세금계산서), and a credit note for each refund. Numbered per store and year without gaps:
 * SL-AU-2026-000123, one series for every kind, given in the transaction that pays the order.
 */
import type { CountryCode } from '../countries.ts';

export const PAPER_KINDS = ['receipt', 'tax_invoice', 'credit_note'] as const;
export type PaperKind = (typeof PAPER_KINDS)[number];

/** The time zone whose calendar year a store's papers are numbered by. */
export const STORE_TIME_ZONES: Readonly<Record<CountryCode, string>> = {
  kr: 'Asia/Seoul', us: 'America/New_York', au: 'Australia/Sydney', vn: 'Asia/Ho_Chi_Minh', cn: 'Asia/Shanghai', my: 'Asia/Kuala_Lumpur',
};

/** The calendar year a store's paper issued now is numbered in (its store's time zone). */
export const paperYear = (country: CountryCode, at = new Date()) =>
  Number(new Intl.DateTimeFormat('en-US', { timeZone: STORE_TIME_ZONES[country], year: 'numeric' }).format(at));

/** SL-AU-2026-000123. */
export const paperNumber = (country: CountryCode, year: number, sequence: number) =>
  `SL-${country.toUpperCase()}-${year}-${String(sequence).padStart(6, '0')}`;

export const PAPER_NUMBER_PATTERN = /^SL-(KR|US|AU|VN|CN|MY)-\d{4}-\d{6,}$/;

/** Whether a store's own papers include a tax invoice: registered, and not Korea (see above). */
export const issuesTaxInvoices = (country: CountryCode, registered: boolean) => registered && country !== 'kr';
