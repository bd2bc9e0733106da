/**
 * Erasing a customer's personal data (issue 36, D35; PIPA art. 36, GDPR art. 17, the Australian
 * Privacy Act's APP 11.2), in one transaction: their account, or one order through its private link.
 *
 * Kept, detached from any person, for the years tax law asks (5 in Korea): orders with their lines,
 * amounts, statuses and dates, payment attempts, refunds, papers exactly as issued (a business
 * buyer's block on them is the tax record), and Korea's evidence with its business number. Erased:
 * the account and its sessions, the orders' contact details, business details and requests, what
 * the customer wrote (conversation, brief texts, reasons, revision notes), staff's texts to them,
 * every file, the cart, contact-form messages sent from the proven address, and mails not yet sent.
 * Staff's own notes keep their words with the customer's identifiers replaced.
 *
 * Refused (ERASURE_BLOCKED) while money or work is still moving on one of the orders: paid and not
 * finished, a refund or a cash receipt under way, a payment the provider has not answered. Orders
 * nobody paid for are cancelled through the lifecycle (`cancelledForErasure`, no mail).
 *
 * Stored objects go after the commit (storage-deletions.ts): the keys are written in this
 * transaction, so a crash leaves them to the next pass, never a file nobody can find.
 */
import { and, eq, inArray, isNull, or, sql, type Column, type SQL } from 'drizzle-orm';
import type { AuditActor } from '../../../domain/audit.ts';
import type { Language } from '../../../domain/countries.ts';
import { DomainError } from '../../../domain/errors.ts';
import { V } from '../../../domain/validation/messages.ts';
import { rowsOf, type Database } from '../../db/client.ts';
import {
  cartItems, contactSubmissions, evidenceRequests, mailOutbox, orderConversations, orderMessageReads, orderMessages, orderQuotes,
  orders, orderStatusHistory, papers, projectBriefs, refunds, revisionRequests, storageDeletions, uploadedFiles, users,
} from '../../db/schema.ts';
import { recordAudit } from '../../audit/audit.ts';
import { maskedMobile } from '../papers/korean-evidence.service.ts';
import { requireTransition } from '../orders/lifecycle.ts';
import type { OrderRow } from '../orders/orders.service.ts';

/** Whose data: a signed-in account, or the order a private link names (its key checked) with the address it was placed with, typed again. */
export type ErasureSubject = { kind: 'user'; userId: string } | { kind: 'link'; orderNumber: string; email: string };

export interface Erasure {
  /** Where the confirmation goes, and how it greets: held in memory only, for that one mail. */
  email: string;
  name: string;
  language: Language | null;
  orders: number;
  cancelled: number;
  papersKept: number;
  files: number;
}

/** What replaces a customer's identifier inside staff's own words. */
export const ERASED_MARK = '[erased]';

/** Statuses of a paid order whose work is not finished: erasing it would leave staff working for nobody. */
const WORK_IN_PROGRESS = ['order_received', 'in_progress', 'draft_delivered'];
/** Unpaid orders still open: cancelled with the erasure. */
const OPEN_UNPAID = ['pending', 'quote_review', 'quoted'];

const digitsOf = (value: string) => value.replace(/\D+/g, '');

/** The forms an identifier takes in text a person typed: as stored, and a phone's digits alone. */
function identifiersOf(values: ReadonlyArray<string | null | undefined>, phones: ReadonlyArray<string | null | undefined>): string[] {
  const found = new Set<string>();
  for (const value of values) if (value && value.trim().length >= 2) found.add(value.trim());
  for (const phone of phones) {
    if (!phone) continue;
    found.add(phone.trim());
    if (digitsOf(phone).length >= 6) found.add(digitsOf(phone));
  }
  return [...found];
}

/** One case-insensitive pattern for all of them, longest first (a full name before its parts). */
function patternOf(identifiers: readonly string[]): string | null {
  if (identifiers.length === 0) return null;
  const escaped = [...identifiers].sort((a, b) => b.length - a.length).map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return escaped.join('|');
}

/** Erases the subject's personal data; the caller mails the confirmation to `email` and deletes the stored objects after the commit. */
export async function eraseCustomer(db: Database, subject: ErasureSubject, actor: AuditActor): Promise<Erasure> {
  return db.transaction(async (tx) => {
    const { user, owned } = await lockSubject(tx, subject);
    const orderIds = owned.map((o) => o.id);
    await refuseWhileMoving(tx, owned);

    const names = user ? [user.firstName, user.lastName] : [];
    const fullNames = user?.firstName && user.lastName ? [`${user.firstName} ${user.lastName}`, `${user.lastName} ${user.firstName}`, `${user.lastName}${user.firstName}`] : [];
    const pattern = patternOf(identifiersOf(
      [user?.email, user?.username, ...names, ...fullNames, ...owned.flatMap((o) => [o.customerName, o.customerEmail, o.business?.email])],
      [user?.phone, ...owned.map((o) => o.customerPhone)],
    ));
    const scrub = (column: SQL) => pattern ? sql`regexp_replace(${column}, ${pattern}, ${ERASED_MARK}, 'gi')` : column;
    const ofOrders = (table: { orderId: Column }) => (orderIds.length ? inArray(table.orderId, orderIds) : sql`false`);

    if (orderIds.length) {
      // What the customer wrote as a reason (a cancel, a declined quote) goes; staff's notes keep their words without the customer's identifiers.
      await tx.update(orderStatusHistory).set({ note: sql`case when ${orderStatusHistory.actor} in ('customer', 'linkHolder') then null else ${scrub(sql`${orderStatusHistory.note}`)} end` })
        .where(and(ofOrders(orderStatusHistory), sql`${orderStatusHistory.note} is not null`));
    }

    // Orders nobody paid for end here, through the lifecycle (D30), with no mail.
    const actorName = subject.kind === 'user' ? 'customer' as const : 'linkHolder' as const;
    const open = owned.filter((o) => OPEN_UNPAID.includes(o.status) && !o.paidAt);
    for (const order of open) {
      await requireTransition(tx, { orderId: order.id, event: 'cancelledForErasure', actor: actorName, actorUserId: user?.id ?? null, note: 'cancelled when the customer had their personal data erased' });
    }

    let files = 0;
    let papersKept = 0;
    if (orderIds.length) {
      await tx.update(orders).set({
        customerName: '', customerEmail: '', customerPhone: null, customerAddress: null, business: null, requirements: null, adminComments: null,
        userId: null, guestId: null, idempotencyKey: null, requestFingerprint: null, erasedAt: sql`now()`, updatedAt: sql`now()`,
      }).where(inArray(orders.id, orderIds));
      await tx.update(orderQuotes).set({ note: scrub(sql`${orderQuotes.note}`) }).where(and(ofOrders(orderQuotes), sql`${orderQuotes.note} is not null`));
      // A customer's own cancel gave their reason; staff's refunds keep their words, scrubbed.
      const theirs = sql`${refunds.cancelEvent} = 'cancelledByCustomer'`;
      await tx.update(refunds).set({
        reason: sql`case when ${theirs} then ${ERASED_MARK} else ${scrub(sql`${refunds.reason}`)} end`,
        note: sql`case when ${theirs} then null else ${scrub(sql`${refunds.note}`)} end`,
      }).where(ofOrders(refunds));
      // The conversation's texts go (both sides: staff's were written to this person); its entries are facts and stay.
      await tx.update(revisionRequests).set({ note: ERASED_MARK }).where(ofOrders(revisionRequests));
      files += await forgetFiles(tx, or(ofOrders(uploadedFiles), inArray(uploadedFiles.briefId, tx.select({ id: projectBriefs.id }).from(projectBriefs).where(ofOrders(projectBriefs))))!);
      await tx.delete(orderMessages).where(and(ofOrders(orderMessages), eq(orderMessages.kind, 'text')));
      await tx.delete(orderMessageReads).where(and(ofOrders(orderMessageReads), eq(orderMessageReads.side, 'customer')));
      await tx.update(orderConversations).set({ awaitingReplySince: null, customerUnmailedSince: null, staffUnmailedSince: null }).where(ofOrders(orderConversations));
      await tx.update(projectBriefs).set({ additionalRequests: null, referenceNotes: null, userId: null }).where(ofOrders(projectBriefs));
      // Korea's evidence: a person's mobile number is masked as receipts print it; a tax invoice keeps its business, not its people.
      for (const row of await tx.select({ id: evidenceRequests.id, kind: evidenceRequests.kind, purpose: evidenceRequests.purpose, identity: evidenceRequests.identity }).from(evidenceRequests).where(ofOrders(evidenceRequests))) {
        const personal = row.kind === 'cash_receipt' && (row.purpose ?? 'income_deduction') === 'income_deduction';
        await tx.update(evidenceRequests).set({ identity: personal ? maskedMobile(row.identity) : row.identity, representative: null, email: null }).where(eq(evidenceRequests.id, row.id));
      }
      // Mails not sent yet would go nowhere; sent ones keep their kind and time, not what they said.
      await tx.delete(mailOutbox).where(and(ofOrders(mailOutbox), isNull(mailOutbox.sentAt)));
      await tx.update(mailOutbox).set({ payload: {} }).where(ofOrders(mailOutbox));
      [{ count: papersKept }] = rowsOf<{ count: number }>(await tx.execute(sql`select count(*)::int as count from ${papers} where order_id in ${orderIds}`)) as [{ count: number }];
    }

    let contactIds: string[] = [];
    if (user) {
      files += await forgetFiles(tx, and(eq(uploadedFiles.ownerUserId, user.id), isNull(uploadedFiles.orderId))!);
      // Contact-form messages are theirs once the address is proven to be theirs (as in the download).
      if (user.emailVerifiedAt) {
        contactIds = (await tx.delete(contactSubmissions).where(sql`lower(${contactSubmissions.email}) = lower(${user.email})`).returning({ id: contactSubmissions.id })).map((r) => r.id);
      }
      if (contactIds.length) {
        const about = sql`${mailOutbox.kind} = 'staff_contact' and ${mailOutbox.payload}->>'contactId' in ${contactIds}`;
        await tx.delete(mailOutbox).where(and(about, isNull(mailOutbox.sentAt)));
        await tx.update(mailOutbox).set({ payload: {} }).where(about);
      }
      await tx.delete(cartItems).where(eq(cartItems.userId, user.id));
      // Sessions, reset links, the second factor and sign-in challenges go with the row (cascade); everything else it named is set null.
      await tx.delete(users).where(eq(users.id, user.id));
    }

    await recordAudit(tx, actor, {
      action: 'account.erased',
      subjectType: subject.kind === 'user' ? 'user' : 'order',
      subjectId: subject.kind === 'user' ? user!.id : owned[0]!.id,
      orderId: subject.kind === 'link' ? owned[0]!.id : null,
      after: { orders: owned.length, cancelled: open.length, papersKept, files, contacts: contactIds.length },
    });

    const first = owned[0];
    return {
      email: user?.email ?? first!.customerEmail,
      name: user ? (user.firstName ?? user.username) : first!.customerName,
      language: first?.language ?? null,
      orders: owned.length, cancelled: open.length, papersKept, files,
    };
  });
}

/** The account (never staff's: they are demoted first) or the linked order, and the orders erased with it, locked. */
async function lockSubject(tx: Database, subject: ErasureSubject) {
  if (subject.kind === 'user') {
    const [user] = await tx.select().from(users).where(eq(users.id, subject.userId)).for('update');
    if (!user) throw new DomainError('UNAUTHENTICATED');
    if (user.role !== 'customer') throw new DomainError('FORBIDDEN', { messageKey: 'privacy.staffCannotErase' });
    const owned: OrderRow[] = await tx.select().from(orders).where(eq(orders.userId, user.id)).orderBy(orders.createdAt).for('update');
    return { user, owned };
  }
  const [order] = await tx.select().from(orders).where(eq(orders.orderNumber, subject.orderNumber)).for('update');
  if (!order || order.erasedAt) throw new DomainError('NOT_FOUND');
  if (order.customerEmail.trim().toLowerCase() !== subject.email.trim().toLowerCase()) {
    throw new DomainError('VALIDATION_FAILED', { fields: { email: { key: V.erasureEmailMismatch } } });
  }
  return { user: null, owned: [order] };
}

/** ERASURE_BLOCKED, naming the orders, while money or work still moves on one of them. */
async function refuseWhileMoving(tx: Database, owned: readonly OrderRow[]): Promise<void> {
  if (owned.length === 0) return;
  const ids = owned.map((o) => o.id);
  const moving = rowsOf<{ id: string }>(await tx.execute(sql`
    select o.id from ${orders} o where o.id in ${ids} and (
      (o.paid_at is not null and o.status in ${WORK_IN_PROGRESS})
      or exists (select 1 from refunds r where r.order_id = o.id and r.status in ('requested', 'unknown'))
      or exists (select 1 from evidence_requests e where e.order_id = o.id and e.status = 'requested')
      or exists (select 1 from cash_receipt_cancels c join evidence_requests e on e.id = c.evidence_id where e.order_id = o.id and c.status = 'requested')
      or exists (select 1 from payment_attempts a where a.order_id = o.id and a.status in ('processing', 'unknown'))
    )`));
  if (moving.length === 0) return;
  const numbers = owned.filter((o) => moving.some((m) => m.id === o.id)).map((o) => o.orderNumber);
  throw new DomainError('ERASURE_BLOCKED', { values: { numbers: numbers.join(', ') } });
}

/** Deletes the rows of these files and queues their objects (and previews) for deletion after the commit. */
async function forgetFiles(tx: Database, where: SQL): Promise<number> {
  const gone = await tx.delete(uploadedFiles).where(where).returning({ storedName: uploadedFiles.storedName, thumbnailName: uploadedFiles.thumbnailName });
  const keys = gone.flatMap((f) => (f.thumbnailName ? [f.storedName, f.thumbnailName] : [f.storedName]));
  if (keys.length) await tx.insert(storageDeletions).values(keys.map((key) => ({ key }))).onConflictDoNothing();
  return gone.length;
}
