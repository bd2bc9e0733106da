/**
 * The order's conversation (D34, issue 35): reading a page of the thread and writing to it, for the
 * customer's side (the order's owner or its private link) and for staff. Access is the order-access
 * table's (view to read, converse or manage to write, readNotes for private notes); files are
 * uploaded first (POST /api/uploads, the brief's reference rules and quota) and claimed here by the
 * message that carries them, in its transaction.
 */
import { and, asc, eq, gt, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { MessageVisibility, ReaderSide } from '../../../domain/conversation.ts';
import type { StaffActor } from '../../../domain/audit.ts';
import { DomainError } from '../../../domain/errors.ts';
import { customerActorOf, type Accessor } from '../../../domain/order-access.ts';
import { V } from '../../../domain/validation/messages.ts';
import type { Database } from '../../db/client.ts';
import { orderMessages, orders, uploadedFiles, users } from '../../db/schema.ts';
import { auditedFile, recordAudit } from '../../audit/audit.ts';
import { orderFor } from '../orders/order-access.ts';
import type { OrderRow } from '../orders/orders.service.ts';
import type { UploadedFileRow } from '../uploads/upload-batch.ts';
import { addText, type OrderMessageRow } from './conversation-writes.ts';
import { markSeen, readerOf, readSeqs, unreadCounts } from './reads.ts';

export interface ThreadMessage {
  row: OrderMessageRow;
  files: UploadedFileRow[];
  /** The e-mail of the signed-in author, for staff's view. */
  authorEmail: string | null;
}

export interface ThreadPage {
  messages: ThreadMessage[];
  lastSeq: number;
  hasMore: boolean;
}

export interface ReadState {
  readSeq: number;
  unread: number;
}

async function readStateOf(db: Database, orderId: string, reader: string | null, side: ReaderSide): Promise<ReadState> {
  const [seen, unread] = await Promise.all([readSeqs(db, [orderId], reader), unreadCounts(db, [orderId], reader, side)]);
  return { readSeq: seen.get(orderId) ?? 0, unread: unread.get(orderId) ?? 0 };
}

interface PageQuery {
  after: number;
  limit: number;
}

/** A page of the thread, oldest first; private notes and authors only when `withPrivate` (staff). Two queries. */
export async function threadPage(db: Database, orderId: string, query: PageQuery, withPrivate: boolean): Promise<ThreadPage> {
  const where = and(eq(orderMessages.orderId, orderId), gt(orderMessages.seq, query.after), withPrivate ? undefined : eq(orderMessages.visibility, 'public'));
  // Staff see who wrote each message; the customer's side never does, so reads no user.
  const rows = withPrivate
    ? await db.select({ message: orderMessages, authorEmail: users.email }).from(orderMessages).leftJoin(users, eq(users.id, orderMessages.authorUserId))
      .where(where).orderBy(asc(orderMessages.seq)).limit(query.limit + 1)
    : (await db.select().from(orderMessages).where(where).orderBy(asc(orderMessages.seq)).limit(query.limit + 1)).map((message) => ({ message, authorEmail: null }));
  const shown = rows.slice(0, query.limit);
  const files = await filesOf(db, shown.map((r) => r.message.id));
  return {
    messages: shown.map((r) => ({ row: r.message, authorEmail: r.authorEmail, files: files.get(r.message.id) ?? [] })),
    lastSeq: shown.at(-1)?.message.seq ?? query.after,
    hasMore: rows.length > query.limit,
  };
}

async function filesOf(db: Database, messageIds: string[]): Promise<Map<string, UploadedFileRow[]>> {
  const byMessage = new Map<string, UploadedFileRow[]>();
  if (messageIds.length === 0) return byMessage;
  const rows = await db.select().from(uploadedFiles).where(inArray(uploadedFiles.messageId, messageIds)).orderBy(asc(uploadedFiles.briefPosition), asc(uploadedFiles.id));
  for (const row of rows) byMessage.set(row.messageId!, [...(byMessage.get(row.messageId!) ?? []), row]);
  return byMessage;
}

/** The customer's side reading the thread: the order as the table lets them see it. */
export async function customerThread(db: Database, accessor: Accessor, orderNumber: string, query: PageQuery): Promise<{ order: OrderRow; page: ThreadPage; read: ReadState }> {
  const order = await orderFor(db, accessor, orderNumber, 'view');
  const [page, read] = await Promise.all([threadPage(db, order.id, query, false), readStateOf(db, order.id, readerOf(accessor), 'customer')]);
  return { order, page, read };
}

async function staffOrderId(db: Database, orderId: string): Promise<string> {
  const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order) throw new DomainError('NOT_FOUND');
  return order.id;
}

/** Staff reading the thread, private notes included, with how far this staff member has read it. */
export async function staffThread(db: Database, staffUserId: string, orderId: string, query: PageQuery): Promise<{ page: ThreadPage; read: ReadState }> {
  const id = await staffOrderId(db, orderId);
  const [page, read] = await Promise.all([threadPage(db, id, query, true), readStateOf(db, id, `u:${staffUserId}`, 'staff')]);
  return { page, read };
}

/** The customer's side has read up to `seq` (the owner or the private link: staff read through their own route). */
export async function customerRead(db: Database, accessor: Accessor, orderNumber: string, seq: number): Promise<ReadState> {
  const order = await orderFor(db, accessor, orderNumber, 'converse');
  const reader = readerOf(accessor);
  if (reader) await markSeen(db, { orderId: order.id, reader, side: 'customer', seq });
  return readStateOf(db, order.id, reader, 'customer');
}

/** A staff member has read up to `seq`. */
export async function staffRead(db: Database, staffUserId: string, orderId: string, seq: number): Promise<ReadState> {
  const id = await staffOrderId(db, orderId);
  await markSeen(db, { orderId: id, reader: `u:${staffUserId}`, side: 'staff', seq });
  return readStateOf(db, id, `u:${staffUserId}`, 'staff');
}

interface Written {
  body: string;
  files: string[];
}

/** The customer's side writing to staff. */
export async function postCustomerMessage(db: Database, accessor: Accessor, orderNumber: string, input: Written): Promise<{ order: OrderRow; message: ThreadMessage }> {
  return db.transaction(async (tx) => {
    const order = await orderFor(tx as unknown as Database, accessor, orderNumber, 'converse');
    const row = await addText(tx as unknown as Database, { orderId: order.id, side: 'customer', actor: customerActorOf(accessor, order), userId: accessor.user?.id ?? null, body: input.body, reader: readerOf(accessor) });
    const files = await claimFiles(tx as unknown as Database, row, input.files, uploadedBy(accessor));
    return { order, message: { row, files, authorEmail: null } };
  });
}

/** Staff writing to the customer, or a private note. */
export async function postStaffMessage(db: Database, actor: StaffActor, orderId: string, input: Written & { private: boolean }): Promise<ThreadMessage> {
  const staffUserId = actor.userId;
  return db.transaction(async (tx) => {
    const id = await staffOrderId(tx as unknown as Database, orderId);
    const visibility: MessageVisibility = input.private ? 'private' : 'public';
    const row = await addText(tx as unknown as Database, { orderId: id, side: 'staff', actor: 'staff', userId: staffUserId, body: input.body, visibility, reader: `u:${staffUserId}` });
    const files = await claimFiles(tx as unknown as Database, row, input.files, eq(uploadedFiles.ownerUserId, staffUserId));
    // Files staff hand over are recorded; the words of a message stay in its thread.
    if (files.length) {
      await recordAudit(tx as unknown as Database, actor, {
        action: 'files.attached', subjectType: 'order', subjectId: id, orderId: id,
        after: { messageSeq: row.seq, private: input.private, files: files.map(auditedFile) },
      });
    }
    const [author] = await tx.select({ email: users.email }).from(users).where(eq(users.id, staffUserId));
    return { row, files, authorEmail: author?.email ?? null };
  });
}

/** The caller's own uploads: as the signed-in user, or as the browser's guest id (a guest, a private link's holder). */
function uploadedBy(accessor: Accessor): SQL {
  const mine = [
    accessor.user ? eq(uploadedFiles.ownerUserId, accessor.user.id) : undefined,
    accessor.guestId ? and(isNull(uploadedFiles.ownerUserId), eq(uploadedFiles.ownerGuestId, accessor.guestId)) : undefined,
  ].filter((part): part is SQL => part !== undefined);
  return mine.length ? or(...mine)! : sql`false`;
}

/**
 * Attaches the caller's own uploads, not yet claimed by a brief, an order or a message, to the
 * message, in the order given; any other id refuses the whole message (nothing stays).
 */
async function claimFiles(tx: Database, message: OrderMessageRow, ids: string[], own: SQL): Promise<UploadedFileRow[]> {
  if (ids.length === 0) return [];
  const claimed = await tx.update(uploadedFiles)
    .set({
      purpose: 'message', orderId: message.orderId, messageId: message.id,
      briefPosition: sql`(select x.n::int from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) with ordinality as x(id, n) where x.id::uuid = ${uploadedFiles.id})`,
    })
    .where(and(inArray(uploadedFiles.id, ids), eq(uploadedFiles.purpose, 'reference'), isNull(uploadedFiles.briefId), isNull(uploadedFiles.orderId), own))
    .returning();
  if (claimed.length !== new Set(ids).size || claimed.length !== ids.length) {
    throw new DomainError('VALIDATION_FAILED', { fields: { files: { key: V.unknownFile } } });
  }
  const position = new Map(ids.map((id, index) => [id, index]));
  return claimed.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
}
