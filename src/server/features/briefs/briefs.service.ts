/**
 * Project briefs (SPEC sections 2, 4, 5 and 7, D17, D22). A brief belongs to an order: the one the
 * customer paid, or, for a service priced after a quote, a
 * consultation order opened with it in `quote_review`. Writing it, opening that order, recording
 * the order's first status and attaching the caller's uploaded files happen in one transaction.
 */
import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { takesBrief } from '../../../domain/briefs.ts';
import { findService, isQuoteOnly } from '../../../domain/catalog/services.ts';
import type { CountryCode, Language } from '../../../domain/countries.ts';
import { DomainError } from '../../../domain/errors.ts';
import { formatMinor } from '../../../domain/money.ts';
import { V } from '../../../domain/validation/messages.ts';
import type { CreateBriefInput } from '../../../domain/validation/briefs.ts';
import { translatorFor } from '../../../i18n/translator.server.ts';
import type { Database } from '../../db/client.ts';
import { mailOutbox, orderLines, orders, projectBriefs, uploadedFiles, users } from '../../db/schema.ts';
import { createOrder, type OrderRow } from '../orders/orders.service.ts';
import type { Accessor } from '../../../domain/order-access.ts';
import { orderFor } from '../orders/order-access.ts';
import { ownedBy, type Owner } from '../orders/owner.ts';
import type { UploadedFileRow } from '../uploads/upload-batch.ts';
import type { BriefRow } from './brief-queries.ts';

export type { BriefRow } from './brief-queries.ts';

interface NewBrief {
  owner: Owner;
  input: CreateBriefInput;
  country: CountryCode;
  language: Language;
  /** Who writes it about an existing order: its owner, or a private link's holder in another browser (D22). */
  accessor: Accessor;
}

interface CreatedBrief {
  brief: BriefRow;
  order: OrderRow;
  files: UploadedFileRow[];
  /** True when the brief opened a consultation order. */
  openedOrder: boolean;
}

async function customerOf(db: Database, owner: Owner, input: CreateBriefInput) {
  if (owner.kind === 'user') {
    const [user] = await db.select().from(users).where(eq(users.id, owner.userId)).limit(1);
    if (!user) throw new DomainError('UNAUTHENTICATED');
    const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username;
    return { name: input.customerName ?? name, email: user.email, phone: input.customerPhone ?? user.phone ?? null };
  }
  if (!input.customerName || !input.customerEmail) {
    throw new DomainError('VALIDATION_FAILED', {
      messageKey: 'briefs.customerRequired',
      fields: { ...(input.customerName ? {} : { customerName: { key: V.required } }), ...(input.customerEmail ? {} : { customerEmail: { key: V.required } }) },
    });
  }
  return { name: input.customerName, email: input.customerEmail, phone: input.customerPhone ?? null };
}

/**
 * Opens the consultation order of D17 through the order service, as every order is made: no price
 * until the quote, and the customer's acknowledgement queued with it (D28).
 */
async function openConsultation(tx: Database, owner: Owner, serviceId: number, country: CountryCode, language: Language, customer: { name: string; email: string; phone: string | null }): Promise<OrderRow> {
  const created = await createOrder(tx, { owner, items: [{ kind: 'service', serviceId, quantity: 1 }], country, language, customer, consultation: true });
  const [order] = await tx.select().from(orders).where(eq(orders.id, created.id));
  return order!;
}

export async function createBrief(db: Database, brief: NewBrief): Promise<CreatedBrief> {
  const { owner, input, country, language } = brief;
  let service = input.serviceId !== undefined ? findService(input.serviceId) : undefined;
  if (input.serviceId !== undefined && !service) throw new DomainError('UNKNOWN_ITEM');
  // Who to answer, read before the transaction (a consultation needs it).
  const customer = input.orderId === undefined ? await customerOf(db, owner, input) : null;

  return db.transaction(async (tx) => {
    let order: OrderRow;
    let openedOrder = false;
    if (input.orderId !== undefined) {
      const found = await orderFor(tx, brief.accessor, input.orderId, 'writeBrief', { lock: true });
      if (!takesBrief(found.status)) throw new DomainError('ORDER_REQUIRED', { detail: `order ${found.id} is ${found.status}` });
      order = found;
      const [serviceLine] = await tx.select().from(orderLines).where(and(eq(orderLines.orderId, found.id), eq(orderLines.kind, 'service'))).limit(1);
      if (serviceLine) service = findService(Number(serviceLine.ref));
    } else {
      // A priced service is paid first in every store (D26); a quote-only service's brief asks for
      // a quote (D17).
      if (!service) throw new DomainError('VALIDATION_FAILED', { fields: { serviceId: { key: V.required } } });
      if (!isQuoteOnly(service)) throw new DomainError('ORDER_REQUIRED');
      order = await openConsultation(tx, owner, service.id, country, language, customer!);
      openedOrder = true;
    }

    const t = translatorFor(order.language, 'orders');
    const [row] = await tx.insert(projectBriefs).values({
      orderId: order.id,
      userId: owner.kind === 'user' ? owner.userId : order.userId,
      serviceId: service?.id ?? null,
      serviceName: order.orderName,
      servicePrice: order.amountMinor > 0 ? formatMinor(order.amountMinor, order.country) : t('brief.quotePrice'),
      deliveryTime: service?.delivery ? t('brief.deliveryDays', { min: service.delivery.minDays, max: service.delivery.maxDays }) : (input.deliveryTime ?? null),
      style: input.style,
      colorTone: input.colorTone,
      usage: input.usage,
      additionalRequests: input.additionalRequests ?? null,
      referenceNotes: input.referenceNotes ?? null,
    }).onConflictDoNothing({ target: projectBriefs.orderId }).returning();
    if (!row) throw new DomainError('BRIEF_EXISTS');

    let files: UploadedFileRow[] = [];
    if (input.uploadedFiles.length > 0) {
      // Only the caller's own files, not yet part of a brief; a guest who signed in meanwhile
      // brings the files they uploaded as a guest (their guest id comes with the request).
      const own = owner.kind === 'user'
        ? (input.sessionId
          ? or(eq(uploadedFiles.ownerUserId, owner.userId), and(isNull(uploadedFiles.ownerUserId), eq(uploadedFiles.ownerGuestId, input.sessionId)))
          : eq(uploadedFiles.ownerUserId, owner.userId))
        : and(isNull(uploadedFiles.ownerUserId), eq(uploadedFiles.ownerGuestId, owner.guestId));
      files = await tx.update(uploadedFiles)
        .set({
          briefId: row.id,
          orderId: order.id,
          // Kept in the order the customer listed them.
          briefPosition: sql`(select x.n::int from jsonb_array_elements_text(${JSON.stringify(input.uploadedFiles)}::jsonb) with ordinality as x(id, n) where x.id::uuid = ${uploadedFiles.id})`,
          ...(owner.kind === 'user' ? { ownerUserId: owner.userId } : {}),
        })
        .where(and(inArray(uploadedFiles.id, input.uploadedFiles), isNull(uploadedFiles.briefId), eq(uploadedFiles.purpose, 'reference'), own))
        .returning();
      if (files.length !== input.uploadedFiles.length) {
        throw new DomainError('VALIDATION_FAILED', { fields: { uploadedFiles: { key: V.unknownFile } } });
      }
      const position = new Map(input.uploadedFiles.map((id, index) => [id, index]));
      files.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
    }
    // Staff hear of it by e-mail, queued with the brief (issue 9).
    await tx.insert(mailOutbox).values({ kind: 'staff_brief', orderId: order.id, payload: { briefId: row.id } });
    return { brief: row, order, files, openedOrder };
  });
}

interface BriefWithFiles {
  brief: BriefRow;
  orderNumber: string;
  files: UploadedFileRow[];
}

/** The owner's briefs, newest first (GET /api/project-briefs). */
export async function listOwnBriefs(db: Database, owner: Owner): Promise<BriefWithFiles[]> {
  const rows = await db.select({ brief: projectBriefs, orderNumber: orders.orderNumber }).from(projectBriefs)
    .innerJoin(orders, eq(orders.id, projectBriefs.orderId))
    .where(ownedBy(owner, { userId: orders.userId, guestId: orders.guestId }))
    .orderBy(desc(projectBriefs.createdAt), desc(projectBriefs.id))
    .limit(100);
  const files = rows.length
    ? await db.select().from(uploadedFiles).where(inArray(uploadedFiles.briefId, rows.map((r) => r.brief.id))).orderBy(uploadedFiles.briefPosition, uploadedFiles.id)
    : [];
  return rows.map(({ brief, orderNumber }) => ({ brief, orderNumber, files: files.filter((f) => f.briefId === brief.id) }));
}
