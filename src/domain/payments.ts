/**
 * How each store takes money (SPEC section 9, D26): the payment choices a customer sees, by SPEC's
 * names and in SPEC's order (the first is preselected), and the provider that carries each one.
 * Alipay, WeChat Pay and UnionPay cards in China all go through Stripe Checkout; PayPal is not
 * offered where it does not take the store's currency (VND, CNY).
 */
import type { CountryCode } from './countries.ts';
import { DomainError } from './errors.ts';
import { quoteIsValid } from './quotes.ts';

export const PAYMENT_CHOICES = ['tosspayments', 'stripe', 'paypal', 'alipay', 'wechatpay', 'unionpay'] as const;
export type PaymentChoice = (typeof PAYMENT_CHOICES)[number];

/** The providers the store talks to; `sandbox` is the built-in offline stand-in for any of them (D29). */
export const GATEWAYS = ['toss', 'stripe', 'paypal'] as const;
export type Gateway = (typeof GATEWAYS)[number];
export const PROVIDER_NAMES = [...GATEWAYS, 'sandbox'] as const;
export type ProviderName = (typeof PROVIDER_NAMES)[number];

const STORE_PAYMENT_CHOICES: Readonly<Record<CountryCode, readonly PaymentChoice[]>> = {
  kr: ['tosspayments'],
  us: ['stripe', 'paypal'],
  au: ['stripe', 'paypal'],
  my: ['stripe', 'paypal'],
  vn: ['stripe'],
  cn: ['alipay', 'wechatpay', 'unionpay'],
};

export const GATEWAY_OF: Readonly<Record<PaymentChoice, Gateway>> = {
  tosspayments: 'toss',
  stripe: 'stripe',
  paypal: 'paypal',
  alipay: 'stripe',
  wechatpay: 'stripe',
  unionpay: 'stripe',
};

/** Stripe Checkout's payment method type for a choice carried by Stripe (UnionPay cards are cards). */
export const STRIPE_METHOD_OF: Readonly<Partial<Record<PaymentChoice, 'card' | 'alipay' | 'wechat_pay'>>> = {
  stripe: 'card',
  alipay: 'alipay',
  wechatpay: 'wechat_pay',
  unionpay: 'card',
};

/**
 * The sandbox's test cards (the page's choices; real providers ignore them), and in Korea a test
 * bank transfer: a payment in cash, whose buyer may ask for a 현금영수증 or a 세금계산서 (issue 34).
 */
export const SANDBOX_CARD_CHOICES = ['approved', 'declined', 'rejectedAtConfirm', 'transfer'] as const;
export type SandboxCardChoice = (typeof SANDBOX_CARD_CHOICES)[number];

/** The sandbox's choices a store's page offers: the test transfer in Korea only. */
export const sandboxChoicesFor = (country: CountryCode): readonly SandboxCardChoice[] =>
  (country === 'kr' ? SANDBOX_CARD_CHOICES : SANDBOX_CARD_CHOICES.filter((card) => card !== 'transfer'));

export function paymentChoicesOf(country: CountryCode): readonly PaymentChoice[] {
  return STORE_PAYMENT_CHOICES[country];
}

export function storeOffers(country: CountryCode, choice: PaymentChoice): boolean {
  return STORE_PAYMENT_CHOICES[country].includes(choice);
}

/**
 * Where a payment attempt stands: started (the customer is at the provider), processing (the
 * provider took the payment but has not said yes yet, e.g. a delayed method), unknown (the store
 * asked and got no answer it can read: a 5xx, a timeout, a dropped connection; the reconciler asks
 * again, D32), succeeded (it paid the order), failed (declined or abandoned: the order stays
 * payable), refused (money arrived that the order could not take, a wrong amount or an order no
 * longer payable, and is given back).
 */
export const PAYMENT_ATTEMPT_STATUSES = ['started', 'processing', 'unknown', 'succeeded', 'failed', 'refused'] as const;
export type PaymentAttemptStatus = (typeof PAYMENT_ATTEMPT_STATUSES)[number];
/** Attempts whose money may still move: the reconciler asks their provider, the expiry job waits for it. */
export const OPEN_ATTEMPT_STATUSES = ['started', 'processing', 'unknown'] as const satisfies readonly PaymentAttemptStatus[];

/**
 * Where a refund stands (D32): requested (recorded, with its key, before the provider is called: the
 * row is the claim, so two refunds of one payment cannot both go out), succeeded, failed (the
 * provider refused it: staff must act), unknown (no readable answer: the reconciler finds out).
 */
export const REFUND_STATUSES = ['requested', 'unknown', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
/** Refunds that may still go through: they count against what is left to refund. */
export const OPEN_REFUND_STATUSES = ['requested', 'unknown'] as const satisfies readonly RefundStatus[];

/** "Payable" is one rule (D28, D30): a pending order, or a quoted one whose quote is still valid. */
export function isPayable(order: { status: string; quoteValidUntil?: Date | string | null }, now = new Date()): boolean {
  return order.status === 'pending' || quoteIsValid({ status: order.status, quoteValidUntil: order.quoteValidUntil ?? null }, now);
}

/** Refuses an order that is not payable, before any provider is called: an expired quote says so (D28). */
export function assertPayable(order: { id: string; status: string; quoteValidUntil?: Date | null }, now = new Date()): void {
  if (isPayable(order, now)) return;
  if (order.status === 'quoted') throw new DomainError('QUOTE_EXPIRED', { detail: `order ${order.id}: quote valid until ${order.quoteValidUntil?.toISOString()}` });
  throw new DomainError('ORDER_NOT_PAYABLE', { detail: `order ${order.id} is ${order.status}` });
}

/** ISO 4217 minor digits of the currencies we sell in (the same as money.ts's), checked first. */
const CURRENCY_DIGITS: Readonly<Record<string, number>> = { KRW: 0, VND: 0, USD: 2, AUD: 2, CNY: 2, MYR: 2 };

/**
 * ISO 4217 minor digits of any currency a provider may name (a payment in another currency than
 * the order's must still be read exactly, to be refused and given back); null for a code that is
 * no currency.
 */
export function currencyDigits(currency: string): number | null {
  const code = currency.toUpperCase();
  const known = CURRENCY_DIGITS[code];
  if (known !== undefined) return known;
  if (!/^[A-Z]{3}$/.test(code)) return null;
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits ?? null;
  } catch {
    return null;
  }
}

/** Minor units as the exact decimal string PayPal takes: 1234 USD -> "12.34", 50000 VND -> "50000" (no floats). */
export function minorToDecimalString(minor: number, currency: string): string {
  if (!Number.isSafeInteger(minor) || minor < 0) throw new RangeError(`amount must be a whole number of minor units: ${minor}`);
  const digits = currencyDigits(currency);
  if (digits === null) throw new RangeError(`unknown currency ${currency}`);
  if (digits === 0) return String(minor);
  const text = String(minor).padStart(digits + 1, '0');
  return `${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** A provider's decimal string back to minor units, exactly; null for anything that is not that currency's shape. */
export function decimalStringToMinor(value: string, currency: string): number | null {
  const digits = currencyDigits(currency);
  const match = /^(\d{1,12})(?:\.(\d+))?$/.exec(value);
  if (!match || digits === null) return null;
  const fraction = match[2] ?? '';
  if (fraction.length > digits && !/^0*$/.test(fraction.slice(digits))) return null;
  const minor = Number(match[1]) * 10 ** digits + Number((fraction.slice(0, digits) || '0').padEnd(digits, '0'));
  return Number.isSafeInteger(minor) ? minor : null;
}

/**
 * Splits an order's amount over its lines in proportion to their won prices, so that a provider
 * that lists lines (Stripe Checkout) charges exactly the order's amount: largest remainders get
 * the leftover minor units, and the parts always add up to `totalMinor`.
 */
export function allocateMinor(lineTotalsKrw: readonly number[], totalMinor: number): number[] {
  const totalKrw = lineTotalsKrw.reduce((sum, krw) => sum + krw, 0);
  if (lineTotalsKrw.length === 0) return [];
  if (totalKrw === 0) return lineTotalsKrw.map((_, i) => (i === 0 ? totalMinor : 0));
  const shares = lineTotalsKrw.map((krw, index) => {
    const exact = BigInt(krw) * BigInt(totalMinor);
    return { index, floor: Number(exact / BigInt(totalKrw)), remainder: exact % BigInt(totalKrw) };
  });
  let left = totalMinor - shares.reduce((sum, share) => sum + share.floor, 0);
  const byRemainder = [...shares].sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  const parts = shares.map((share) => share.floor);
  for (const share of byRemainder) {
    if (left <= 0) break;
    parts[share.index]! += 1;
    left -= 1;
  }
  return parts;
}

/**
 * An order's lines, each with what it cost in the order's currency (`amount`, minor units): the
 * same split as the provider was sent (allocateMinor), so the lines a customer or staff read add up
 * to the amount paid, in the store's currency, never in won.
 */
export function linesWithAmounts<Line extends { totalKrw: number }>(lines: readonly Line[], amountMinor: number): Array<Line & { amount: number }> {
  const amounts = allocateMinor(lines.map((line) => line.totalKrw), amountMinor);
  return lines.map((line, index) => ({ ...line, amount: amounts[index]! }));
}
