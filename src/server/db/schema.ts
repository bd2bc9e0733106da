/**
 * Every server-side table of SPEC section 3 as DESIGN.md adjusts it: one user table with a role
 * (D5, D16), hashed session and reset tokens (D9, D13), an order status history (D3), briefs that
 * belong to orders (D17) and uploaded files with owners (D14).
 */
import { sql, type SQL } from 'drizzle-orm';
import { MAX_QUANTITY } from '../../domain/catalog/pricing.ts';
import { COUNTRY_CODES, LANGUAGES } from '../../domain/countries.ts';
import { LINE_KINDS } from '../../domain/orders.ts';
import { BRIEF_STATUSES, ORDER_STATUSES, ORDER_TYPES } from '../../domain/statuses.ts';
import { DELIVERABLE_MAX_BYTES, UPLOAD_MAX_BYTES } from '../../domain/uploads.ts';
import { FILE_PURPOSES } from '../../domain/deliverables.ts';
import { ROLES } from '../../domain/user.ts';
import { PAYMENT_ATTEMPT_STATUSES, PAYMENT_CHOICES, PROVIDER_NAMES, REFUND_STATUSES } from '../../domain/payments.ts';
import { ACTORS } from '../../domain/lifecycle.ts';
import { AUDIT_ACTIONS, AUDIT_ACTOR_KINDS, AUDIT_SUBJECT_TYPES, type AuditFacts } from '../../domain/audit.ts';
import { QUOTE_MAX_TOTAL_MINOR, type QuoteLine } from '../../domain/quotes.ts';
import { MESSAGE_CONTEXTS, MESSAGE_KINDS, MESSAGE_MAX_CHARS, MESSAGE_SIDES, MESSAGE_VISIBILITIES, READER_SIDES, SYSTEM_EVENTS } from '../../domain/conversation.ts';
import type { BusinessDetails } from '../../domain/tax/business.ts';
import { PAPER_KINDS } from '../../domain/tax/papers.ts';
import { CANCEL_STATUSES, CASH_RECEIPT_PURPOSES, EVIDENCE_KINDS, EVIDENCE_STATUSES } from '../../domain/tax/korean-evidence.ts';
import { MAX_RATE_BASIS_POINTS, TAX_KINDS, type Registration, type TaxKind } from '../../domain/tax/rules.ts';
import {
  bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid, type AnyPgColumn,
} from 'drizzle-orm/pg-core';

/** `column in ('a', 'b', …)` from a domain list, so a check constraint can never drift from the code. */
const oneOf = (column: SQL | { name: string }, values: readonly string[]): SQL =>
  sql`${column} in (${sql.raw(values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', '))})`;

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Stored as entered; uniqueness is case-insensitive through the lower(email) index (D18). */
  email: text('email').notNull(),
  username: text('username').notNull(),
  /** argon2id hash; null for accounts that only ever signed in with Google. */
  passwordHash: text('password_hash'),
  firstName: text('first_name'),
  lastName: text('last_name'),
  phone: text('phone'),
  role: text('role', { enum: ROLES }).notNull().default('customer'),
  googleSubject: text('google_subject'),
  /**
   * When the owner of the address proved they receive its mail (Google's verified e-mail, a used
   * reset link); null for an address only typed in. Linking Google to an unproven account ends its
   * sessions and removes its password (pre-hijacking).
   */
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
  uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
  uniqueIndex('users_google_subject_key').on(t.googleSubject),
  check('users_role_check', oneOf(t.role, ROLES)),
]);

export const userSessions = pgTable('user_sessions', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  /** SHA-256 of the session token; the token itself is never stored (D9). */
  tokenHash: text('token_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
  /** When the session's staff member proved their second factor (issue 36); null for a password alone. */
  secondFactorAt: timestamp('second_factor_at', { withTimezone: true }),
  /** When they last proved it again before a refund or a change of role. */
  reauthenticatedAt: timestamp('reauthenticated_at', { withTimezone: true }),
}, (t) => [
  uniqueIndex('user_sessions_token_hash_key').on(t.tokenHash),
  index('user_sessions_user_id_idx').on(t.userId),
  index('user_sessions_expires_at_idx').on(t.expiresAt),
]);

/** How a TOTP secret is kept: sealed with a key derived from SESSION_SECRET, or as it is when none is set. */
export const SECRET_FORMATS = ['plain', 'aes-gcm-v1'] as const;

/** A staff member's authenticator (issue 36, RFC 6238): pending until its first code confirms it. */
export const secondFactors = pgTable('second_factors', {
  userId: uuid('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  secretFormat: text('secret_format', { enum: SECRET_FORMATS }).notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  /** The time step of the last code accepted: a code is good once (replay guard). */
  lastTimeStep: bigint('last_time_step', { mode: 'number' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [check('second_factors_secret_format_check', oneOf(t.secretFormat, SECRET_FORMATS))]);

/** Single-use recovery codes, hashed like passwords. */
export const recoveryCodes = pgTable('recovery_codes', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [index('recovery_codes_unused_idx').on(t.userId).where(sql`${t.usedAt} is null`)]);

export const CHALLENGE_STEPS = ['verify', 'enroll'] as const;

/**
 * A password (or Google) sign-in of staff waiting for its second factor: five minutes, a few tries,
 * in the database so that any instance finishes what another started.
 */
export const signInChallenges = pgTable('sign_in_challenges', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull(),
  step: text('step', { enum: CHALLENGE_STEPS }).notNull(),
  method: text('method', { enum: ['password', 'google'] }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  attempts: integer('attempts').notNull().default(0),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('sign_in_challenges_token_hash_key').on(t.tokenHash),
  index('sign_in_challenges_user_idx').on(t.userId),
  check('sign_in_challenges_step_check', oneOf(t.step, CHALLENGE_STEPS)),
]);

export const passwordResetTokens = pgTable('password_reset_tokens', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull(),
  /**
   * The address the link was mailed to: using it proves this address only, and only while it is
   * still the account's (a token without one, from before this column, proves nothing).
   */
  email: text('email'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('password_reset_tokens_token_hash_key').on(t.tokenHash),
  index('password_reset_tokens_user_id_idx').on(t.userId),
]);

export const orders = pgTable('orders', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Public order number, also the payment provider's orderId: `SL-2611-4827-316` (domain/order-number.ts), older ones `SL-` and 24 random characters; a name, never a key. */
  orderNumber: text('order_number').notNull(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  /** The guest id (D22, SPEC's sessionId / guest_session_id) of the browser that placed a guest order. */
  guestId: text('guest_id'),
  isGuestOrder: boolean('is_guest_order').notNull().default(false),
  customerName: text('customer_name').notNull(),
  customerEmail: text('customer_email').notNull(),
  customerPhone: text('customer_phone'),
  customerAddress: text('customer_address'),
  /** A business buyer's details for its papers, as given (issue 34); null for a consumer. */
  business: jsonb('business').$type<BusinessDetails>(),
  requirements: text('requirements'),
  orderType: text('order_type', { enum: ORDER_TYPES }).notNull(),
  /** What the provider shows the payer, e.g. '음식 스튜디오 촬영 × 5장', in the order's language. */
  orderName: text('order_name').notNull(),
  country: text('country', { enum: COUNTRY_CODES }).notNull(),
  currency: text('currency').notNull(),
  /** Language the customer ordered in: their e-mails are written in it. */
  language: text('language', { enum: LANGUAGES }).notNull(),
  /** Prices as sold, recomputed by the server (D4): the total in whole won ... */
  amountKrw: integer('amount_krw').notNull(),
  /** ... and what the provider is asked to charge, in the currency's minor units (D25). */
  amountMinor: integer('amount_minor').notNull(),
  status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending'),
  /** The provider that took the payment (toss, stripe, paypal, sandbox): refunds go back through it. */
  paymentProvider: text('payment_provider'),
  /** What a refund names at that provider: Toss's paymentKey, Stripe's payment intent, PayPal's capture id. */
  paymentKey: text('payment_key'),
  /** The payment attempt that paid the order (D27); earlier abandoned or declined attempts stay beside it. */
  paidAttemptId: uuid('paid_attempt_id').references((): AnyPgColumn => paymentAttempts.id, { onDelete: 'set null' }),
  paymentMethod: text('payment_method'),
  receiptUrl: text('receipt_url'),
  paidAt: timestamp('paid_at', { withTimezone: true }),
  /** Paid through the sandbox or a provider's test keys: no real money (D29 amended); left out of revenue. */
  testPayment: boolean('test_payment').notNull().default(false),
  /** When staff delivered the latest draft: the customer's seven days to review it start here. */
  draftDeliveredAt: timestamp('draft_delivered_at', { withTimezone: true }),
  /** Revision rounds the customer asked for; the free ones come from the catalog. */
  revisionsUsed: integer('revisions_used').notNull().default(0),
  /** When the customer asked to cancel a paid order after the full-refund window (D21): staff decide. */
  cancelRequestedAt: timestamp('cancel_requested_at', { withTimezone: true }),
  /** Until when the newest quote may be paid (D28); the quote itself is in order_quotes. */
  quoteValidUntil: timestamp('quote_valid_until', { withTimezone: true }),
  adminComments: text('admin_comments'),
  /** The checkout attempt's Idempotency-Key: a retried create answers this order instead of a second one. */
  idempotencyKey: text('idempotency_key'),
  /** Hash of the request that created the order under that key; another body with the same key is refused. */
  requestFingerprint: text('request_fingerprint'),
  /**
   * When its customer had their personal data erased (issue 36, D35): the order, its amounts and
   * its papers stay for the tax law's years, detached from any person; no mail goes to it again.
   */
  erasedAt: timestamp('erased_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('orders_order_number_key').on(t.orderNumber),
  // A key is the caller's own: scoped by the owner (user or guest id), never shared across callers.
  uniqueIndex('orders_idempotency_key').on(sql`coalesce(${t.userId}::text, ${t.guestId})`, t.idempotencyKey).where(sql`${t.idempotencyKey} is not null`),
  uniqueIndex('orders_payment_key_key').on(t.paymentKey),
  index('orders_user_id_idx').on(t.userId, t.createdAt),
  index('orders_guest_id_idx').on(t.guestId, t.createdAt),
  index('orders_status_idx').on(t.status),
  // Newest first with a tie-breaker: the staff list walks this index, also deep into its pages.
  index('orders_created_at_id_idx').on(t.createdAt, t.id),
  // Staff search by part of a name or e-mail (ILIKE '%…%') through trigrams, not a scan (pg_trgm).
  index('orders_customer_name_trgm_idx').using('gin', t.customerName.op('gin_trgm_ops')),
  index('orders_customer_email_trgm_idx').using('gin', t.customerEmail.op('gin_trgm_ops')),
  check('orders_status_check', oneOf(t.status, ORDER_STATUSES)),
  check('orders_country_check', oneOf(t.country, COUNTRY_CODES)),
  check('orders_amount_check', sql`${t.amountKrw} >= 0 and ${t.amountMinor} >= 0`),
  check('orders_revisions_used_check', sql`${t.revisionsUsed} >= 0`),
  // A guest order can only be found again through its guest id (D22), until its customer is erased.
  check('orders_guest_check', sql`${t.isGuestOrder} = false or ${t.guestId} is not null or ${t.erasedAt} is not null`),
]);

/** The lines of an order (D23): what was sold, at which price, in which quantity. */
export const orderLines = pgTable('order_lines', {
  id: uuid('id').primaryKey().defaultRandom(),
  orderId: uuid('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
  position: integer('position').notNull(),
  kind: text('kind', { enum: LINE_KINDS }).notNull(),
  /** Catalog id: template or service id, or package slug. */
  ref: text('ref').notNull(),
  /** The name as sold, in the order's language. */
  name: text('name').notNull(),
  quantity: integer('quantity').notNull(),
  unitPriceKrw: integer('unit_price_krw').notNull(),
  totalKrw: integer('total_krw').notNull(),
}, (t) => [
  uniqueIndex('order_lines_order_position_key').on(t.orderId, t.position),
  check('order_lines_kind_check', oneOf(t.kind, LINE_KINDS)),
  check('order_lines_quantity_check', sql`${t.quantity} >= 1`),
  check('order_lines_amount_check', sql`${t.unitPriceKrw} >= 0 and ${t.totalKrw} >= 0`),
]);

export const orderStatusHistory = pgTable('order_status_history', {
  id: uuid('id').primaryKey().defaultRandom(),
  orderId: uuid('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
  fromStatus: text('from_status', { enum: ORDER_STATUSES }),
  toStatus: text('to_status', { enum: ORDER_STATUSES }).notNull(),
  /** Who made the change, as the lifecycle table names them (D30); null in rows older than it. */
  actor: text('actor', { enum: ACTORS }),
  /** The user who made it, if one did; null for the system, a provider, a guest. */
  actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
  note: text('note'),
  createdAt: createdAt(),
}, (t) => [
  index('order_status_history_order_id_idx').on(t.orderId, t.createdAt),
  check('order_status_history_actor_check', sql`${t.actor} is null or ${oneOf(t.actor, ACTORS)}`),
  check('order_status_history_to_status_check', oneOf(t.toStatus, ORDER_STATUSES)),
  check('order_status_history_from_status_check', sql`${t.fromStatus} is null or ${oneOf(t.fromStatus, ORDER_STATUSES)}`),
]);

/** Cart lines hold what and how many; titles, prices and images come from the catalog when read. */
export const cartItems = pgTable('cart_items', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
  /** The guest id (D22) of a guest's cart. */
  guestId: text('guest_id'),
  templateId: integer('template_id').notNull(),
  quantity: integer('quantity').notNull().default(1),
  createdAt: createdAt(),
}, (t) => [
  // One line per template and owner: adding it again adds to the quantity.
  uniqueIndex('cart_items_user_template_key').on(t.userId, t.templateId).where(sql`${t.userId} is not null`),
  uniqueIndex('cart_items_guest_template_key').on(t.guestId, t.templateId).where(sql`${t.guestId} is not null`),
  check('cart_items_owner_check', sql`(${t.userId} is not null) <> (${t.guestId} is not null)`),
  check('cart_items_quantity_check', sql`${t.quantity} between 1 and ${sql.raw(String(MAX_QUANTITY))}`),
]);

export const projectBriefs = pgTable('project_briefs', {
  id: uuid('id').primaryKey().defaultRandom(),
  orderId: uuid('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  serviceId: integer('service_id'),
  serviceName: text('service_name').notNull(),
  servicePrice: text('service_price'),
  deliveryTime: text('delivery_time'),
  style: jsonb('style').$type<string[]>().notNull().default([]),
  colorTone: jsonb('color_tone').$type<string[]>().notNull().default([]),
  usage: jsonb('usage').$type<string[]>().notNull().default([]),
  additionalRequests: text('additional_requests'),
  referenceNotes: text('reference_notes'),
  status: text('status', { enum: BRIEF_STATUSES }).notNull().default('pending'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  // One brief per order (D17): written once, then followed by staff.
  uniqueIndex('project_briefs_order_id_key').on(t.orderId),
  index('project_briefs_user_id_idx').on(t.userId),
  index('project_briefs_status_idx').on(t.status),
  check('project_briefs_status_check', oneOf(t.status, BRIEF_STATUSES)),
]);

export const uploadedFiles = pgTable('uploaded_files', {
  id: uuid('id').primaryKey().defaultRandom(),
  ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
  /** The guest id (D22) of a guest's upload. */
  ownerGuestId: text('owner_guest_id'),
  briefId: uuid('brief_id').references(() => projectBriefs.id, { onDelete: 'cascade' }),
  orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
  originalName: text('original_name').notNull(),
  /** Generated name, the key in storage and the last part of its URL (D14); never derived from the upload's name. */
  storedName: text('stored_name').notNull(),
  /** The type recognised from the content, not the one the browser claimed. */
  mimeType: text('mime_type').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  /** Hex SHA-256 of the content, computed while it streamed in. */
  sha256: text('sha256').notNull(),
  /** A customer's reference, or a draft or final file staff delivered on the order. */
  purpose: text('purpose', { enum: FILE_PURPOSES }).notNull().default('reference'),
  /** Place in its list: in its brief, as the customer ordered the files; in a delivery, as staff sent them. */
  briefPosition: integer('brief_position'),
  /** Storage key of the preview, once one was made (images only). */
  thumbnailName: text('thumbnail_name'),
  /** The conversation message it is attached to (purpose 'message'); its visibility decides who reads it. */
  messageId: uuid('message_id').references(() => orderMessages.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
}, (t) => [
  index('uploaded_files_owner_guest_id_idx').on(t.ownerGuestId),
  index('uploaded_files_message_id_idx').on(t.messageId),
  uniqueIndex('uploaded_files_stored_name_key').on(t.storedName),
  index('uploaded_files_brief_id_idx').on(t.briefId),
  index('uploaded_files_order_id_idx').on(t.orderId),
  index('uploaded_files_owner_user_id_idx').on(t.ownerUserId),
  // The purge of files no brief or order claimed walks only those, oldest first.
  index('uploaded_files_unclaimed_idx').on(t.createdAt).where(sql`${t.briefId} is null and ${t.orderId} is null`),
  check('uploaded_files_size_check', sql`${t.sizeBytes} between 1 and (case when ${t.purpose} in ('reference', 'message') then ${sql.raw(String(UPLOAD_MAX_BYTES))} else ${sql.raw(String(DELIVERABLE_MAX_BYTES))} end)`),
  check('uploaded_files_purpose_check', oneOf(t.purpose, FILE_PURPOSES)),
  // A deliverable belongs to an order from the moment it is stored.
  check('uploaded_files_deliverable_order_check', sql`${t.purpose} = 'reference' or ${t.orderId} is not null`),
]);

/** A customer's revision request on a draft (issue 9): what should change, in their words. */
export const revisionRequests = pgTable('revision_requests', {
  id: uuid('id').primaryKey().defaultRandom(),
  orderId: uuid('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
  /** 1 for the first revision of the order, and so on; free ones are counted against the catalog. */
  round: integer('round').notNull(),
  note: text('note').notNull(),
  /** The signed-in customer who asked; null for a guest. */
  requestedByUserId: uuid('requested_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  /** The same words as a message in the order's conversation. */
  messageId: uuid('message_id').references(() => orderMessages.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('revision_requests_order_round_key').on(t.orderId, t.round),
]);

export const contactSubmissions = pgTable('contact_submissions', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  company: text('company'),
  service: text('service').notNull(),
  message: text('message').notNull(),
  /** Store and language the message was sent from, so staff answer in the right language. */
  country: text('country'),
  language: text('language'),
  /** When staff marked it handled, and who. */
  handledAt: timestamp('handled_at', { withTimezone: true }),
  handledBy: uuid('handled_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
}, (t) => [
  index('contact_submissions_created_at_idx').on(t.createdAt),
]);

/** Kinds of e-mail that go through the outbox (sent by the mail worker, retried until delivered). */
/**
 * Mail the outbox sends: to the customer, the paid-order confirmation and staff's status changes
 * and comments; to staff, every new paid order, brief and contact message.
 */
export const MAIL_KINDS = [
  'order_paid', 'order_status', 'order_comment', 'order_files', 'staff_order', 'staff_brief', 'staff_contact', 'staff_review',
  'consultation_received', 'quote_sent', 'staff_quote', 'staff_money', 'order_kept', 'order_messages', 'staff_messages',
] as const;

/**
 * The durable mail outbox: a row is written in the same statement as what the mail reports (a
 * paid order), and a worker sends it afterwards with retries, so a restart or a mail server outage
 * loses no mail and never slows the customer's answer.
 */
export const mailOutbox = pgTable('mail_outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  kind: text('kind', { enum: MAIL_KINDS }).notNull(),
  orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
  /** What the mail reports, as it was when queued (e.g. the old and new status). */
  payload: jsonb('payload').$type<Record<string, string>>(),
  attempts: integer('attempts').notNull().default(0),
  /** When the worker may (re)try: a claim moves it forward, so two workers never send the same row. */
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  /**
   * Given up for good: a kind this release does not know or a payload its kind refuses (say, a
   * row queued by a newer release). No retry could send it right, so none is made (last_error says why).
   */
  failedAt: timestamp('failed_at', { withTimezone: true }),
  lastError: text('last_error'),
  createdAt: createdAt(),
}, (t) => [
  index('mail_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.sentAt} is null`),
  // A guest whose payment did not go through is mailed the order's private link once (kept-order.ts).
  uniqueIndex('mail_outbox_order_kept_once').on(t.orderId, t.kind).where(sql`${t.kind} = 'order_kept'`),
  check('mail_outbox_kind_check', oneOf(t.kind, MAIL_KINDS)),
]);

/** Money given back through the payment provider (D21): how much, why, who, when. */
export const refunds = pgTable('refunds', {
  id: uuid('id').primaryKey().defaultRandom(),
  orderId: uuid('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
  amountMinor: integer('amount_minor').notNull(),
  reason: text('reason').notNull(),
  provider: text('provider').notNull(),
  /** Who asked for it: the customer (their own cancel) or a staff member; null for the system. */
  actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
  /** The Idempotency-Key the provider was called with: one per refund, never shared by two. */
  idempotencyKey: text('idempotency_key'),
  /** Where it stands (D32): written `requested` before the provider is called, then its outcome. */
  status: text('status', { enum: REFUND_STATUSES }).notNull().default('succeeded'),
  /**
   * Set for money given back because the order could not take it (a wrong amount, an order no
   * longer payable): that attempt's payment. Null for a refund of the order's own payment.
   */
  attemptId: uuid('attempt_id').references((): AnyPgColumn => paymentAttempts.id, { onDelete: 'set null' }),
  /** What the provider's refund names (a payment intent, a capture, a payment key). */
  paymentRef: text('payment_ref'),
  currency: text('currency'),
  /**
   * The cancellation this refund is for (cancelledByCustomer or cancelledByStaff), made once the
   * provider says the refund went through, by whoever learns it first (the call or the reconciler).
   */
  cancelEvent: text('cancel_event'),
  /** The order's status when the cancellation was decided: it is made only from that status. */
  cancelFrom: text('cancel_from'),
  note: text('note'),
  /** The provider's words when it refused or could not be read (staff and logs). */
  failure: text('failure'),
  /** How many times the provider was asked: a retry after a lost answer names the try (Stripe keeps a key's 500). */
  tries: integer('tries').notNull().default(0),
  /** When staff were mailed that this refund is stuck (unknown for an hour, or refused): once. */
  alertedAt: timestamp('alerted_at', { withTimezone: true }),
  /**
   * The lease of the process sending it now: no other process sends it before this time (two
   * senders of one refund could give the money back twice, as a retry is sent under a new key).
   * Cleared with the answer; a crashed sender's lease runs out.
   */
  sendingUntil: timestamp('sending_until', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  completedAt: timestamp('completed_at', { withTimezone: true }),
}, (t) => [
  index('refunds_order_id_idx').on(t.orderId),
  uniqueIndex('refunds_idempotency_key').on(t.idempotencyKey),
  // The claim: one refund of an order's own payment in flight at a time.
  uniqueIndex('refunds_one_open_per_order').on(t.orderId).where(sql`${t.status} in ('requested', 'unknown') and ${t.attemptId} is null`),
  index('refunds_open_idx').on(t.updatedAt).where(sql`${t.status} in ('requested', 'unknown')`),
  check('refunds_amount_check', sql`${t.amountMinor} > 0`),
  check('refunds_status_check', oneOf(t.status, REFUND_STATUSES)),
]);

/**
 * One try at paying an order (issue 14, after Medusa's payment sessions): which provider and
 * method, the provider's own reference, the amount and currency asked for, where it stands, and
 * the Idempotency-Key of the provider calls made for it. An order can be tried with Stripe,
 * abandoned, and paid with PayPal; `orders.paid_attempt_id` names the attempt that paid it.
 */
export const paymentAttempts = pgTable('payment_attempts', {
  id: uuid('id').primaryKey().defaultRandom(),
  orderId: uuid('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
  provider: text('provider', { enum: PROVIDER_NAMES }).notNull(),
  /** The customer's choice by SPEC's name (tosspayments, stripe, paypal, alipay, wechatpay, unionpay). */
  method: text('method', { enum: PAYMENT_CHOICES }).notNull(),
  /** The provider's id of this attempt: a Checkout Session, a PayPal order, a Toss or sandbox payment key. */
  reference: text('reference'),
  /** What refunds name once it paid: a payment intent, a capture, a payment key. */
  paymentRef: text('payment_ref'),
  amountMinor: integer('amount_minor').notNull(),
  currency: text('currency').notNull(),
  status: text('status', { enum: PAYMENT_ATTEMPT_STATUSES }).notNull().default('started'),
  /** The quote version the attempt was started for (D28): a payment for another version is refused and given back. */
  quoteVersion: integer('quote_version'),
  /** The base of every Idempotency-Key sent to the provider for this attempt (start, capture). */
  idempotencyKey: text('idempotency_key').notNull(),
  /** Why it failed or was refused, in the provider's or our words (for staff and logs). */
  failure: text('failure'),
  /** When staff were mailed that this attempt's outcome is still unknown after an hour: once. */
  alertedAt: timestamp('alerted_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  completedAt: timestamp('completed_at', { withTimezone: true }),
}, (t) => [
  index('payment_attempts_order_id_idx').on(t.orderId, t.createdAt),
  // The reconciler's worklist: attempts whose money may still move (D32).
  index('payment_attempts_open_idx').on(t.updatedAt).where(sql`${t.status} in ('started', 'processing', 'unknown')`),
  // The provider's reference names one attempt. (Its idempotency key is unique by construction, a
  // UUID or a hash of the reference; a second unique index would turn two deliveries of the same
  // word racing in one upsert into a unique violation instead of an update.)
  uniqueIndex('payment_attempts_reference_key').on(t.provider, t.reference).where(sql`${t.reference} is not null`),
  check('payment_attempts_status_check', oneOf(t.status, PAYMENT_ATTEMPT_STATUSES)),
  check('payment_attempts_provider_check', oneOf(t.provider, PROVIDER_NAMES)),
  check('payment_attempts_method_check', oneOf(t.method, PAYMENT_CHOICES)),
  check('payment_attempts_amount_check', sql`${t.amountMinor} >= 0`),
]);

/** Provider webhook events whose work is done (D27, D32): written only once their effect is committed, so a redelivery after a crash does the work again. */
export const paymentEvents = pgTable('payment_events', {
  provider: text('provider', { enum: PROVIDER_NAMES }).notNull(),
  eventId: text('event_id').notNull(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.provider, t.eventId] }),
]);

/**
 * A quote for a consultation order (D28), one row per version: staff's lines in the store's
 * currency (minor units), the sum, until when it may be paid, and a note to the customer. Only the
 * newest version is payable; the older ones stay as the record of what was offered.
 */
export const orderQuotes = pgTable('order_quotes', {
  id: uuid('id').primaryKey().defaultRandom(),
  orderId: uuid('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
  version: integer('version').notNull(),
  lines: jsonb('lines').$type<QuoteLine[]>().notNull(),
  amountMinor: integer('amount_minor').notNull(),
  currency: text('currency').notNull(),
  validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
  note: text('note'),
  createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('order_quotes_order_version_key').on(t.orderId, t.version),
  check('order_quotes_amount_check', sql`${t.amountMinor} > 0 and ${t.amountMinor} <= ${sql.raw(String(QUOTE_MAX_TOTAL_MINOR))}`),
  check('order_quotes_version_check', sql`${t.version} >= 1`),
]);

/** What a customer wrote to staff about an order: a question about its quote, or why they declined it. */
/**
 * The order's conversation (D34, issue 35): text from the customer's side and from staff, staff's
 * private notes, and the order's own entries (paid, quote sent, draft delivered, ...) in one stream.
 * `seq` orders every conversation at once: a thread is read in it, a reader has seen up to one, and
 * the live stream names its events by it.
 */
export const orderMessages = pgTable('order_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  seq: bigint('seq', { mode: 'number' }).notNull().generatedByDefaultAsIdentity(),
  orderId: uuid('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: MESSAGE_KINDS }).notNull(),
  /** A private message is staff's note, never shown to the customer's side. */
  visibility: text('visibility', { enum: MESSAGE_VISIBILITIES }).notNull().default('public'),
  authorSide: text('author_side', { enum: MESSAGE_SIDES }).notNull(),
  /** Who, as the lifecycle names actors (D30): the buyer or a private link's holder, staff, a provider, the store. */
  authorActor: text('author_actor', { enum: ACTORS }),
  /** The signed-in person who wrote it or made the change; null for a guest, a private link or the store. */
  authorUserId: uuid('author_user_id').references(() => users.id, { onDelete: 'set null' }),
  /** A text's words; null for a system entry. */
  body: text('body'),
  /** What a system entry says happened; null for a text. */
  event: text('event', { enum: SYSTEM_EVENTS }),
  /** A system entry's facts (statuses, amounts); never staff's free text, which customers may not read. */
  data: jsonb('data').$type<Record<string, string | number | null>>(),
  /** Where a text came from when it was not written in the thread (a quote question, a revision request, ...). */
  context: text('context', { enum: MESSAGE_CONTEXTS }),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('order_messages_seq_key').on(t.seq),
  index('order_messages_order_seq_idx').on(t.orderId, t.seq),
  check('order_messages_kind_check', oneOf(t.kind, MESSAGE_KINDS)),
  check('order_messages_visibility_check', oneOf(t.visibility, MESSAGE_VISIBILITIES)),
  check('order_messages_author_side_check', oneOf(t.authorSide, MESSAGE_SIDES)),
  check('order_messages_author_actor_check', sql`${t.authorActor} is null or ${oneOf(t.authorActor, ACTORS)}`),
  check('order_messages_event_check', sql`${t.event} is null or ${oneOf(t.event, SYSTEM_EVENTS)}`),
  check('order_messages_context_check', sql`${t.context} is null or ${oneOf(t.context, MESSAGE_CONTEXTS)}`),
  // Staff's comments field (SPEC section 7) takes 5,000 characters and each new comment is also a
  // message, so stored texts may be that long; the thread's own form takes MESSAGE_MAX_CHARS.
  check('order_messages_body_length_check', sql`char_length(${t.body}) between 1 and ${sql.raw(String(Math.max(MESSAGE_MAX_CHARS, 5000)))}`),
  // A text has words and no event, an entry the reverse; only staff's texts may be private.
  check('order_messages_shape_check', sql`(${t.kind} = 'text') = (${t.body} is not null) and (${t.kind} = 'system') = (${t.event} is not null) and ((${t.kind} = 'system') = (${t.authorSide} = 'system'))`),
  check('order_messages_private_check', sql`${t.visibility} = 'public' or (${t.kind} = 'text' and ${t.authorSide} = 'staff')`),
]);

/**
 * Where each order's conversation stands, one row per order that has a text (upserted with it):
 * what counts as read from the start (messages before the thread existed), since when the customer
 * waits for staff's answer, and the side each unread text still owes a mail to (D34: mailed only if
 * not read within a few minutes, one mail gathering what came meanwhile).
 */
export const orderConversations = pgTable('order_conversations', {
  orderId: uuid('order_id').primaryKey().references(() => orders.id, { onDelete: 'cascade' }),
  /** Every message up to it counts as read for everyone (what was said before the thread existed). */
  baselineSeq: bigint('baseline_seq', { mode: 'number' }).notNull().default(0),
  /** The customer's oldest text since staff last answered; null when staff spoke last. */
  awaitingReplySince: timestamp('awaiting_reply_since', { withTimezone: true }),
  /** Staff's oldest public text the customer has neither read nor been mailed about. */
  customerUnmailedSince: timestamp('customer_unmailed_since', { withTimezone: true }),
  /** The customer's oldest text no staff member has read and staff were not mailed about. */
  staffUnmailedSince: timestamp('staff_unmailed_since', { withTimezone: true }),
  /** The last text each side was mailed about: the next mail starts after it. */
  customerMailedSeq: bigint('customer_mailed_seq', { mode: 'number' }).notNull().default(0),
  staffMailedSeq: bigint('staff_mailed_seq', { mode: 'number' }).notNull().default(0),
  updatedAt: updatedAt(),
}, (t) => [
  index('order_conversations_awaiting_idx').on(t.awaitingReplySince).where(sql`${t.awaitingReplySince} is not null`),
  index('order_conversations_customer_unmailed_idx').on(t.customerUnmailedSince).where(sql`${t.customerUnmailedSince} is not null`),
  index('order_conversations_staff_unmailed_idx').on(t.staffUnmailedSince).where(sql`${t.staffUnmailedSince} is not null`),
]);

/**
 * How far each reader has read each order's conversation: a signed-in person by their user id
 * (`u:<id>`), a guest's browser by a hash of its guest id (`g:<sha256>`, D22: the id is a secret).
 */
export const orderMessageReads = pgTable('order_message_reads', {
  orderId: uuid('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
  reader: text('reader').notNull(),
  side: text('side', { enum: READER_SIDES }).notNull(),
  lastSeenSeq: bigint('last_seen_seq', { mode: 'number' }).notNull(),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.orderId, t.reader] }),
  check('order_message_reads_side_check', oneOf(t.side, READER_SIDES)),
]);

/**
 * Each store's tax rule (issue 34), one row per version: the current rule of a store is its
 * latest row, the rows before are its history (who changed what, when). A store with no row
 * has the default rule of src/domain/tax/rules.ts.
 */
export const taxRules = pgTable('tax_rules', {
  id: uuid('id').primaryKey().defaultRandom(),
  country: text('country', { enum: COUNTRY_CODES }).notNull(),
  registered: boolean('registered').notNull(),
  kind: text('kind', { enum: TAX_KINDS }).notNull(),
  rateBasisPoints: integer('rate_basis_points').notNull(),
  included: boolean('included').notNull(),
  registrations: jsonb('registrations').$type<Registration[]>().notNull(),
  changedByUserId: uuid('changed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
}, (t) => [
  index('tax_rules_country_idx').on(t.country, t.createdAt),
  check('tax_rules_country_check', oneOf(t.country, COUNTRY_CODES)),
  check('tax_rules_kind_check', oneOf(t.kind, TAX_KINDS)),
  check('tax_rules_rate_check', sql`${t.rateBasisPoints} >= 0 and ${t.rateBasisPoints} <= ${sql.raw(String(MAX_RATE_BASIS_POINTS))}`),
]);

/**
 * The last paper number given per store and year (issue 34). Taken by `numberPapers`, which numbers
 * every paper still without one in one statement: a statement that rolls back gives its numbers
 * back, so the series has no gaps (a sequence would leave them).
 */
export const paperCounters = pgTable('paper_counters', {
  country: text('country', { enum: COUNTRY_CODES }).notNull(),
  year: integer('year').notNull(),
  last: integer('last').notNull(),
}, (t) => [
  primaryKey({ columns: [t.country, t.year] }),
  check('paper_counters_last_check', sql`${t.last} >= 1`),
]);

/**
 * Papers as issued (issue 34): never changed after (a correction is a credit note and a new
 * paper). What they say that could change later is kept with them: the tax rule they were issued
 * under and the buyer's business details at the time. Their lines are the order's, which do not
 * change once it is placed.
 */
export const papers = pgTable('papers', {
  id: uuid('id').primaryKey().defaultRandom(),
  orderId: uuid('order_id').notNull().references(() => orders.id, { onDelete: 'restrict' }),
  /** The refund a credit note is for. */
  refundId: uuid('refund_id').references(() => refunds.id, { onDelete: 'restrict' }),
  kind: text('kind', { enum: PAPER_KINDS }).notNull(),
  /** Given once by `numberPapers` right after the payment commits; null until then (a few milliseconds). */
  number: text('number'),
  country: text('country', { enum: COUNTRY_CODES }).notNull(),
  year: integer('year').notNull(),
  sequence: integer('sequence'),
  currency: text('currency').notNull(),
  /** What was paid (or refunded), tax included, in minor units; its tax part by the rule below. */
  amountMinor: integer('amount_minor').notNull(),
  taxMinor: integer('tax_minor').notNull(),
  taxRule: jsonb('tax_rule').$type<{ registered: boolean; kind: TaxKind; rateBasisPoints: number; registrations: Registration[] }>().notNull(),
  buyer: jsonb('buyer').$type<BusinessDetails>(),
  /** The paper a credit note corrects (the order's receipt); null for the others, and for a refund of an order paid before papers. */
  correctsPaperId: uuid('corrects_paper_id').references((): AnyPgColumn => papers.id, { onDelete: 'restrict' }),
  issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  // Only numbered papers are in these: a paper waiting for its number adds no entry (no hot spot of nulls).
  uniqueIndex('papers_number_key').on(t.number).where(sql`${t.number} is not null`),
  uniqueIndex('papers_series_key').on(t.country, t.year, t.sequence).where(sql`${t.sequence} is not null`),
  // An order's receipt and tax invoice are issued once; a refund's credit note once.
  uniqueIndex('papers_order_kind_once').on(t.orderId, t.kind).where(sql`${t.refundId} is null`),
  uniqueIndex('papers_refund_once').on(t.refundId).where(sql`${t.refundId} is not null`),
  index('papers_issued_idx').on(t.country, t.issuedAt),
  index('papers_unnumbered_idx').on(t.issuedAt, t.id).where(sql`${t.sequence} is null`),
  check('papers_numbered_check', sql`(${t.number} is null) = (${t.sequence} is null)`),
  check('papers_kind_check', oneOf(t.kind, PAPER_KINDS)),
  check('papers_amounts_check', sql`${t.amountMinor} >= 0 and ${t.taxMinor} >= 0 and ${t.taxMinor} <= ${t.amountMinor}`),
  check('papers_credit_note_check', sql`(${t.kind} = 'credit_note') = (${t.refundId} is not null)`),
]);

/**
 * Korea's evidence asked for by a buyer who paid in cash (issue 34, domain/tax/korean-evidence.ts):
 * a 현금영수증 issued through the payment's provider (written `requested` before it is called,
 * D32, then its outcome; an unanswered call is asked again under the same key), or a 세금계산서
 * request that staff issue in the national system and record with its approval number. One per
 * payment that is not refused.
 */
export const evidenceRequests = pgTable('evidence_requests', {
  id: uuid('id').primaryKey().defaultRandom(),
  orderId: uuid('order_id').notNull().references(() => orders.id, { onDelete: 'restrict' }),
  kind: text('kind', { enum: EVIDENCE_KINDS }).notNull(),
  status: text('status', { enum: EVIDENCE_STATUSES }).notNull().default('requested'),
  /** A cash receipt's use: a person's income deduction or a business's expense proof. */
  purpose: text('purpose', { enum: CASH_RECEIPT_PURPOSES }),
  /** The number it is issued to: a mobile number or a business number (a tax invoice's always the latter). */
  identity: text('identity').notNull(),
  /** A cash receipt's amount in won, fixed when it is asked for: what was paid less what was refunded by then. */
  amountMinor: integer('amount_minor'),
  /** A tax invoice's buyer: company, representative, and where the national system mails it. */
  company: text('company'),
  representative: text('representative'),
  email: text('email'),
  /** The provider's Idempotency-Key for a cash receipt: one per request, so a retry is the same receipt. */
  idempotencyKey: text('idempotency_key').notNull(),
  /** The provider's key of the receipt (Toss's receiptKey). */
  reference: text('reference'),
  /** What the buyer books: the cash receipt's issue number, the tax invoice's approval number. */
  number: text('number'),
  receiptUrl: text('receipt_url'),
  /** Why the provider refused it, in its words. */
  failure: text('failure'),
  attempts: integer('attempts').notNull().default(0),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
  issuedAt: timestamp('issued_at', { withTimezone: true }),
  /** The staff member who recorded a tax invoice. */
  recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
}, (t) => [
  uniqueIndex('evidence_requests_key').on(t.idempotencyKey),
  // One piece of evidence per payment: a cash receipt or a tax invoice, not both, not twice.
  uniqueIndex('evidence_requests_one_per_order').on(t.orderId).where(sql`${t.status} <> 'refused'`),
  index('evidence_requests_open_idx').on(t.kind, t.requestedAt).where(sql`${t.status} = 'requested'`),
  check('evidence_requests_kind_check', oneOf(t.kind, EVIDENCE_KINDS)),
  check('evidence_requests_status_check', oneOf(t.status, EVIDENCE_STATUSES)),
  check('evidence_requests_issued_check', sql`(${t.status} = 'issued') = (${t.number} is not null and ${t.issuedAt} is not null)`),
]);

/**
 * A refund's part of an issued cash receipt, cancelled at the provider that issued it (issue 34):
 * queued for each refund that succeeded after the receipt was asked for, sent under its own
 * Idempotency-Key with no transaction open (D32), and asked again until the provider answers.
 */
export const cashReceiptCancels = pgTable('cash_receipt_cancels', {
  id: uuid('id').primaryKey().defaultRandom(),
  evidenceId: uuid('evidence_id').notNull().references(() => evidenceRequests.id, { onDelete: 'restrict' }),
  refundId: uuid('refund_id').notNull().references(() => refunds.id, { onDelete: 'restrict' }),
  amountMinor: integer('amount_minor').notNull(),
  idempotencyKey: text('idempotency_key').notNull(),
  status: text('status', { enum: CANCEL_STATUSES }).notNull().default('requested'),
  failure: text('failure'),
  attempts: integer('attempts').notNull().default(0),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
  doneAt: timestamp('done_at', { withTimezone: true }),
}, (t) => [
  uniqueIndex('cash_receipt_cancels_refund_once').on(t.refundId),
  uniqueIndex('cash_receipt_cancels_key').on(t.idempotencyKey),
  index('cash_receipt_cancels_open_idx').on(t.requestedAt).where(sql`${t.status} = 'requested'`),
  check('cash_receipt_cancels_amount_check', sql`${t.amountMinor} > 0`),
  check('cash_receipt_cancels_status_check', oneOf(t.status, CANCEL_STATUSES)),
]);

/**
 * Stored objects (uploads, thumbnails) whose rows an erasure deleted (issue 36): written in the
 * erasure's transaction, removed from storage after it commits, and the row dropped once they are
 * gone. A crash in between leaves the row for the next pass, so a file is never deleted before the
 * commit and never forgotten after it.
 */
export const storageDeletions = pgTable('storage_deletions', {
  key: text('key').primaryKey(),
  createdAt: createdAt(),
});

/**
 * The audit trail (issue 36, src/domain/audit.ts): one row per staff action, sign-in and erasure,
 * written in the transaction of its effect. No foreign keys: a row outlives the account or order it
 * names (an erasure deletes the user; a cascade would hit the trigger that keeps the table
 * append-only, added by hand to the migration).
 */
export const auditEvents = pgTable('audit_events', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  at: timestamp('at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  actorKind: text('actor_kind', { enum: AUDIT_ACTOR_KINDS }).notNull(),
  actorUserId: uuid('actor_user_id'),
  actorEmail: text('actor_email'),
  ip: text('ip'),
  userAgent: text('user_agent'),
  sessionId: uuid('session_id'),
  requestId: text('request_id'),
  action: text('action', { enum: AUDIT_ACTIONS as [string, ...string[]] }).notNull(),
  subjectType: text('subject_type', { enum: AUDIT_SUBJECT_TYPES }).notNull(),
  subjectId: text('subject_id'),
  orderId: uuid('order_id'),
  before: jsonb('before').$type<AuditFacts>(),
  after: jsonb('after').$type<AuditFacts>(),
}, (t) => [
  index('audit_events_at_idx').on(t.at, t.id),
  index('audit_events_action_idx').on(t.action, t.at),
  index('audit_events_actor_idx').on(t.actorUserId, t.at),
  index('audit_events_order_idx').on(t.orderId, t.at).where(sql`${t.orderId} is not null`),
  index('audit_events_subject_idx').on(t.subjectType, t.subjectId),
  check('audit_events_actor_kind_check', oneOf(t.actorKind, AUDIT_ACTOR_KINDS)),
  check('audit_events_action_check', oneOf(t.action, AUDIT_ACTIONS)),
  check('audit_events_subject_type_check', oneOf(t.subjectType, AUDIT_SUBJECT_TYPES)),
]);
