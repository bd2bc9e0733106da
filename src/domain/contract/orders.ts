/**
 * The orders API for customers and guests (SPEC section 7, D4, D21-D25): create (the server prices
 * it), list one's own, read one by its public number, cancel it; the customer's answers to a quote
 * and to a draft live in quotes.ts and deliverables.ts.
 */
import { z } from 'zod';
import { COUNTRY_CODES } from '../countries.ts';
import { ORDER_KEY_PATTERN, ORDER_NUMBER_PATTERN } from '../orders.ts';
import { PAPER_KINDS } from '../tax/papers.ts';
import { CASH_RECEIPT_PURPOSES, EVIDENCE_REFUSALS, EVIDENCE_STATUSES } from '../tax/korean-evidence.ts';
import { PAYMENT_CHOICES } from '../payments.ts';
import { ORDER_STATUSES, ORDER_TYPES } from '../statuses.ts';
import { businessDetailsSchema } from '../validation/business.ts';
import { cancelOrderSchema, createOrderSchema, guestIdField, IDEMPOTENCY_KEY_PATTERN } from '../validation/orders.ts';
import { optionalText } from '../validation/schema-helpers.ts';
import { guestQuery } from './cart.ts';
import { briefSchema, deliverableSchema } from './files.ts';
import { SIGNED_IN_OR_GUEST, dateTime, errorAnswers, ok, route, storeHeaders, type Answer, type Built } from './http.ts';

const tags = ['orders'];
const security = SIGNED_IN_OR_GUEST;

/** An order's public number in a path (SL-2611-4827-316); anything else names no order (404). */
export const orderNumberParams = z.object({ orderId: z.string().regex(ORDER_NUMBER_PATTERN).describe("The order's public number, e.g. SL-2611-4827-316.") });

const lineSchema = z.object({
  kind: z.enum(['template', 'package', 'service']),
  ref: z.string().describe('Template id, package slug or service id.'),
  name: z.string().describe('The name it was sold under.'),
  quantity: z.number().int(),
  unitPriceKrw: z.number().int(),
  totalKrw: z.number().int(),
  amount: z.number().int().describe("What the line cost in the order's currency, in its minor units: the lines add up to the order's amount exactly."),
});

const reviewSchema = z.object({
  deadline: z.iso.datetime({ offset: true }).nullable().describe('Until when the customer may approve or ask for a revision; null before any draft.'),
  canApprove: z.boolean(),
  canRevise: z.boolean(),
  free: z.number().int().nullable().describe('Free revision rounds (null: agreed per project).'),
  used: z.number().int(),
  refusal: z.enum(['NOT_DELIVERED', 'REVIEW_WINDOW_CLOSED', 'NO_FREE_REVISIONS']).nullable(),
});

const customerQuoteSchema = z.object({
  version: z.number().int(),
  lines: z.array(z.object({ description: z.string(), amount: z.number().int() })),
  amount: z.number().int(),
  currency: z.string(),
  validUntil: z.iso.datetime({ offset: true }),
  note: z.string().nullable(),
  payable: z.boolean(),
  expired: z.boolean(),
});

/** An order as its customer reads it (GET /api/orders/me, GET /api/orders/{orderId}). */
/** A paper as the order lists it (issue 34). Its PDF and accessible HTML page come with a later step of the issue. */
export const paperSchema = z.object({
  kind: z.enum(PAPER_KINDS).describe('receipt for every paid order; tax_invoice where the store issues them (Australia today); credit_note for a refund.'),
  number: z.string().describe('Per store and year without gaps: SL-AU-2026-000123.'),
  issuedAt: dateTime(),
  amount: z.number().int().describe('What was paid (or refunded), tax included, in minor units.'),
  tax: z.number().int().describe("Its tax part by the store's rule at issue (0 where the seller is not registered)."),
  currency: z.string(),
  htmlUrl: z.string().describe('Its accessible page, with the access this answer was read with (`sessionId`, `orderKey`) when not a session.'),
  pdfUrl: z.string().describe('Its PDF, with the same access.'),
});

const evidenceRefusalSchema = z.enum(EVIDENCE_REFUSALS).nullable();

/** A Korean order's evidence (issue 34): the card slip, a cash receipt or a tax invoice, and what may still be asked for. */
export const evidenceSchema = z.object({
  cardSlipUrl: z.string().nullable().describe("A card payment's evidence: the provider's card slip."),
  cashReceipt: z.object({
    status: z.enum(EVIDENCE_STATUSES), purpose: z.enum(CASH_RECEIPT_PURPOSES), identity: z.string().describe('The number it is issued to (a mobile number masked).'),
    number: z.string().nullable().describe('The issue number, once issued.'), receiptUrl: z.string().nullable(), failure: z.string().nullable().describe("The provider's reason, when refused."), requestedAt: dateTime(),
    amount: z.number().int().nullable().describe('In won: what was paid less what was refunded when it was asked for.'), cancelled: z.number().int().describe('In won: what later refunds have cancelled of it at the provider.'),
  }).nullable(),
  taxInvoice: z.object({
    status: z.enum(EVIDENCE_STATUSES), businessNumber: z.string(), company: z.string(),
    number: z.string().nullable().describe("The national system's approval number, once staff issued it."), requestedAt: dateTime(), issuedAt: dateTime().nullable(),
  }).nullable(),
  cashReceiptRefusal: evidenceRefusalSchema.describe('Null when a cash receipt may be asked for now; else why not.'),
  taxInvoiceRefusal: evidenceRefusalSchema.describe('Null when a tax invoice may be asked for now; else why not.'),
  taxInvoiceUntil: dateTime().describe('The end of the 10th of the month after the payment (Korea time).'),
}).nullable().describe("Korea's evidence of the payment; null outside the Korean store and before payment.");

/** A business buyer's details as stored with the order (issue 34). */
export const businessSchema = z.object({ company: z.string(), taxId: z.string(), address: z.string().nullable(), email: z.string().nullable() });

export const customerOrderSchema = z.object({
  id: z.uuid(),
  orderId: z.string().describe('The public order number.'),
  status: z.enum(ORDER_STATUSES),
  orderType: z.enum(ORDER_TYPES),
  orderName: z.string(),
  packageName: z.string().describe("SPEC's name for `orderName`."),
  country: z.enum(COUNTRY_CODES),
  currency: z.string(),
  amount: z.number().int().describe("What was (or will be) charged, in the currency's minor units (D25)."),
  finalPrice: z.number().int().describe("SPEC's name for `amount`."),
  amountKRW: z.number().int(),
  quantity: z.number().int(),
  selectedTemplate: z.object({ id: z.number().int(), title: z.string(), price: z.number().int(), image: z.string() }).nullable(),
  lines: z.array(lineSchema),
  customerName: z.string(),
  customerEmail: z.string(),
  customerPhone: z.string().nullable(),
  customerAddress: z.string().nullable(),
  business: businessSchema.nullable().describe("A business buyer's details for its papers; null for a consumer."),
  papers: z.array(paperSchema).describe('Its papers, issued when it was paid, in the order of their numbers.'),
  evidence: evidenceSchema,
  requirements: z.string().nullable(),
  isGuestOrder: z.boolean(),
  erased: z.boolean().describe('Its customer had their personal data deleted (issue 36): the order, its amounts and its papers stay, with no name, address or conversation.'),
  paymentMethod: z.string().nullable(),
  receiptUrl: z.string().nullable(),
  createdAt: dateTime(),
  paidAt: dateTime().nullable(),
  history: z.array(z.object({ from: z.enum(ORDER_STATUSES).nullable(), to: z.enum(ORDER_STATUSES), at: dateTime() })),
  adminComments: z.string().nullable(),
  cancel: z.enum(['cancel', 'refund', 'request', 'none']).describe("What the customer's cancel button would do now (D21)."),
  cancelRequestedAt: dateTime().nullable(),
  brief: briefSchema.nullable(),
  briefDue: z.boolean(),
  deliverables: z.array(deliverableSchema),
  review: reviewSchema,
  payable: z.boolean().describe('Whether "Pay now" applies (pending, or quoted with a valid quote).'),
  quote: customerQuoteSchema.nullable(),
  questions: z.array(z.object({ body: z.string(), at: z.iso.datetime({ offset: true }) })),
  refunds: z.array(z.object({ amount: z.number().int(), at: z.iso.datetime({ offset: true }) })),
  refunded: z.number().int(),
  revisions: z.array(z.object({ round: z.number().int(), note: z.string(), at: z.iso.datetime({ offset: true }) })),
});

const message = z.string();

export const createOrder = route({
  operationId: 'createOrder',
  summary: 'Place an order (the server prices it)', tags, security,
  description: [
    'One of `selectedTemplate.id`, `packageId`, `serviceId` or `fromCart: true` names the goods.',
    "SPEC's package order (`selectedTemplate.id` 0 with `packageName`) is read as the package of that name (its name in any of the store's languages, or its slug: social, delivery, ecommerce).",
    'Prices, totals and amounts a page sends are never used (D4): the server prices the order from the catalog, the quantity and the store. The fields marked deprecated are accepted for SPEC\'s clients and ignored.',
    'An `Idempotency-Key` header makes a retry answer the same order; the same key with another request is 409.',
    "The store is `country`, else X-Store-Country (they must agree when both are sent: 400 naming `country`). The order's language (its name, its mails) is Accept-Language's, else the remembered language, else that store's.",
  ].join('\n\n'),
  // The key is checked by the route before the body (IDEMPOTENCY_KEY_INVALID), with the same pattern.
  headers: storeHeaders.extend({ 'idempotency-key': z.string().regex(IDEMPOTENCY_KEY_PATTERN).optional().describe('One per checkout attempt (8-255 visible ASCII characters).') }),
  body: createOrderSchema.meta({
    examples: [
      {
        customerName: '김민수', customerEmail: 'minsu@example.com', customerPhone: '010-1234-5678', requirements: '흰 배경으로 부탁드립니다',
        country: 'kr', paymentMethod: 'tosspayments', isGuestOrder: false, status: 'pending', orderType: 'package',
        packageName: '배달앱 매출 부스트 패키지', packagePrice: '399000', totalAmount: '399000', currency: 'KRW', finalPrice: 399000, amountKRW: 399000,
        selectedTemplate: { id: 0, title: '배달앱 매출 부스트 패키지', type: '배달앱 매출을 올리는 사진 패키지', price: 399000, image: '/artwork/package-delivery.webp' },
      },
      { customerName: 'Jane Doe', customerEmail: 'jane@example.com', customerPhone: '+1 415 555 0100', country: 'us', selectedTemplate: { id: 3 }, quantity: 1, sessionId: 'k3J9v0bq2xQ8m1Zr5Tt7Yw4Ln6Pc0Hs2Ad9Fg3Ue5Ri' },
    ],
  }),
  response: {
    201: ok({
      id: z.uuid(),
      orderId: z.string().describe('The public order number: pass it to POST /api/payments/start.'),
      amount: z.number().int().describe("In the currency's minor units (D25)."),
      currency: z.string(),
      orderName: z.string(),
      status: z.enum(ORDER_STATUSES),
      providers: z.array(z.enum(PAYMENT_CHOICES)).describe("The store's payment choices by SPEC's names, in SPEC's order."),
      message,
    }),
    ...errorAnswers(400, 401, 409, 422, 429),
  },
});

export const myOrders = route({
  operationId: 'myOrders',
  summary: 'My orders', tags, security, querystring: guestQuery,
  description: "SPEC's GET /api/orders/me. Staff's list of every order is GET /api/orders.",
  response: { 200: ok({ orders: z.array(customerOrderSchema) }), ...errorAnswers(400) },
});

export const orderByNumber = route({
  operationId: 'orderByNumber',
  summary: 'One of my orders, by its number', tags, security,
  description: "Its owner (the user, the guest's id) or the holder of its private link (`key`, D22). Anyone else: 404.",
  params: orderNumberParams,
  querystring: guestQuery.extend({ key: z.string().regex(ORDER_KEY_PATTERN).optional().describe("The private link's key (base64url).") }),
  response: { 200: ok({ order: customerOrderSchema }), ...errorAnswers(400, 404) },
});

export const cancelOrder = route({
  operationId: 'cancelOrder',
  summary: 'Cancel my order (D21)', tags, security,
  description: 'Unpaid: cancelled. Paid within 3 days and not started: refunded in full (202 `refunding` when the payment provider has not confirmed the refund yet: the store finishes it and mails the customer). Later: a request to staff.',
  params: orderNumberParams,
  querystring: guestQuery,
  body: cancelOrderSchema.optional(),
  response: {
    200: ok({ outcome: z.enum(['cancelled', 'refunded', 'requested']), message }),
    202: ok({ outcome: z.literal('refunding'), message }).describe('The refund was sent; the provider has not confirmed it yet. The store finishes it, and the cancellation with it.'),
    ...errorAnswers(400, 402, 404, 409, 502),
  },
});

export type CreatedOrder = Answer<typeof createOrder, 201>;
export type CustomerOrder = z.input<typeof customerOrderSchema>;
/** The same order as a page loader passes it on (dates as `Date`). */
export type CustomerOrderView = z.output<typeof customerOrderSchema>;
export type MyOrders = Built<typeof myOrders>;

export const setBusinessDetails = route({
  operationId: 'setBusinessDetails',
  summary: "Give a business buyer's details for the order's papers", tags, security,
  description: "Company, tax id, address and an e-mail for papers, stored with the order as given, while it is not paid (409 after). The tax id is checked by the order's store: a Korean business number by its check digit, an ABN by its checksum (400 naming `taxId`). Its owner, its guest (`sessionId`) or the holder of its private link (`orderKey`); anyone else gets 404.",
  params: orderNumberParams,
  querystring: guestQuery,
  body: businessDetailsSchema.extend({ sessionId: guestIdField(), orderKey: optionalText(200) }).meta({ examples: [{ company: 'Harbour Café Pty Ltd', taxId: '51 824 753 556', address: '1 George St, Sydney NSW 2000', email: 'accounts@harbourcafe.example' }] }),
  response: { 200: ok({ business: businessSchema }), ...errorAnswers(400, 404, 409, 429) },
});
