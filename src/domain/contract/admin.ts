/**
 * The staff API (SPEC sections 2 and 7, D3, D5, D21, D28): every route answers 401 to anonymous
 * callers and 403 to customers before it reads anything. `{id}` is an order's `id`, not its number.
 */
import { z } from 'zod';
import { AUDIT_ACTIONS, AUDIT_ACTOR_KINDS, AUDIT_GROUPS, AUDIT_SUBJECT_TYPES, type AuditAction } from '../audit.ts';
import { COUNTRY_CODES, LANGUAGES } from '../countries.ts';
import { ORDER_MESSAGE_KINDS } from '../quotes.ts';
import { BRIEF_STATUSES, ORDER_STATUSES, ORDER_TYPES } from '../statuses.ts';
import { ROLES } from '../user.ts';
import { ACTORS } from '../lifecycle.ts';
import { REFUND_STATUSES } from '../payments.ts';
import { PAPER_KINDS } from '../tax/papers.ts';
import { CASH_RECEIPT_PURPOSES, EVIDENCE_KINDS, EVIDENCE_STATUSES } from '../tax/korean-evidence.ts';
import {
  adminAuditQuerySchema, userRoleSchema, adminBriefsQuerySchema, adminContactsQuerySchema, adminOrdersQuerySchema, adminPapersQuerySchema, adminUsersQuerySchema, contactHandledSchema, orderCommentsSchema, orderStatusSchema, quoteSchema, staffCancelSchema,
} from '../validation/admin.ts';
import { businessSchema, paperSchema } from './orders.ts';
import { taxInvoiceRequests } from './papers.ts';
import { briefSchema, deliverableSchema } from './files.ts';
import { SIGNED_IN, dateTime, errorAnswers, ok, readByRoute, route, type Built } from './http.ts';
import { uuidParams } from './params.ts';

const tags = ['staff'];
const security = SIGNED_IN;
const guarded = errorAnswers(401, 403);
const status = z.enum(ORDER_STATUSES);
const line = z.object({
  kind: z.enum(['template', 'package', 'service']), ref: z.string(), name: z.string().describe('As sold, in the order\'s language.'), staffName: z.string().describe("In the staff member's language."),
  quantity: z.number().int(), unitPriceKrw: z.number().int(), totalKrw: z.number().int(),
  amount: z.number().int().describe("What the line cost in the order's currency, in its minor units: the lines add up to the order's amount exactly."),
});
/** An order's name in the staff member's language (the stored `orderName` is the customer's). */
const staffName = z.string().describe("The order's name in the staff member's language; `orderName` is the customer's.");
const quoteLine = z.object({ description: z.string(), amount: z.number().int() });
const money = z.array(z.object({ currency: z.string(), amount: z.number().int(), orders: z.number().int() }));

export const staffOrderRowSchema = z.object({
  id: z.uuid(), orderId: z.string(), status, orderType: z.enum(ORDER_TYPES), orderName: z.string(), staffName,
  customerName: z.string(), customerEmail: z.string(), customerPhone: z.string().nullable(),
  country: z.enum(COUNTRY_CODES), currency: z.string(), amount: z.number().int(), amountKRW: z.number().int(),
  isGuestOrder: z.boolean(), erased: z.boolean().describe('Its customer had their personal data deleted (issue 36): no name, address or conversation is left.'), paymentMethod: z.string().nullable(), adminComments: z.string().nullable(),
  cancelRequestedAt: dateTime().nullable(), createdAt: dateTime(), paidAt: dateTime().nullable(),
  testPayment: z.boolean().describe('Paid through the sandbox or test keys: no real money, left out of revenue (D29 amended)'),
  briefStatus: z.enum(BRIEF_STATUSES).nullable(),
  unread: z.number().int().describe("The customer's texts in the order's conversation this staff member has not read."),
  awaitingReplySince: dateTime().nullable().describe("Since when the customer waits for staff's answer in the conversation; null when staff spoke last."),
});

export const listOrders = route({
  operationId: 'listOrders',
  summary: 'Every order, filtered and paged (staff)', tags, security,
  description: "SPEC's GET /api/orders (an array there; here a page with its total).",
  querystring: adminOrdersQuerySchema,
  response: { 200: ok({ orders: z.array(staffOrderRowSchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() }), ...errorAnswers(400, 401, 403) },
});

export const staffOrderSchema = z.object({
  order: z.object({
    id: z.uuid(), orderId: z.string(), status, orderType: z.enum(ORDER_TYPES), orderName: z.string(), staffName,
    customerName: z.string(), customerEmail: z.string(), customerPhone: z.string().nullable(), customerAddress: z.string().nullable(), business: businessSchema.nullable(),
    requirements: z.string().nullable(), country: z.enum(COUNTRY_CODES), currency: z.string(), language: z.enum(LANGUAGES),
    amount: z.number().int(), amountKRW: z.number().int(), isGuestOrder: z.boolean(), erased: z.boolean().describe('Its customer had their personal data deleted (issue 36): no name, address or conversation is left.'), userId: z.uuid().nullable(),
    payment: z.object({ provider: z.string().nullable(), method: z.string().nullable(), receiptUrl: z.string().nullable(), paidAt: dateTime().nullable(), test: z.boolean() }),
    adminComments: z.string().nullable(), cancelRequestedAt: dateTime().nullable(), createdAt: dateTime(), updatedAt: dateTime(),
  }),
  lines: z.array(line),
  papers: z.array(paperSchema).describe('Its papers (issue 34), in the order of their numbers.'),
  evidence: z.array(z.object({
    id: z.uuid(), kind: z.enum(EVIDENCE_KINDS), status: z.enum(EVIDENCE_STATUSES), purpose: z.enum(CASH_RECEIPT_PURPOSES).nullable(),
    identity: z.string().describe('The mobile or business number it is issued to.'), company: z.string().nullable(), representative: z.string().nullable(), email: z.string().nullable(),
    number: z.string().nullable(), failure: z.string().nullable(), requestedAt: dateTime(), issuedAt: dateTime().nullable(),
  })).describe("A Korean cash payment's cash receipt or tax invoice requests (issue 34), newest first."),
  history: z.array(z.object({ from: status.nullable(), to: status, at: dateTime(), note: z.string().nullable(), actor: z.string().nullable().describe("The actor's e-mail; null for the customer, a provider or the system."),
    by: z.enum(ACTORS).nullable().describe('Who, as the lifecycle names actors: the customer, a private link\'s holder, staff, a payment provider or the store itself; null for a change recorded before actors were.') })),
  brief: briefSchema.nullable(),
  refunds: z.array(z.object({
    amount: z.number().int(), reason: z.string(), provider: z.string(), at: dateTime(),
    status: z.enum(REFUND_STATUSES).describe('requested and unknown: under way (the reconciler finishes it); failed: the provider refused it, staff must act'),
    refusedPayment: z.boolean().describe('Money given back that the order could not take (a wrong amount, a second payment), not a refund of its payment'),
  })),
  deliverables: z.array(deliverableSchema),
  review: z.object({
    deadline: dateTime().nullable(), canApprove: z.boolean(), canRevise: z.boolean(), free: z.number().int().nullable(), used: z.number().int(),
    refusal: z.enum(['NOT_DELIVERED', 'REVIEW_WINDOW_CLOSED', 'NO_FREE_REVISIONS']).nullable(),
  }),
  revisions: z.array(z.object({ round: z.number().int(), note: z.string(), at: dateTime() })),
  cancel: z.union([
    z.object({ kind: z.literal('none') }),
    z.object({ kind: z.literal('cancel'), maxPercent: z.union([z.literal(0), z.literal(50), z.literal(100)]), maxMinor: z.number().int() }),
  ]).describe('What staff may do now (D21): cancel with a refund of at most `maxMinor`, or nothing.'),
  quote: z.object({
    editable: z.boolean(),
    validUntil: dateTime().nullable(),
    versions: z.array(z.object({ version: z.number().int(), lines: z.array(quoteLine), amount: z.number().int(), currency: z.string(), validUntil: dateTime(), note: z.string().nullable(), at: dateTime() })),
    messages: z.array(z.object({ kind: z.enum(ORDER_MESSAGE_KINDS), body: z.string(), at: dateTime() })),
  }).nullable().describe("A consultation's quote (D28), else null."),
});

export const getOrder = route({
  operationId: 'getOrder',
  description: 'The order with its lines, customer, payment, brief and files, quote versions and messages, deliverables and review, refunds, what staff may cancel, and its status history with actors.',
  summary: 'One order with everything about it (staff)', tags, security,
  params: uuidParams,
  response: { 200: ok(staffOrderSchema.shape), ...errorAnswers(401, 403, 404) },
});

export const changeStatus = route({
  operationId: 'changeStatus',
  summary: "Set an order's status (staff)", tags, security,
  description: 'Any status (SPEC: no order enforced), recorded with time, actor and old and new value, and mailed to the customer (D3, D30). `quoted` comes only with a quote; a paid order is cancelled with POST /api/admin/orders/{id}/cancel.',
  params: uuidParams,
  body: orderStatusSchema.meta({ examples: [{ status: 'in_progress' }] }),
  response: { 200: ok({ id: z.uuid(), status, previous: status, changed: z.boolean() }), ...errorAnswers(400, 401, 403, 404, 409) },
});

export const setComments = route({
  operationId: 'setComments',
  description: 'Replaces the comment the customer sees on the order (null removes it).',
  summary: "Set staff's comment on an order (the customer sees it)", tags, security,
  params: uuidParams,
  body: orderCommentsSchema.meta({ examples: [{ comments: '시안은 내일 오전에 보내드립니다.' }] }),
  response: { 200: ok({ id: z.uuid(), comments: z.string().nullable() }), ...errorAnswers(400, 401, 403, 404) },
});

export const cancelOrder = route({
  operationId: 'cancelOrderAsStaff',
  description: 'Refunds `refundAmount` (minor units, at most what was paid; 0 cancels without a refund) through the provider that took the money and cancels the order, with the reason recorded (D21, D30). A refund the provider has not confirmed yet answers 202; a refusal is 402; a provider that cannot be reached is 502 and nothing changes.',
  summary: 'Cancel an order with the refund the policy allows, or less (staff)', tags, security,
  params: uuidParams,
  body: staffCancelSchema,
  response: {
    200: ok({ id: z.uuid(), status: z.literal('cancelled'), refunded: z.number().int() }),
    202: ok({ id: z.uuid(), status: z.literal('refunding'), refunded: z.literal(0) }).describe('The refund was sent; the provider has not confirmed it yet. The reconciler finishes it and cancels the order then.'),
    ...errorAnswers(400, 401, 402, 403, 404, 409, 422, 429, 502),
  },
});

export const staffBriefSchema = briefSchema.extend({ orderStatus: status, customerName: z.string(), customerEmail: z.string(), country: z.enum(COUNTRY_CODES) });

export const listBriefs = route({
  operationId: 'listBriefs',
  description: 'Every brief with its order\'s status and customer, filtered by the brief\'s status, a page at a time with the total.',
  summary: 'Briefs, newest first (staff)', tags, security,
  querystring: adminBriefsQuerySchema,
  response: { 200: ok({ briefs: z.array(staffBriefSchema), total: z.number().int() }), ...errorAnswers(400, 401, 403) },
});

export const staffUserSchema = z.object({
  id: z.uuid(), username: z.string(), email: z.string(), firstName: z.string().nullable(), lastName: z.string().nullable(),
  phone: z.string().nullable(), role: z.enum(ROLES), createdAt: dateTime(),
  secondFactor: z.boolean().describe('Signs in with an authenticator app (issue 36).'),
});

export const setUserRole = route({
  operationId: 'setUserRole',
  summary: "Make an account staff, or take the role away (staff)", tags, security,
  description: 'Needs a sign-in, code or re-check of the last five minutes (403 `RECENT_SIGN_IN_REQUIRED`, then `POST /api/auth/reauthenticate`). Only an account whose e-mail was proven becomes an administrator (409 `EMAIL_NOT_PROVEN`); the last administrator keeps the role (409 `LAST_ADMINISTRATOR`). The account\'s sessions end. On the audit trail.',
  params: uuidParams,
  body: userRoleSchema,
  response: { 200: ok({ id: z.uuid(), role: z.enum(ROLES), changed: z.boolean(), message: z.string() }), ...errorAnswers(400, 401, 403, 404, 409) },
});

export const resetSecondFactor = route({
  operationId: 'resetSecondFactor',
  summary: "Reset a staff member's two-step sign-in (a lost phone) (staff)", tags, security,
  description: 'Removes the authenticator and recovery codes and ends the account\'s sessions: it signs in again and enrols anew. Needs a recent re-check, as role changes do. On the audit trail.',
  params: uuidParams,
  response: { 200: ok({ id: z.uuid(), removed: z.boolean(), message: z.string() }), ...errorAnswers(400, 401, 403, 404) },
});

export const listUsers = route({
  operationId: 'listUsers',
  description: 'Accounts oldest first, a page at a time with the total; `q` looks in e-mail, username, names and phone.',
  summary: 'Customers, searchable and paged (staff)', tags, security,
  querystring: adminUsersQuerySchema,
  response: { 200: ok({ users: z.array(staffUserSchema), total: z.number().int() }), ...errorAnswers(400, 401, 403) },
});

export const overviewSchema = z.object({
  users: z.object({ total: z.number().int(), newToday: z.number().int(), withPhone: z.number().int() }),
  orders: z.object({ total: z.number().int(), pending: z.number().int(), completed: z.number().int(), inProgress: z.number().int(), quoteReview: z.number().int(), quoted: z.number().int() }),
  revenue: money.describe('Completed orders per currency (never added across currencies).'),
  today: money.describe("Today's paid takings per currency (Korea time)."),
  recentOrders: z.array(z.object({ id: z.uuid(), orderId: z.string(), orderName: z.string(), staffName, orderType: z.string(), customerName: z.string(), status, amount: z.number().int(), currency: z.string(), country: z.enum(COUNTRY_CODES), createdAt: dateTime() })),
  monthly: z.array(z.object({
    currency: z.string(), thisMonth: z.number().int(), lastMonth: z.number().int(),
    growth: z.number().nullable().describe('Percent, one decimal; null when last month took nothing in that currency.'),
  })).describe("Paid this month so far against the same days of last month (Korea time), per currency."),
  daily: z.array(z.object({ day: z.string(), country: z.string(), currency: z.string(), amount: z.number().int(), orders: z.number().int() })),
  inbox: z.object({ unhandled: z.number().int() }),
  openQuotes: money,
  stuckMoney: z.object({
    total: z.number().int(),
    items: z.array(z.object({
      kind: z.enum(['attempt', 'refund']), status: z.string(), orderId: z.uuid(), orderNumber: z.string(), provider: z.string(),
      amount: z.number().int(), currency: z.string(), since: dateTime(),
    })),
  }).describe('Payments and refunds the providers have not confirmed for over an hour, and refunds a provider refused (D32), newest first.'),
  awaitingReply: z.object({
    count: z.number().int(),
    oldest: z.array(z.object({ orderId: z.uuid(), orderNumber: z.string(), customerName: z.string(), since: dateTime() })),
  }).describe("Orders whose customer wrote last in the conversation and waits for staff's answer (D34): how many, and the ten waiting longest, longest first."),
});

export const overview = route({
  operationId: 'overview',
  description: 'Counts of customers and orders by state, takings per currency (never added across currencies), this month against the same days of last month, recent orders, unhandled messages, open quotes, and money the providers have not confirmed (D32).',
  summary: 'The staff overview', tags, security,
  response: { 200: ok(overviewSchema.shape), ...guarded },
});

export const staffPaperSchema = z.object({
  number: z.string(), kind: z.enum(PAPER_KINDS), country: z.enum(COUNTRY_CODES), currency: z.string(), issuedAt: dateTime(),
  amount: z.number().int().describe('What was paid (or refunded), tax included, in minor units.'), tax: z.number().int(),
  test: z.boolean().describe('Of a test payment: listed, not added to the totals.'),
  company: z.string().nullable(), taxId: z.string().nullable(), orderId: z.uuid(), orderNumber: z.string(),
  htmlUrl: z.string(), pdfUrl: z.string(),
});

export const storeTotalsSchema = z.object({
  country: z.enum(COUNTRY_CODES), currency: z.string(),
  receipts: z.number().int(), sales: z.number().int(), salesTax: z.number().int(),
  creditNotes: z.number().int(), refunds: z.number().int(), refundsTax: z.number().int(),
  net: z.number().int().describe('Sales less refunds.'), netTax: z.number().int(),
}).describe("A store's totals of the period's papers in its currency's minor units: real payments only; tax invoices repeat their receipts and are not added.");

export const listPapers = route({
  operationId: 'listPapers',
  summary: 'Papers, searched and paged, with the period\'s totals per store (staff)', tags, security,
  description: 'By number (or its order\'s), store, kind and period of issue (Korea time, inclusive), newest first.',
  querystring: adminPapersQuerySchema,
  response: { 200: ok({ papers: z.array(staffPaperSchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int(), totals: z.array(storeTotalsSchema) }), ...errorAnswers(400, 401, 403) },
});

export const exportPapers = route({
  operationId: 'exportPapers',
  summary: 'A period\'s papers as CSV for the accountant (staff)', tags, security,
  description: 'One row per paper (oldest first; credit notes negative; amounts in the currency\'s units), then each store\'s totals as `listPapers` gives them. UTF-8 with a byte order mark.',
  produces: ['text/csv'],
  querystring: adminPapersQuerySchema.omit({ page: true, pageSize: true }),
  response: { 200: readByRoute(z.string().meta({ description: 'CSV' })), ...errorAnswers(400, 401, 403) },
});

export const contactRowSchema = z.object({
  id: z.uuid(), name: z.string(), email: z.string(), company: z.string().nullable(), service: z.string(), message: z.string(),
  country: z.string().nullable(), language: z.string().nullable(), createdAt: dateTime(), handledAt: dateTime().nullable(), handledBy: z.string().nullable(),
});

export const listContacts = route({
  operationId: 'listContacts',
  description: 'Messages of the contact form, newest first, filtered by whether they were handled, a page at a time with the total.',
  summary: "The contact form's messages (staff)", tags, security,
  querystring: adminContactsQuerySchema,
  response: { 200: ok({ contacts: z.array(contactRowSchema), total: z.number().int() }), ...errorAnswers(400, 401, 403) },
});

export const markContact = route({
  operationId: 'markContact',
  description: 'Records who marked the message handled and when; `handled: false` opens it again.',
  summary: 'Mark a message handled or not (staff)', tags, security,
  params: uuidParams,
  body: contactHandledSchema,
  response: { 200: ok({ id: z.uuid(), handled: z.boolean() }), ...errorAnswers(400, 401, 403, 404) },
});

export const sendQuote = route({
  operationId: 'sendQuote',
  summary: 'Price a consultation and send the quote (staff)', tags, security,
  description: 'Lines in the store\'s currency\'s minor units, a validity in days (14 by default) and a note; a new version replaces an unpaid one (D28).',
  params: uuidParams,
  body: quoteSchema.meta({ examples: [{ lines: [{ description: '이틀 촬영', amount: 900000 }], validDays: 14, note: '촬영 일정은 협의합니다.' }] }),
  response: {
    200: ok({
      id: z.uuid(), status: z.literal('quoted'),
      quote: z.object({ version: z.number().int(), lines: z.array(quoteLine), amount: z.number().int(), currency: z.string(), validUntil: z.iso.datetime({ offset: true }), note: z.string().nullable() }),
    }),
    ...errorAnswers(400, 401, 403, 404, 409, 429),
  },
});

/** A fact's value as kept: ids, statuses, amounts, counts, and short lists of them. */
const auditFacts = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.union([z.string(), z.number(), z.record(z.string(), z.union([z.string(), z.number(), z.null()]))]))]))
  .nullable().describe('Facts only: statuses, amounts in minor units (with `currency`), counts, ids. Never a customer\'s details or free text.');

export const auditEventSchema = z.object({
  id: z.number().int().describe('Its place on the trail: later entries have larger ids.'),
  at: dateTime(),
  actor: z.object({
    kind: z.enum(AUDIT_ACTOR_KINDS),
    email: z.string().nullable().describe("A staff member's address at the time; null for the store itself or a customer."),
    ip: z.string().nullable(), userAgent: z.string().nullable(),
  }),
  action: z.enum(AUDIT_ACTIONS as [AuditAction, ...AuditAction[]]),
  group: z.enum(AUDIT_GROUPS),
  subject: z.object({
    type: z.enum(AUDIT_SUBJECT_TYPES), id: z.string().nullable(),
    label: z.string().nullable().describe("For a user, their address now (null once the account is gone); for a tax rule, its store; else null."),
  }),
  order: z.object({ id: z.uuid(), number: z.string(), country: z.enum(COUNTRY_CODES) }).nullable().describe('The order it concerns, when there is one and it still exists.'),
  before: auditFacts,
  after: auditFacts,
});

export const listAudit = route({
  operationId: 'listAudit',
  summary: 'The audit trail: who changed what, when and from where (staff)', tags, security,
  description: 'Every staff change of money, status, roles, quotes, papers, files or settings, and every staff sign-in, newest first. '
    + 'Filtered by group or action, by who (part of a staff address), by order (its number or id) and period (Korea time, inclusive). Nobody can change or remove an entry.',
  querystring: adminAuditQuerySchema,
  response: { 200: ok({ events: z.array(auditEventSchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() }), ...errorAnswers(400, 401, 403) },
});

/** What the staff pages read, as the services build it and their loaders pass it on (dates as `Date`). */
type Read<C extends { response: Record<number, z.ZodType> }> = Omit<Built<C>, 'success'>;
export type StaffOrderList = Read<typeof listOrders>;
export type StaffOrder = z.output<typeof staffOrderSchema>;
export type StaffBriefList = Read<typeof listBriefs>;
export type StaffUserList = Read<typeof listUsers>;
export type StaffOverview = z.output<typeof overviewSchema>;
export type StaffContactList = Read<typeof listContacts>;
export type StaffPaperList = Read<typeof listPapers>;
export type StaffTaxInvoiceQueue = Read<typeof taxInvoiceRequests>;
export type StaffAuditList = Read<typeof listAudit>;
export type StaffAuditEvent = z.output<typeof auditEventSchema>;
