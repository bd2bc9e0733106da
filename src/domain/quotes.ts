/**
 * Quotes (D28): staff price a consultation order with lines in the store's currency, a validity and
 * a note; the newest version is what the customer pays, while it is valid. Amounts are integers in
 * the currency's minor units (D25), as everywhere.
 */
export interface QuoteLine {
  description: string;
  /** In the order's currency's minor units, more than zero. */
  amount: number;
}

export const QUOTE_MAX_LINES = 20;
export const QUOTE_DEFAULT_VALID_DAYS = 14;
export const QUOTE_MAX_VALID_DAYS = 90;
export const QUOTE_DESCRIPTION_MAX = 200;
export const QUOTE_NOTE_MAX = 2000;
/** One quote's total fits the orders table's integer amounts, with room: about 1.5 billion minor units. */
export const QUOTE_MAX_TOTAL_MINOR = 1_500_000_000;

/** What a customer may write to staff about a quote: a question, or why they decline it (kept in the order's conversation). */
export const ORDER_MESSAGE_KINDS = ['question', 'decline'] as const;
export type OrderMessageKind = (typeof ORDER_MESSAGE_KINDS)[number];
export const ORDER_MESSAGE_MAX = 2000;

export const quoteTotal = (lines: readonly QuoteLine[]) => lines.reduce((sum, line) => sum + line.amount, 0);

/** A consultation has no price until staff set its quote (D28): until then its amount is 0. */
export const awaitsQuote = (order: { orderType: string; amount: number }) => order.orderType === 'consultation' && order.amount === 0;

/** Valid until the end of the last day, Korea time (D19): 14 days from today is the 14th midnight in Seoul. */
export function quoteValidUntil(validDays: number, now = new Date()): Date {
  const kstDay = new Date(now.getTime() + 9 * 3600_000);
  const midnightKst = Date.UTC(kstDay.getUTCFullYear(), kstDay.getUTCMonth(), kstDay.getUTCDate()) - 9 * 3600_000;
  return new Date(midnightKst + (validDays + 1) * 24 * 3600_000 - 1000);
}

/** A quoted order may be paid while its newest quote is valid. */
export function quoteIsValid(order: { status: string; quoteValidUntil: Date | string | null }, now = new Date()): boolean {
  return order.status === 'quoted' && order.quoteValidUntil !== null && new Date(order.quoteValidUntil).getTime() > now.getTime();
}

/**
 * A quote's total in whole won, for reports kept in won (orders.amount_krw): the store's price
 * multiplier taken back out. The customer pays the quote's own currency amount; this is never charged.
 */
export function approximateKrw(minor: number, currency: { digits: number; multiplier: string }): number {
  return Math.round(minor / 10 ** currency.digits / Number(currency.multiplier));
}
