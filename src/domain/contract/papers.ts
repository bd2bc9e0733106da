/** A paid order's papers (issue 34): each as an accessible HTML page and as a PDF; Korea's cash receipts and tax invoice requests. */
import { z } from 'zod';
import { ORDER_KEY_PATTERN } from '../orders.ts';
import { PAPER_NUMBER_PATTERN } from '../tax/papers.ts';
import { guestQuery } from './cart.ts';
import { cashReceiptSchema, taxInvoiceRecordSchema, taxInvoiceRequestSchema } from '../validation/evidence.ts';
import { SIGNED_IN, SIGNED_IN_OR_GUEST, dateTime, errorAnswers, ok, readByRoute, route } from './http.ts';
import { evidenceSchema, orderNumberParams } from './orders.ts';
import { uuidParams } from './params.ts';

const paperParams = orderNumberParams.extend({ number: z.string().regex(PAPER_NUMBER_PATTERN).describe('The paper\'s number, e.g. SL-AU-2026-000123.') });

/** Who may read a paper: whoever may view its order (a session, the guest's id, the private link). */
const paperQuery = guestQuery.extend({ orderKey: z.string().regex(ORDER_KEY_PATTERN).optional().describe("The order's private-link key (D22).") });

const access = "To whoever may view the order: the signed-in owner or staff, the guest naming its `sessionId`, the holder of the private link (`orderKey`). Anyone else, and a paper that is not the order's: 404. Papers never change after issue.";

export const paperPage = route({
  operationId: 'paperPage',
  summary: 'A paper of my order, as a page', tags: ['orders'], security: SIGNED_IN_OR_GUEST,
  description: `The receipt, tax invoice or credit note as an accessible HTML page in the order's language, printable on A4. ${access}`,
  produces: ['text/html'],
  params: paperParams,
  querystring: paperQuery,
  response: { 200: readByRoute(z.string().meta({ description: 'The paper as HTML.' })), ...errorAnswers(400, 404, 429) },
});

export const paperPdf = route({
  operationId: 'paperPdf',
  summary: 'A paper of my order, as a PDF', tags: ['orders'], security: SIGNED_IN_OR_GUEST,
  description: `The same paper as a PDF with its fonts embedded, named by its number. ${access}`,
  produces: ['application/pdf'],
  params: paperParams,
  querystring: paperQuery,
  response: { 200: readByRoute(z.any().meta({ type: 'string', format: 'binary', description: 'The PDF.' })), ...errorAnswers(400, 404, 429) },
});

const cashReceiptView = evidenceSchema.unwrap().shape.cashReceipt.unwrap();
const taxInvoiceView = evidenceSchema.unwrap().shape.taxInvoice.unwrap();

export const requestCashReceipt = route({
  operationId: 'requestCashReceipt',
  summary: 'Ask for a 현금영수증 (Korean cash receipt) for a cash payment', tags: ['orders'], security: SIGNED_IN_OR_GUEST,
  description: "For a Korean order paid in cash (a transfer, a virtual account, an easy-pay wallet): issued through the provider that took the payment, to a mobile number (income_deduction) or a business number (expense_proof, checked by its check digit). 201 issued with its number; 202 when the provider has not answered yet (the store asks again; the order's answer shows the outcome); 422 when the provider refused it (its reason said; ask again). 409 for a card payment (its card slip is its evidence) or when the payment already has a cash receipt or a tax invoice. Its owner, its guest (`sessionId`) or the holder of its private link (`orderKey`); anyone else gets 404.",
  params: orderNumberParams,
  querystring: guestQuery,
  body: cashReceiptSchema,
  response: { 201: ok({ cashReceipt: cashReceiptView }), 202: ok({ cashReceipt: cashReceiptView }), ...errorAnswers(400, 404, 409, 422, 429) },
});

export const requestTaxInvoice = route({
  operationId: 'requestTaxInvoice',
  summary: 'Ask for a 세금계산서 (Korean tax invoice) for a cash payment', tags: ['orders'], security: SIGNED_IN_OR_GUEST,
  description: "For a Korean order paid in cash, until the end of the 10th of the month after the payment (Korea time): staff issue it in the national system and record its approval number, which the order's answer then shows. 409 for a card payment, after the deadline, or when the payment already has a cash receipt or a tax invoice. Same access as a cash receipt.",
  params: orderNumberParams,
  querystring: guestQuery,
  body: taxInvoiceRequestSchema,
  response: { 201: ok({ taxInvoice: taxInvoiceView }), ...errorAnswers(400, 404, 409, 429) },
});

const queuedSchema = z.object({
  id: z.uuid(), orderId: z.uuid(), orderNumber: z.string(), orderName: z.string(), amount: z.number().int().describe('In won.'), paidAt: dateTime().nullable(),
  businessNumber: z.string(), company: z.string(), representative: z.string(), email: z.string(), requestedAt: dateTime(),
  deadline: dateTime().nullable().describe('The end of the 10th of the month after the payment (Korea time).'),
});

export const taxInvoiceRequests = route({
  operationId: 'taxInvoiceRequests',
  summary: 'Tax invoice requests waiting to be issued (staff)', tags: ['staff'], security: SIGNED_IN,
  description: 'Oldest first, with what the national system asks for and the deadline.',
  response: { 200: ok({ requests: z.array(queuedSchema) }), ...errorAnswers(401, 403) },
});

export const recordTaxInvoice = route({
  operationId: 'recordTaxInvoice',
  summary: "Record a tax invoice's approval number (staff)", tags: ['staff'], security: SIGNED_IN,
  description: 'Once issued in the national system; the buyer then sees the number. 409 when the request is not waiting (already recorded).',
  params: uuidParams,
  body: taxInvoiceRecordSchema,
  response: { 200: ok({ taxInvoice: taxInvoiceView }), ...errorAnswers(400, 401, 403, 404, 409) },
});
