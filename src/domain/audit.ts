/**
 * The audit trail (issue 36, D30's "actor and time" for everything staff do): what is recorded and
 * by whom. A row holds ids, statuses, amounts and counts, never a customer's personal data or free
 * text: names and e-mails of what it is about are read when shown, so an account erased later
 * reads as deleted and staff never see what was erased. Rows are append-only (the database refuses
 * UPDATE, DELETE and TRUNCATE on the table).
 */

/** What an action is about, for the staff tab's filter. */
export const AUDIT_GROUPS = ['money', 'status', 'roles', 'quotes', 'papers', 'files', 'settings', 'sign_ins', 'privacy'] as const;
export type AuditGroup = (typeof AUDIT_GROUPS)[number];

/** Every action recorded, and its group. */
export const AUDIT_ACTION_GROUPS = {
  'order.status': 'status',
  'order.comment': 'status',
  'order.cancel': 'money',
  'quote.sent': 'quotes',
  'files.delivered': 'files',
  'files.attached': 'files',
  'brief.status': 'status',
  'inbox.handled': 'status',
  'papers.tax_invoice': 'papers',
  'papers.exported': 'papers',
  'settings.tax_rule': 'settings',
  'user.role': 'roles',
  'auth.sign_in': 'sign_ins',
  'auth.sign_in_failed': 'sign_ins',
  'auth.sign_out': 'sign_ins',
  'auth.second_factor_enrolled': 'sign_ins',
  'auth.second_factor_failed': 'sign_ins',
  'auth.recovery_codes_renewed': 'sign_ins',
  'auth.second_factor_reset': 'sign_ins',
  'auth.rechecked': 'sign_ins',
  'account.erased': 'privacy',
} as const satisfies Record<string, AuditGroup>;
export type AuditAction = keyof typeof AUDIT_ACTION_GROUPS;
export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_GROUPS) as AuditAction[];

/** Who acted: staff (with where from), a customer or a private link's holder (no address kept), or the store itself. */
export const AUDIT_ACTOR_KINDS = ['staff', 'customer', 'linkHolder', 'system'] as const;
export type AuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number];

export const AUDIT_SUBJECT_TYPES = ['order', 'user', 'brief', 'tax_invoice', 'tax_rule', 'contact', 'papers', 'session'] as const;
export type AuditSubjectType = (typeof AUDIT_SUBJECT_TYPES)[number];

/**
 * Who acted, built at the edge (the route knows the session and the address) and passed to the
 * service, which records it in the transaction of its effect.
 */
export interface AuditActor {
  kind: AuditActorKind;
  userId: string | null;
  /** Staff's own e-mail at the time (they are accountable); null for everyone else. */
  email: string | null;
  ip: string | null;
  userAgent: string | null;
  sessionId: string | null;
  requestId: string | null;
}

/** A staff member acting: always a signed-in account. */
export type StaffActor = AuditActor & { kind: 'staff'; userId: string; email: string };

/** Facts only: ids, statuses, amounts in minor units, counts. */
export type AuditFacts = Record<string, string | number | boolean | null | Array<string | number | Record<string, string | number | null>>>;

export interface AuditEntry {
  action: AuditAction;
  subjectType: AuditSubjectType;
  subjectId: string | null;
  /** The order it concerns, for "everything that happened to this order". */
  orderId?: string | null;
  before?: AuditFacts | null;
  after?: AuditFacts | null;
}

/** The store acting on its own (start-up, jobs). */
export const SYSTEM_ACTOR: AuditActor = { kind: 'system', userId: null, email: null, ip: null, userAgent: null, sessionId: null, requestId: null };

/** A user agent as kept: enough to tell a browser from a script, never a novel. */
export const USER_AGENT_MAX = 300;

/** One value of a fact as stored (JSON). */
export type AuditFactValue = AuditFacts[string];

/** A field of an entry, before and after (either missing when the entry has none). */
export interface AuditFactChange {
  key: string;
  before: AuditFactValue | undefined;
  after: AuditFactValue | undefined;
}

/**
 * The order facts are read in (the database keeps JSON keys in its own order). `currency` is not
 * shown on its own: it says how the amounts beside it are written.
 */
export const AUDIT_FACT_ORDER = [
  'outcome', 'status', 'role', 'handled', 'method', 'secondFactor', 'recoveryCodesLeft', 'attempts', 'purpose', 'private', 'files', 'amountMinor', 'refundedMinor', 'refundMinor',
  'refundId', 'version', 'lines', 'validUntil', 'reopened', 'number', 'registered', 'kind', 'rateBasisPoints', 'included', 'registrations',
  'country', 'from', 'to', 'rows', 'chars', 'noteChars', 'reasonChars', 'messageSeq', 'sessionsEnded', 'orders', 'cancelled', 'papersKept', 'contacts',
];
export const AUDIT_HIDDEN_FACTS = new Set(['currency']);

/** An entry's facts, field by field, in a fixed order, for the staff tab and for tests to read alike. */
export function auditFacts(before: AuditFacts | null | undefined, after: AuditFacts | null | undefined): AuditFactChange[] {
  const keys = [...new Set([...Object.keys(after ?? {}), ...Object.keys(before ?? {})])].filter((key) => !AUDIT_HIDDEN_FACTS.has(key));
  const rank = (key: string) => { const at = AUDIT_FACT_ORDER.indexOf(key); return at === -1 ? AUDIT_FACT_ORDER.length : at; };
  keys.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  return keys.map((key) => ({ key, before: before?.[key], after: after?.[key] }));
}
