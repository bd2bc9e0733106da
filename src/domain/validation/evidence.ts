/** What a buyer sends to ask for Korea's evidence of a cash payment (issue 34), and what staff record. */
import { z } from 'zod';
import { CASH_RECEIPT_PURPOSES, KOREAN_MOBILE } from '../tax/korean-evidence.ts';
import { isKoreanBusinessNumber } from '../tax/tax-ids.ts';
import { V } from './messages.ts';
import { emailField, optionalText, plainText, requiredText } from './schema-helpers.ts';
import { guestIdField } from './orders.ts';

const access = { sessionId: guestIdField(), orderKey: optionalText(200) };

/** A person's income deduction goes to their mobile number; a business's expense proof to its business number. */
export const cashReceiptSchema = z.object({
  purpose: z.enum(CASH_RECEIPT_PURPOSES, { error: V.invalidChoice }).describe('income_deduction (소득공제, a mobile number) or expense_proof (지출증빙, a business number).'),
  identity: requiredText(20).describe('The mobile number (010-1234-5678) or the business number (123-45-67890) it is issued to.'),
  ...access,
}).superRefine((value, ctx) => {
  const ok = value.purpose === 'income_deduction' ? KOREAN_MOBILE.test(value.identity.trim()) : isKoreanBusinessNumber(value.identity);
  if (!ok) ctx.addIssue({ code: 'custom', path: ['identity'], message: value.purpose === 'income_deduction' ? V.phone : V.taxId });
});

export const taxInvoiceRequestSchema = z.object({
  businessNumber: requiredText(20).describe('사업자등록번호, checked by its check digit.'),
  company: requiredText(200),
  representative: requiredText(100).describe('The representative (대표자) as registered.'),
  email: emailField().describe('Where the national system mails the tax invoice.'),
  ...access,
}).superRefine((value, ctx) => {
  if (!isKoreanBusinessNumber(value.businessNumber)) ctx.addIssue({ code: 'custom', path: ['businessNumber'], message: V.taxId });
});

/** 국세청 승인번호: 24 letters and digits, as 8-8-8 with or without hyphens. */
export const TAX_INVOICE_APPROVAL = /^[0-9A-Za-z]{8}-?[0-9A-Za-z]{8}-?[0-9A-Za-z]{8}$/;
export const taxInvoiceRecordSchema = z.object({
  approvalNumber: plainText().regex(TAX_INVOICE_APPROVAL, { error: V.invalidType }).describe('The national system\'s approval number (8-8-8).'),
});

export type CashReceiptInput = z.infer<typeof cashReceiptSchema>;
export type TaxInvoiceRequestInput = z.infer<typeof taxInvoiceRequestSchema>;
