/**
 * What staff send to the staff API (SPEC section 7, D3): statuses from the domain lists, comments,
 * and the filters and pages of the lists. Query values arrive as text.
 */
import { z } from 'zod';
import { AUDIT_ACTIONS, AUDIT_GROUPS, type AuditAction } from '../audit.ts';
import { PAPER_KINDS } from '../tax/papers.ts';
import { BRIEF_STATUSES, ORDER_STATUSES } from '../statuses.ts';
import { COUNTRY_CODES } from '../countries.ts';
import { ROLES } from '../user.ts';
import { QUOTE_DEFAULT_VALID_DAYS, QUOTE_DESCRIPTION_MAX, QUOTE_MAX_LINES, QUOTE_MAX_TOTAL_MINOR, QUOTE_MAX_VALID_DAYS, QUOTE_NOTE_MAX, quoteTotal } from '../quotes.ts';
import { V } from './messages.ts';
import { optionalText, plainText, requiredText, uuidField } from './schema-helpers.ts';

/** Rows on one page of a staff list (the staff page's tabs, and the API's default). */
export const ADMIN_PAGE_SIZE = 20;

const page = z.coerce.number({ error: V.invalidType }).int({ error: V.invalidType }).min(1, { error: V.invalidType }).max(100_000, { error: V.invalidType }).default(1);
const pageSize = z.coerce.number({ error: V.invalidType }).int({ error: V.invalidType }).min(1, { error: V.invalidType }).max(100, { error: V.invalidType }).default(ADMIN_PAGE_SIZE);
const day = plainText().regex(/^\d{4}-\d{2}-\d{2}$/, { error: V.invalidType }).refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), { error: V.invalidType });

export const adminOrdersQuerySchema = z.object({
  status: z.enum(ORDER_STATUSES, { error: V.invalidChoice }).optional(),
  country: z.enum(COUNTRY_CODES, { error: V.invalidChoice }).optional(),
  /** Days in Korea time (D19), inclusive. */
  from: day.optional(),
  to: day.optional(),
  /** An order number, a customer's name or e-mail (part of it). */
  q: optionalText(100),
  /** One customer's orders. */
  userId: uuidField().optional(),
  /** Only orders whose customer wrote last in the conversation, the longest waiting first (D34). */
  waiting: z.enum(['true'], { error: V.invalidChoice }).optional(),
  page,
  pageSize,
});
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuerySchema>;

/** Papers (issue 34): by number (part of it), store, kind and period of issue (Korea time, inclusive). */
export const adminPapersQuerySchema = z.object({
  q: optionalText(40),
  country: z.enum(COUNTRY_CODES, { error: V.invalidChoice }).optional(),
  kind: z.enum(PAPER_KINDS, { error: V.invalidChoice }).optional(),
  from: day.optional(),
  to: day.optional(),
  page,
  pageSize,
});
export type AdminPapersQuery = z.infer<typeof adminPapersQuerySchema>;

/** The API's user list answers 100 at a time unless asked otherwise (SPEC's GET /api/admin/users had no pages). */
export const adminUsersQuerySchema = z.object({ q: optionalText(100), page, pageSize: pageSize.default(100) });
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;

export const adminBriefsQuerySchema = z.object({ status: z.enum(BRIEF_STATUSES, { error: V.invalidChoice }).optional(), page, pageSize });
export type AdminBriefsQuery = z.infer<typeof adminBriefsQuerySchema>;

export const adminContactsQuerySchema = z.object({ handled: z.enum(['true', 'false'], { error: V.invalidChoice }).optional(), page, pageSize });
export type AdminContactsQuery = z.infer<typeof adminContactsQuerySchema>;

/** The audit trail (issue 36): by group or action, who (part of a staff e-mail), an order (its number or id) and period. */
export const adminAuditQuerySchema = z.object({
  group: z.enum(AUDIT_GROUPS, { error: V.invalidChoice }).optional(),
  action: z.enum(AUDIT_ACTIONS as [AuditAction, ...AuditAction[]], { error: V.invalidChoice }).optional(),
  actor: optionalText(100),
  order: optionalText(60),
  from: day.optional(),
  to: day.optional(),
  page,
  pageSize: pageSize.default(50),
});
export type AdminAuditQuery = z.infer<typeof adminAuditQuerySchema>;

/** A change of role (issue 36). */
export const userRoleSchema = z.object({ role: z.enum(ROLES, { error: V.invalidChoice }) });

export const orderStatusSchema = z.object({
  status: z.enum(ORDER_STATUSES, { error: V.invalidChoice }),
  note: optionalText(500, { multiline: true }),
});

export const orderCommentsSchema = z.object({
  comments: plainText({ multiline: true }).max(5000, { error: V.tooLong }).nullable(),
});

export const briefStatusSchema = z.object({ status: z.enum(BRIEF_STATUSES, { error: V.invalidChoice }) });

export const contactHandledSchema = z.object({ handled: z.boolean({ error: V.invalidType }) });

/** Staff cancel an order: the refund in the currency's minor units (at most what the policy allows) and why. */
export const staffCancelSchema = z.object({
  refundAmount: z.number({ error: V.invalidType }).int({ error: V.invalidType }).min(0, { error: V.invalidType }).max(1_000_000_000_000, { error: V.invalidType }),
  reason: requiredText(500, { multiline: true }),
});

/** Staff price a consultation (D28): 1-20 lines in minor units, a validity in days, a note to the customer. */
export const quoteSchema = z.object({
  lines: z.array(z.object({
    description: requiredText(QUOTE_DESCRIPTION_MAX),
    amount: z.number({ error: V.invalidType }).int({ error: V.invalidType }).min(1, { error: V.invalidType }).max(QUOTE_MAX_TOTAL_MINOR, { error: V.invalidType }),
  }), { error: V.invalidType }).min(1, { error: V.required }).max(QUOTE_MAX_LINES, { error: V.tooMany }),
  validDays: z.number({ error: V.invalidType }).int({ error: V.invalidType }).min(1, { error: V.invalidType }).max(QUOTE_MAX_VALID_DAYS, { error: V.invalidType }).default(QUOTE_DEFAULT_VALID_DAYS),
  note: optionalText(QUOTE_NOTE_MAX, { multiline: true }),
}).refine((quote) => quoteTotal(quote.lines) <= QUOTE_MAX_TOTAL_MINOR, { error: V.invalidType, path: ['lines'] });
export type QuoteInput = z.infer<typeof quoteSchema>;
