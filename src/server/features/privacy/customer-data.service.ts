/**
 * Everything the store holds about a customer, for them to take away (issue 36, D35; PIPA art. 35,
 * GDPR art. 15 and 20): their account, their orders as they see them (with the conversation's public
 * messages), their cart, files and contact-form messages, as one JSON document, and the files
 * themselves for the zip. A private link's holder gets that order alone.
 *
 * Only the customer's side: staff's private notes (and their files), staff's e-mail addresses and
 * anything of another customer are never in it. Files are chosen by the same rule as GET /uploads
 * (`mayReadFile`), read as a customer even when the account is staff's.
 */
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { mayReadFile, type Accessor } from '../../../domain/order-access.ts';
import type { Database } from '../../db/client.ts';
import { cartItems, contactSubmissions, orderMessages, orders, uploadedFiles, userSessions, users } from '../../db/schema.ts';
import { listOwnOrders, withOrderDetails } from '../orders/orders.service.ts';
import { customerOrderView } from '../orders/order-view.ts';

export const CUSTOMER_DATA_FORMAT = 'studio-lumi-customer-data';
export const CUSTOMER_DATA_VERSION = 1;

/** Whose data: a signed-in account, or the order a private link names (its key already checked). */
export type DataSubject = { kind: 'user'; userId: string } | { kind: 'link'; orderNumber: string; orderKey: string };

/** A file the customer may read, with where it is in the zip. */
export interface ExportedFile {
  storedName: string;
  name: string;
  mimeType: string;
  size: number;
  sha256: string;
  purpose: string;
  orderNumber: string | null;
  url: string;
  pathInZip: string;
  uploadedAt: Date;
}

/** A name safe in a zip on any system: letters, digits, dot, dash and underscore, never a path. */
function safeName(name: string): string {
  const cleaned = name.normalize('NFKC').replace(/[^\p{L}\p{N}._-]+/gu, '_').replace(/^[._]+/, '').slice(-80);
  return cleaned || 'file';
}

/** What the customer's export holds; `files` is also what the zip carries. */
export async function customerData(db: Database, subject: DataSubject) {
  const [user] = subject.kind === 'user' ? await db.select().from(users).where(eq(users.id, subject.userId)) : [];
  const orderRows = subject.kind === 'user'
    ? await listOwnOrders(db, { kind: 'user', userId: subject.userId }, 10_000)
    : await withOrderDetails(db, await db.select().from(orders).where(eq(orders.orderNumber, subject.orderNumber)));
  const orderIds = orderRows.map((o) => o.order.id);
  // The customer's view of each file: as the account's owner (a customer, whatever its role) or the link's holder.
  const accessor: Accessor = subject.kind === 'user'
    ? { user: { id: subject.userId, role: 'customer' }, guestId: null, linkedOrderNumber: null }
    : { user: null, guestId: null, linkedOrderNumber: subject.orderNumber };
  const access = subject.kind === 'link' ? { orderKey: subject.orderKey } : {};

  const [messages, fileRows, sessions, cart, contacts] = await Promise.all([
    orderIds.length
      ? db.select({ orderId: orderMessages.orderId, seq: orderMessages.seq, side: orderMessages.authorSide, body: orderMessages.body, createdAt: orderMessages.createdAt })
        .from(orderMessages)
        .where(and(inArray(orderMessages.orderId, orderIds), eq(orderMessages.kind, 'text'), eq(orderMessages.visibility, 'public')))
        .orderBy(asc(orderMessages.seq))
      : [],
    db.select({ file: uploadedFiles, visibility: orderMessages.visibility, order: { orderNumber: orders.orderNumber, userId: orders.userId, guestId: orders.guestId } })
      .from(uploadedFiles)
      .leftJoin(orderMessages, eq(orderMessages.id, uploadedFiles.messageId))
      .leftJoin(orders, eq(orders.id, uploadedFiles.orderId))
      .where(or(
        orderIds.length ? inArray(uploadedFiles.orderId, orderIds) : undefined,
        // Their own uploads not (yet) on any order; a staff member's files on customers' orders are those customers' data.
        subject.kind === 'user' ? and(eq(uploadedFiles.ownerUserId, subject.userId), isNull(uploadedFiles.orderId)) : undefined,
      ) ?? sql`false`)
      .orderBy(asc(uploadedFiles.createdAt)),
    subject.kind === 'user' ? db.select({ createdAt: userSessions.createdAt, expiresAt: userSessions.expiresAt }).from(userSessions).where(eq(userSessions.userId, subject.userId)) : [],
    subject.kind === 'user' ? db.select().from(cartItems).where(eq(cartItems.userId, subject.userId)) : [],
    // Messages sent with the account's address, only once the address is proven to be theirs.
    user?.emailVerifiedAt ? db.select().from(contactSubmissions).where(eq(contactSubmissions.email, user.email)).orderBy(asc(contactSubmissions.createdAt)) : [],
  ]);

  const query = subject.kind === 'link' ? `?${new URLSearchParams({ order: subject.orderNumber, key: subject.orderKey }).toString()}` : '';
  const files: ExportedFile[] = fileRows
    .filter(({ file, visibility, order }) => mayReadFile(accessor, { ...file, inPrivateNote: visibility === 'private' }, order?.orderNumber ? order : null))
    .map(({ file, order }, index) => ({
      storedName: file.storedName, name: file.originalName, mimeType: file.mimeType, size: file.sizeBytes, sha256: file.sha256, purpose: file.purpose,
      orderNumber: order?.orderNumber ?? null, url: `/uploads/${file.storedName}${query}`, uploadedAt: file.createdAt,
      pathInZip: `files/${String(index + 1).padStart(3, '0')}-${safeName(file.originalName)}`,
    }));

  const data = {
    format: CUSTOMER_DATA_FORMAT,
    version: CUSTOMER_DATA_VERSION,
    exportedAt: new Date().toISOString(),
    account: user ? {
      email: user.email, username: user.username, firstName: user.firstName, lastName: user.lastName, phone: user.phone,
      role: user.role, createdAt: user.createdAt, emailVerified: user.emailVerifiedAt !== null, hasPassword: user.passwordHash !== null,
      signsInWithGoogle: user.googleSubject !== null,
      sessions: sessions.map((s) => ({ startedAt: s.createdAt, expiresAt: s.expiresAt })),
    } : null,
    orders: orderRows.map((details) => {
      const view = customerOrderView(details, access);
      return {
        ...view,
        // What the customer and staff wrote to each other in the order's thread (never staff's private notes).
        conversation: messages.filter((m) => m.orderId === details.order.id).map((m) => ({ from: m.side === 'customer' ? 'you' : 'staff', text: m.body, at: m.createdAt })),
      };
    }),
    cart: cart.map((line) => ({ templateId: line.templateId, quantity: line.quantity, addedAt: line.createdAt })),
    contactMessages: contacts.map((c) => ({ name: c.name, email: c.email, company: c.company, service: c.service, message: c.message, sentAt: c.createdAt })),
    files: files.map(({ storedName: _stored, ...file }) => file),
  };
  return { data, files };
}
