/**
 * Orders (SPEC sections 4 and 7, D3, D4, D22-D25). Creating one prices every line on the server,
 * stores the order, its lines and its first status-history row in one transaction, and hands back
 * the public order number and the amount the provider will be asked to charge. A checkout attempt
 * that carries an Idempotency-Key makes one order however often it is sent (placeOrder).
 */
import { hash } from 'node:crypto';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { CountryCode, Language } from '../../../domain/countries.ts';
import { DomainError } from '../../../domain/errors.ts';
import { priceOrder, type OrderItem, type PricedOrder } from '../../../domain/orders.ts';
import { findService } from '../../../domain/catalog/services.ts';
import { COUNTRIES } from '../../../domain/countries.ts';
import { newOrderNumber } from '../../../domain/order-number.ts';
import { translatorFor } from '../../../i18n/translator.server.ts';
import type { OrderStatus, OrderType } from '../../../domain/statuses.ts';
import type { Database } from '../../db/client.ts';
import { statement, wholeRow } from '../../db/statement.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { mailOutbox, orderLines, orderStatusHistory, orders, refunds, revisionRequests, papers } from '../../db/schema.ts';
import { evidenceOfOrders, type EvidenceRow } from '../papers/korean-evidence.service.ts';
import { openingOf } from './lifecycle.ts';
import { quotesOfOrders, type QuoteMessage, type QuoteRow } from '../quotes/quotes.service.ts';
import { briefsOfOrders, type BriefRow } from '../briefs/brief-queries.ts';
import { deliverablesOfOrders, type DeliverableRow } from '../deliverables/deliverable-queries.ts';
import type { UploadedFileRow } from '../uploads/upload-batch.ts';
import { lineName, orderName } from './order-names.ts';
import type { Accessor } from '../../../domain/order-access.ts';
import { orderFor } from './order-access.ts';
import { ownedBy, type Owner } from './owner.ts';
import type { BusinessDetails } from '../../../domain/tax/business.ts';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type HistoryRow = typeof orderStatusHistory.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;
export type RevisionRequestRow = typeof revisionRequests.$inferSelect;

export interface OrderWithDetails {
  order: OrderRow;
  lines: OrderLineRow[];
  history: HistoryRow[];
  /** The order's project brief and its files (D17), once written. */
  brief: { brief: BriefRow; files: UploadedFileRow[] } | null;
  /** Draft and final files staff delivered, oldest first. */
  deliverables: DeliverableRow[];
  /** A consultation's quotes, newest version first (D28); empty for other orders. */
  quotes: QuoteRow[];
  /** What the customer wrote to staff about the quote (questions, a decline's reason), oldest first. */
  messages: QuoteMessage[];
  /** Money given back (a cancelled order's refund, D21), oldest first. */
  refunds: RefundRow[];
  /** The customer's revision requests on drafts, in their words, oldest first. */
  revisions: RevisionRequestRow[];
  /** Its papers (issue 34): receipts, tax invoices and credit notes, in the order of their numbers. */
  papers: PaperRow[];
  /** A Korean cash payment's cash receipt or tax invoice requests (issue 34), newest first. */
  evidence: EvidenceRow[];
}

export type PaperRow = typeof papers.$inferSelect;

export interface Customer {
  name: string;
  email: string;
  phone: string | null;
  address?: string | undefined;
  /** A business buyer's details for its papers (issue 34), its tax id already checked for the store. */
  business?: BusinessDetails | undefined;
}

export interface NewOrder {
  owner: Owner;
  items: OrderItem[];
  country: CountryCode;
  language: Language;
  customer: Customer;
  requirements?: string | undefined;
  /** The checkout attempt's Idempotency-Key and the fingerprint of its request (requestFingerprint). */
  idempotency?: { key: string; fingerprint: string } | undefined;
  /**
   * A consultation for a quote-only service (D17, D28): no price until staff send a quote, so it
   * opens in quote_review at 0 and the customer is told at once what happens next.
   */
  consultation?: boolean | undefined;
}

/**
 * Attempts at a free order number before giving up: with a million numbers a month a collision is
 * rare (a shop with 10,000 orders this month meets one in a hundred orders), so eight in a row
 * means something else is wrong.
 */
const ORDER_NUMBER_ATTEMPTS = 8;

function orderTypeOf(items: readonly OrderItem[], consultation: boolean): OrderType {
  if (consultation) return 'consultation';
  const kinds = new Set(items.map((i) => i.kind));
  return kinds.size === 1 ? [...kinds][0]! : 'template';
}

/** What creating an order hands back: everything the payment step needs. */
interface CreatedOrder {
  id: string;
  orderNumber: string;
  orderName: string;
  /** 'pending' when made; an order answered again for its Idempotency-Key says where it is now. */
  status: OrderStatus;
  currency: string;
  amountKrw: number;
  amountMinor: number;
  lineCount: number;
}

/** A consultation's one line: the service, unpriced until its quote. */
function consultationPricing(items: readonly OrderItem[], country: CountryCode): PricedOrder {
  const [item] = items;
  if (items.length !== 1 || item?.kind !== 'service' || !findService(item.serviceId)) throw new DomainError('UNKNOWN_ITEM', { detail: 'a consultation is for one service' });
  return { lines: [{ kind: 'service', ref: String(item.serviceId), quantity: 1, unitPriceKrw: 0, totalKrw: 0 }], totalKrw: 0, currency: COUNTRIES[country].currency, amountMinor: 0 };
}

/**
 * Stores the order, its lines and its first history row in one statement (data-modifying CTEs):
 * atomic like a transaction, in one round trip instead of five, which is what lets the store take
 * hundreds of orders a second on a small machine (npm run bench:orders). Built once, run with each
 * order's values (decision 0024).
 */
type OrderValue = 'orderNumber' | 'userId' | 'guestId' | 'isGuestOrder' | 'customerName' | 'customerEmail' | 'customerPhone' | 'customerAddress' | 'business'
  | 'requirements' | 'orderType' | 'orderName' | 'country' | 'currency' | 'language' | 'amountKrw' | 'amountMinor' | 'status'
  | 'idempotencyKey' | 'requestFingerprint' | 'lines' | 'note' | 'mails';
const insertOrder = statement<OrderValue>((p) => sql`
    with new_order as (
      insert into ${orders} (order_number, user_id, guest_id, is_guest_order, customer_name, customer_email, customer_phone,
        customer_address, business, requirements, order_type, order_name, country, currency, language, amount_krw, amount_minor, status,
        idempotency_key, request_fingerprint)
      values (${p('orderNumber')}, ${p('userId')}, ${p('guestId')}, ${p('isGuestOrder')}, ${p('customerName')}, ${p('customerEmail')},
        ${p('customerPhone')}, ${p('customerAddress')}, ${p('business')}::jsonb, ${p('requirements')}, ${p('orderType')}, ${p('orderName')},
        ${p('country')}, ${p('currency')}, ${p('language')}, ${p('amountKrw')}, ${p('amountMinor')}, ${p('status')},
        ${p('idempotencyKey')}, ${p('requestFingerprint')})
      on conflict (order_number) do nothing
      returning id
    ), new_lines as (
      insert into ${orderLines} (order_id, position, kind, ref, name, quantity, unit_price_krw, total_krw)
      select new_order.id, l.position, l.kind, l.ref, l.name, l.quantity, l.unit_price_krw, l.total_krw
      from new_order, jsonb_to_recordset(${p('lines')}::jsonb)
        as l(position int, kind text, ref text, name text, quantity int, unit_price_krw int, total_krw int)
      returning 1
    ), first_status as (
      insert into ${orderStatusHistory} (order_id, from_status, to_status, actor, actor_user_id, note)
      select id, null, ${p('status')}, 'customer', ${p('userId')}, ${p('note')} from new_order
      returning 1
    ), mails as (
      insert into ${mailOutbox} (kind, order_id, payload)
      select k.kind, new_order.id, jsonb_build_object('to', ${p('status')}::text) from new_order, jsonb_array_elements_text(${p('mails')}::jsonb) as k(kind)
      returning 1
    )
    select id, (select count(*) from new_lines)::int as line_count from new_order, first_status`);

/**
 * `nextNumber` makes the order numbers to try (domain/order-number.ts); a number already taken is
 * passed over by the insert itself (`on conflict do nothing`), so the retry needs no savepoint and
 * a caller's transaction is not broken by it.
 */
export async function createOrder(db: Database, input: NewOrder, nextNumber: () => string = () => newOrderNumber()): Promise<CreatedOrder> {
  const consultation = input.consultation === true;
  const priced = consultation ? consultationPricing(input.items, input.country) : priceOrder(input.items, input.country);
  const guestId = input.owner.kind === 'guest' ? input.owner.guestId : null;
  const userId = input.owner.kind === 'user' ? input.owner.userId : null;
  const name = consultation
    ? translatorFor(input.language, 'orders')('orderName.consultation', { name: lineName(priced.lines[0]!, input.language) })
    : orderName(priced.lines, input.language);
  // The first status, its history row and its mails come from the lifecycle table (D30).
  const opening = openingOf(consultation ? 'consultationOpened' : 'placed');
  const lines = priced.lines.map((line, position) => ({
    position, kind: line.kind, ref: line.ref, name: lineName(line, input.language),
    quantity: line.quantity, unit_price_krw: line.unitPriceKrw, total_krw: line.totalKrw,
  }));
  const values = {
    userId, guestId, isGuestOrder: input.owner.kind === 'guest', customerName: input.customer.name, customerEmail: input.customer.email,
    customerPhone: input.customer.phone, customerAddress: input.customer.address ?? null, business: input.customer.business ? JSON.stringify(input.customer.business) : null, requirements: input.requirements ?? null,
    orderType: orderTypeOf(input.items, consultation), orderName: name, country: input.country, currency: priced.currency, language: input.language,
    amountKrw: priced.totalKrw, amountMinor: priced.amountMinor, status: opening.status,
    idempotencyKey: input.idempotency?.key ?? null, requestFingerprint: input.idempotency?.fingerprint ?? null,
    lines: JSON.stringify(lines), note: consultation ? 'consultation requested with a brief' : 'order created', mails: JSON.stringify(opening.mails),
  };
  for (let attempt = 1; attempt <= ORDER_NUMBER_ATTEMPTS; attempt++) {
    const orderNumber = nextNumber();
    const [row] = await insertOrder.rows<{ id: string; line_count: number }>(db, { ...values, orderNumber });
    // No row: the number was taken (nothing else was written), so the next one is tried.
    if (!row) continue;
    return {
      id: row.id, orderNumber, orderName: name, status: opening.status, currency: priced.currency,
      amountKrw: priced.totalKrw, amountMinor: priced.amountMinor, lineCount: row.line_count,
    };
  }
  throw new Error(`no free order number after ${ORDER_NUMBER_ATTEMPTS} attempts`);
}

/** JSON with object keys sorted and undefined left out: one text for one value, however it was written. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? 'null' : canonicalJson(item))).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, item]) => item !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The SHA-256 (hex) of a request's validated input: a retry under the same Idempotency-Key must repeat it. */
export function requestFingerprint(input: unknown): string {
  return hash('sha256', canonicalJson(input), 'hex');
}

/** The caller's order made under this Idempotency-Key, by the unique index's own expression (owner, key). */
async function orderOfKey(db: Database, owner: Owner, key: string): Promise<CreatedOrder & { fingerprint: string | null } | undefined> {
  const ownerKey = owner.kind === 'user' ? owner.userId : owner.guestId;
  const [row] = await db.select({
    id: orders.id, orderNumber: orders.orderNumber, orderName: orders.orderName, status: orders.status, currency: orders.currency,
    amountKrw: orders.amountKrw, amountMinor: orders.amountMinor, fingerprint: orders.requestFingerprint,
    // Qualified by hand: a column inside sql`` in a select list is written bare, which here would
    // compare order_lines with itself.
    lineCount: sql<number>`(select count(*) from ${orderLines} where ${orderLines}.order_id = ${orders}.id)::int`,
  }).from(orders)
    .where(and(sql`coalesce(${orders.userId}::text, ${orders.guestId}) = ${ownerKey}`, eq(orders.idempotencyKey, key)))
    .limit(1);
  return row;
}

function answerAgain(earlier: CreatedOrder & { fingerprint: string | null }, fingerprint: string): CreatedOrder {
  if (earlier.fingerprint !== fingerprint) throw new DomainError('IDEMPOTENCY_KEY_REUSED', { detail: `order ${earlier.id} was made with another request under this key` });
  const { fingerprint: _same, ...order } = earlier;
  return order;
}

/**
 * Creates an order, once per Idempotency-Key of the caller. The insert goes first: the unique index
 * on (owner, key) refuses a key that already made an order (a retry, or two requests at the same
 * moment), and only then is that order read, answered if it is the same request (same
 * fingerprint) and refused (IDEMPOTENCY_KEY_REUSED) if it is another; so is a request the
 * store refuses under a key that already made an order. A first attempt that succeeds, by far the
 * common case, costs no extra query.
 */
export async function placeOrder(db: Database, input: NewOrder, nextNumber?: () => string): Promise<{ order: CreatedOrder; replayed: boolean }> {
  const idempotency = input.idempotency;
  try {
    return { order: await createOrder(db, input, nextNumber), replayed: false };
  } catch (error) {
    // A refusal of the request itself (a price the store cannot take) may also be a key already
    // used for another request, which is the answer that tells the caller what happened.
    if (!idempotency || !(uniqueViolation(error) === 'orders_idempotency_key' || error instanceof DomainError)) throw error;
    const earlier = await orderOfKey(db, input.owner, idempotency.key);
    if (!earlier) throw error;
    return { order: answerAgain(earlier, idempotency.fingerprint), replayed: true };
  }
}

/** Lines, history and briefs of many orders in a fixed number of queries, not one per order. */
export async function withOrderDetails(db: Database, rows: OrderRow[]): Promise<OrderWithDetails[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  // Only consultations have quotes: a page of paid orders asks for none. Likewise refunds (only a
  // cancelled order has one) and revision requests (only an order with revisions used).
  const consultations = rows.filter((r) => r.orderType === 'consultation').map((r) => r.id);
  const cancelled = rows.filter((r) => r.status === 'cancelled').map((r) => r.id);
  const revised = rows.filter((r) => r.revisionsUsed > 0).map((r) => r.id);
  // Papers are issued when an order is paid: an unpaid page asks for none.
  const paid = rows.filter((r) => r.paidAt !== null).map((r) => r.id);
  // Korea's evidence is asked for paid Korean orders only.
  const paidInKorea = rows.filter((r) => r.paidAt !== null && r.country === 'kr').map((r) => r.id);
  const [lines, history, briefs, delivered, quoted, refunded, revisions, issued, evidence] = await Promise.all([
    db.select().from(orderLines).where(inArray(orderLines.orderId, ids)).orderBy(orderLines.orderId, orderLines.position),
    db.select().from(orderStatusHistory).where(inArray(orderStatusHistory.orderId, ids)).orderBy(orderStatusHistory.orderId, orderStatusHistory.createdAt, orderStatusHistory.id),
    briefsOfOrders(db, ids),
    deliverablesOfOrders(db, ids),
    quotesOfOrders(db, consultations),
    // What the customer was given back of this order's payment (not a refusal of another payment, nor one still under way).
    cancelled.length ? db.select().from(refunds).where(and(inArray(refunds.orderId, cancelled), eq(refunds.status, 'succeeded'), isNull(refunds.attemptId))).orderBy(refunds.createdAt, refunds.id) : [],
    revised.length ? db.select().from(revisionRequests).where(inArray(revisionRequests.orderId, revised)).orderBy(revisionRequests.round) : [],
    paid.length ? db.select().from(papers).where(inArray(papers.orderId, paid)).orderBy(papers.year, papers.sequence) : [],
    evidenceOfOrders(db, paidInKorea),
  ]);
  return rows.map((order) => ({
    order,
    lines: lines.filter((l) => l.orderId === order.id),
    history: history.filter((h) => h.orderId === order.id),
    brief: briefs.get(order.id) ?? null,
    deliverables: delivered.filter((f) => f.orderId === order.id),
    quotes: quoted.quotes.get(order.id) ?? [],
    messages: quoted.messages.get(order.id) ?? [],
    refunds: refunded.filter((r) => r.orderId === order.id),
    revisions: revisions.filter((r) => r.orderId === order.id),
    papers: issued.filter((p) => p.orderId === order.id),
    evidence: evidence.filter((e) => e.orderId === order.id),
  }));
}

/** The owner's orders, newest first (My Page). */
export async function listOwnOrders(db: Database, owner: Owner, limit = 100): Promise<OrderWithDetails[]> {
  const rows = await db.select().from(orders)
    .where(ownedBy(owner, { userId: orders.userId, guestId: orders.guestId }))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
  return withOrderDetails(db, rows);
}

/** An order the accessor may see, whole; anyone else's is "not found" (domain/order-access.ts). */
export async function getOrderFor(db: Database, accessor: Accessor, orderNumber: string): Promise<OrderWithDetails> {
  return (await withOrderDetails(db, [await orderFor(db, accessor, orderNumber, 'view')]))[0]!;
}

const orderRow = wholeRow(orders);
/** Read on every payment confirmation: built once, and its row decoded without the query builder (decision 0024). */
const orderByNumber = statement<'orderNumber'>((p) => sql`select ${orderRow.columns} from ${orders} where ${orders.orderNumber} = ${p('orderNumber')} limit 1`);

export async function findOrderByNumber(db: Database, orderNumber: string): Promise<OrderRow | undefined> {
  const [raw] = await orderByNumber.rows<Record<string, unknown>>(db, { orderNumber });
  return raw ? orderRow.map(raw) : undefined;
}
