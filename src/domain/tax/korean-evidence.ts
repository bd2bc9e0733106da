/**
 * Korea's evidence rules for a purchase (issue 34). A card payment's evidence is its card slip
 * (Toss's receipt), never a tax invoice. A payment in cash (a bank transfer, a virtual account, an
 * easy-pay wallet paid from a bank account) gets, on the buyer's request, a 현금영수증 (cash
 * receipt: for income deduction with a phone number, or as a business's expense proof with its
 * business number) or a 세금계산서 (tax invoice), which staff issue in the national system and
 * record. One of the two per payment. A tax invoice is asked for by the 10th of the month after
 * the payment, the law's deadline for issuing it.
 */
import type { CountryCode } from '../countries.ts';

export const EVIDENCE_KINDS = ['cash_receipt', 'tax_invoice'] as const;
export type EvidenceKind = (typeof EVIDENCE_KINDS)[number];

export const EVIDENCE_STATUSES = ['requested', 'issued', 'refused'] as const;
export type EvidenceStatus = (typeof EVIDENCE_STATUSES)[number];

/** A refund's cancellation of its part of an issued cash receipt, at the provider. */
export const CANCEL_STATUSES = ['requested', 'done', 'refused'] as const;

/** 소득공제 (a person's income deduction, by phone number) or 지출증빙 (a business's expense proof, by business number). */
export const CASH_RECEIPT_PURPOSES = ['income_deduction', 'expense_proof'] as const;
export type CashReceiptPurpose = (typeof CASH_RECEIPT_PURPOSES)[number];

/** The methods, as Toss and the sandbox name them, paid in cash rather than by card. */
const CASH_METHODS = new Set(['계좌이체', '가상계좌', '간편결제', 'sandbox transfer']);
const CARD_METHODS = new Set(['카드', 'card', 'sandbox card']);

/** A Korean mobile number (010-1234-5678): a person's cash receipt is issued to it. */
export const KOREAN_MOBILE = /^01[016789]-?\d{3,4}-?\d{4}$/;

export interface PaidOrderFacts {
  country: CountryCode;
  paymentMethod: string | null;
  paidAt: Date | null;
  status: string;
}

/** Why a buyer may not ask for a paper of this kind now (and `already`: the payment has its one). */
export const EVIDENCE_REFUSALS = ['notKorea', 'notPaid', 'cardPayment', 'notCash', 'pastDeadline', 'already'] as const;
export type EvidenceRefusal = Exclude<(typeof EVIDENCE_REFUSALS)[number], 'already'>;

/** The end of the 10th of the month after `paidAt`, Korea time: the last moment a tax invoice may be asked for. */
export function taxInvoiceDeadline(paidAt: Date): Date {
  const [year, month] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul', year: 'numeric', month: '2-digit' }).format(paidAt).split('-').map(Number) as [number, number];
  const next = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
  // The 11th at midnight in Seoul, less a millisecond: the whole of the 10th.
  return new Date(Date.parse(`${next.year}-${String(next.month).padStart(2, '0')}-11T00:00:00+09:00`) - 1);
}

export const isCardPayment = (method: string | null) => method !== null && CARD_METHODS.has(method.split(',')[0]!.trim());
export const isCashPayment = (method: string | null) => method !== null && CASH_METHODS.has(method.split(',')[0]!.trim());

/** Whether the buyer may ask for `kind` for this order now, or why not. */
export function evidenceRefusal(order: PaidOrderFacts, kind: EvidenceKind, now = new Date()): EvidenceRefusal | null {
  if (order.country !== 'kr') return 'notKorea';
  if (!order.paidAt || order.status === 'cancelled') return 'notPaid';
  if (isCardPayment(order.paymentMethod)) return 'cardPayment';
  if (!isCashPayment(order.paymentMethod)) return 'notCash';
  if (kind === 'tax_invoice' && now > taxInvoiceDeadline(order.paidAt)) return 'pastDeadline';
  return null;
}
