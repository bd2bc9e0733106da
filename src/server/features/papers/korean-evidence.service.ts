/**
 * Korea's evidence of a cash payment (issue 34, domain/tax/korean-evidence.ts). A 현금영수증 is
 * written `requested` in its own transaction, then asked of the provider that took the payment under
 * its own Idempotency-Key, with no transaction open (D32); the answer makes it `issued` (its number)
 * or `refused` (the provider's reason, and the buyer may ask again). No answer leaves it requested:
 * "unknown" is not "refused", and the retry job asks again under the same key until the provider
 * answers. A 세금계산서 request waits for staff, who issue it in the national system and record
 * its approval number here.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, getTableColumns, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { StaffActor } from '../../../domain/audit.ts';
import { DomainError } from '../../../domain/errors.ts';
import type { Accessor } from '../../../domain/order-access.ts';
import { evidenceRefusal, isCardPayment, taxInvoiceDeadline, type EvidenceKind, type EvidenceRefusal } from '../../../domain/tax/korean-evidence.ts';
import { formatTaxId } from '../../../domain/tax/tax-ids.ts';
import type { CashReceiptInput, TaxInvoiceRequestInput } from '../../../domain/validation/evidence.ts';
import type { Database } from '../../db/client.ts';
import { cashReceiptCancels, evidenceRequests, orders, refunds } from '../../db/schema.ts';
import { recordAudit } from '../../audit/audit.ts';
import { orderFor } from '../orders/order-access.ts';
import type { PaymentProvider } from '../payments/providers/provider.ts';

type OrderRow = typeof orders.$inferSelect;
export type EvidenceRow = typeof evidenceRequests.$inferSelect;
type ProviderOf = (name: string | null) => PaymentProvider | undefined;

/** How long a request waits before the retry job asks again, and how many times it asks. */
const RETRY_AFTER_MS = 30_000;
const MAX_ATTEMPTS = 50;

const digitsOf = (value: string) => value.replace(/\D/g, '');

/** The order, locked, if the accessor may ask for its evidence and the rules let it ask for `kind` now. */
async function askable(tx: Database, accessor: Accessor, orderNumber: string, kind: EvidenceKind): Promise<OrderRow> {
  const order = await orderFor(tx, accessor, orderNumber, 'askPapers', { lock: true });
  const refusal = evidenceRefusal(order, kind);
  if (refusal) throw new DomainError('EVIDENCE_NOT_ALLOWED', { messageKey: `orders.evidence.${refusal}`, detail: `${kind} for ${orderNumber}: ${refusal}` });
  return order;
}

/** Inserts the request, or says the payment already has its evidence (one per payment, not refused). */
async function insertOnce(tx: Database, values: typeof evidenceRequests.$inferInsert): Promise<EvidenceRow> {
  const [created] = await tx.insert(evidenceRequests).values(values).onConflictDoNothing().returning();
  if (!created) throw new DomainError('EVIDENCE_ALREADY_ASKED');
  return created;
}

/** Asks the provider for a requested cash receipt and writes down its answer; no answer leaves it requested. */
async function issueCashReceipt(db: Database, providerOf: ProviderOf, order: OrderRow, request: EvidenceRow, log: (error: unknown) => void): Promise<EvidenceRow> {
  const provider = providerOf(order.paymentProvider);
  if (!provider?.issueCashReceipt) return request;
  await db.update(evidenceRequests).set({ attempts: sql`${evidenceRequests.attempts} + 1` }).where(eq(evidenceRequests.id, request.id));
  let word;
  try {
    word = await provider.issueCashReceipt({
      orderNumber: order.orderNumber, orderName: order.orderName, amount: request.amountMinor ?? order.amountMinor,
      purpose: request.purpose ?? 'income_deduction', identity: digitsOf(request.identity), idempotencyKey: request.idempotencyKey,
    });
  } catch (error) {
    log(error);
    return request;
  }
  const outcome = word.state === 'issued'
    ? { status: 'issued' as const, number: word.number, reference: word.reference, receiptUrl: word.receiptUrl, issuedAt: new Date() }
    : { status: 'refused' as const, failure: word.reason.slice(0, 500) };
  // Only a request still waiting takes an answer: a second worker's answer to the same key is the same.
  const [updated] = await db.update(evidenceRequests).set(outcome)
    .where(and(eq(evidenceRequests.id, request.id), eq(evidenceRequests.status, 'requested'))).returning();
  return updated ?? (await db.select().from(evidenceRequests).where(eq(evidenceRequests.id, request.id)))[0]!;
}

/** A buyer's cash receipt: requested, then issued or refused by the provider, or left to the retry job. */
export async function requestCashReceipt(db: Database, providerOf: ProviderOf, accessor: Accessor, orderNumber: string, input: CashReceiptInput, log: (error: unknown) => void): Promise<EvidenceRow> {
  const { order, request } = await db.transaction(async (tx) => {
    const order = await askable(tx, accessor, orderNumber, 'cash_receipt');
    const identity = input.purpose === 'expense_proof' ? formatTaxId('kr_business', input.identity) : input.identity.trim();
    // What was paid less what was given back by now: a later refund cancels its part of the receipt.
    const [given] = await tx.select({ total: sql<number>`coalesce(sum(${refunds.amountMinor}), 0)::int` }).from(refunds)
      .where(and(eq(refunds.orderId, order.id), eq(refunds.status, 'succeeded'), isNull(refunds.attemptId)));
    const amountMinor = order.amountMinor - (given?.total ?? 0);
    const request = await insertOnce(tx, { orderId: order.id, kind: 'cash_receipt', purpose: input.purpose, identity, amountMinor, idempotencyKey: randomUUID() });
    return { order, request };
  });
  return issueCashReceipt(db, providerOf, order, request, log);
}

/** Cash receipts still waiting for the provider's word, asked again (the retry job). */
export async function retryCashReceipts(db: Database, providerOf: ProviderOf, log: (error: unknown) => void): Promise<number> {
  const waiting = await db.select({ request: evidenceRequests, order: orders }).from(evidenceRequests)
    .innerJoin(orders, eq(orders.id, evidenceRequests.orderId))
    .where(and(eq(evidenceRequests.kind, 'cash_receipt'), eq(evidenceRequests.status, 'requested'), lt(evidenceRequests.attempts, MAX_ATTEMPTS),
      lt(evidenceRequests.requestedAt, new Date(Date.now() - RETRY_AFTER_MS))))
    .orderBy(asc(evidenceRequests.requestedAt)).limit(50);
  let answered = 0;
  for (const { request, order } of waiting) {
    if ((await issueCashReceipt(db, providerOf, order, request, log)).status !== 'requested') answered++;
  }
  return answered;
}

/** A buyer's 세금계산서 request, for staff to issue in the national system by the deadline. */
export async function requestTaxInvoice(db: Database, accessor: Accessor, orderNumber: string, input: TaxInvoiceRequestInput): Promise<EvidenceRow> {
  return db.transaction(async (tx) => {
    const order = await askable(tx, accessor, orderNumber, 'tax_invoice');
    return insertOnce(tx, {
      orderId: order.id, kind: 'tax_invoice', identity: formatTaxId('kr_business', input.businessNumber),
      company: input.company, representative: input.representative, email: input.email, idempotencyKey: randomUUID(),
    });
  });
}

/** Staff record the approval number of a tax invoice they issued; only a request still waiting takes one. */
export async function recordTaxInvoice(db: Database, actor: StaffActor, id: string, approvalNumber: string): Promise<EvidenceRow> {
  const digits = approvalNumber.replace(/-/g, '').toUpperCase();
  const number = `${digits.slice(0, 8)}-${digits.slice(8, 16)}-${digits.slice(16)}`;
  return db.transaction(async (tx) => {
    const [updated] = await tx.update(evidenceRequests).set({ status: 'issued', number, issuedAt: new Date(), recordedBy: actor.userId })
      .where(and(eq(evidenceRequests.id, id), eq(evidenceRequests.kind, 'tax_invoice'), eq(evidenceRequests.status, 'requested'))).returning();
    if (updated) {
      await recordAudit(tx as unknown as Database, actor, {
        action: 'papers.tax_invoice', subjectType: 'tax_invoice', subjectId: id, orderId: updated.orderId,
        before: { status: 'requested' }, after: { status: 'issued', number },
      });
      return updated;
    }
    const [exists] = await tx.select({ id: evidenceRequests.id }).from(evidenceRequests).where(and(eq(evidenceRequests.id, id), eq(evidenceRequests.kind, 'tax_invoice')));
    throw new DomainError(exists ? 'EVIDENCE_NOT_OPEN' : 'NOT_FOUND');
  });
}

/** Open tax invoice requests, oldest first, with what staff need to issue them (the staff queue). */
export async function taxInvoiceQueue(db: Database) {
  const rows = await db.select({ request: evidenceRequests, order: { id: orders.id, orderNumber: orders.orderNumber, orderName: orders.orderName, amount: orders.amountMinor, paidAt: orders.paidAt } })
    .from(evidenceRequests).innerJoin(orders, eq(orders.id, evidenceRequests.orderId))
    .where(and(eq(evidenceRequests.kind, 'tax_invoice'), eq(evidenceRequests.status, 'requested'))).orderBy(asc(evidenceRequests.requestedAt));
  return rows.map(({ request, order }) => ({
    id: request.id, orderId: order.id, orderNumber: order.orderNumber, orderName: order.orderName, amount: order.amount, paidAt: order.paidAt,
    businessNumber: request.identity, company: request.company ?? '', representative: request.representative ?? '', email: request.email ?? '',
    requestedAt: request.requestedAt, deadline: order.paidAt ? taxInvoiceDeadline(order.paidAt) : null,
  }));
}

/** The evidence requests of these orders, newest first, each with what refunds have cancelled of it. */
export async function evidenceOfOrders(db: Database, orderIds: readonly string[]): Promise<Array<EvidenceRow & { cancelledMinor: number }>> {
  if (!orderIds.length) return [];
  const cancelled = sql<number>`coalesce((select sum(c.amount_minor) from ${cashReceiptCancels} as c where c.evidence_id = ${evidenceRequests}.id and c.status = 'done'), 0)::int`;
  return db.select({ ...getTableColumns(evidenceRequests), cancelledMinor: cancelled }).from(evidenceRequests)
    .where(inArray(evidenceRequests.orderId, [...orderIds])).orderBy(sql`${evidenceRequests.requestedAt} desc`);
}

/**
 * Refunds that went through after a cash receipt was asked for cancel their part of it: one cancel
 * each, queued here (in one statement, whatever order the refund and the receipt came in), then
 * sent to the provider that issued the receipt, with no transaction open, until it answers.
 */
export async function queueCashReceiptCancels(db: Database): Promise<void> {
  await db.execute(sql`
    insert into ${cashReceiptCancels} (evidence_id, refund_id, amount_minor, idempotency_key)
    select e.id, r.id, r.amount_minor, gen_random_uuid()::text
    from ${evidenceRequests} as e join ${refunds} as r on r.order_id = e.order_id
    where e.kind = 'cash_receipt' and e.status = 'issued' and r.status = 'succeeded' and r.attempt_id is null
      and r.completed_at > e.requested_at and r.amount_minor > 0
    on conflict do nothing`);
}

export async function sendCashReceiptCancels(db: Database, providerOf: ProviderOf, log: (error: unknown) => void): Promise<number> {
  const waiting = await db.select({ cancel: cashReceiptCancels, reference: evidenceRequests.reference, provider: orders.paymentProvider })
    .from(cashReceiptCancels).innerJoin(evidenceRequests, eq(evidenceRequests.id, cashReceiptCancels.evidenceId)).innerJoin(orders, eq(orders.id, evidenceRequests.orderId))
    .where(and(eq(cashReceiptCancels.status, 'requested'), lt(cashReceiptCancels.attempts, MAX_ATTEMPTS))).orderBy(asc(cashReceiptCancels.requestedAt)).limit(50);
  let answered = 0;
  for (const { cancel, reference, provider: name } of waiting) {
    const provider = providerOf(name);
    if (!provider?.cancelCashReceipt || !reference) continue;
    await db.update(cashReceiptCancels).set({ attempts: sql`${cashReceiptCancels.attempts} + 1` }).where(eq(cashReceiptCancels.id, cancel.id));
    try {
      const word = await provider.cancelCashReceipt({ reference, amount: cancel.amountMinor, idempotencyKey: cancel.idempotencyKey });
      await db.update(cashReceiptCancels).set(word.state === 'cancelled' ? { status: 'done' as const, doneAt: new Date() } : { status: 'refused' as const, failure: word.reason.slice(0, 500), doneAt: new Date() })
        .where(and(eq(cashReceiptCancels.id, cancel.id), eq(cashReceiptCancels.status, 'requested')));
      answered++;
    } catch (error) {
      log(error);
    }
  }
  return answered;
}

/** A mobile number as the buyer's page shows it back (and as an erasure keeps it): 010-****-5678. */
export const maskedMobile = (value: string) => {
  const digits = digitsOf(value);
  return `${digits.slice(0, 3)}-****-${digits.slice(-4)}`;
};

/** A cash receipt as its buyer reads it back. */
export const cashReceiptViewOf = (row: EvidenceRow & { cancelledMinor?: number }) => ({
  status: row.status, purpose: row.purpose ?? 'income_deduction' as const,
  identity: row.purpose === 'income_deduction' ? maskedMobile(row.identity) : row.identity,
  number: row.number, receiptUrl: row.receiptUrl, failure: row.failure, requestedAt: row.requestedAt,
  amount: row.amountMinor, cancelled: row.cancelledMinor ?? 0,
});

/** A tax invoice request as its buyer reads it back. */
export const taxInvoiceViewOf = (row: EvidenceRow) => ({
  status: row.status, businessNumber: row.identity, company: row.company ?? '', number: row.number, requestedAt: row.requestedAt, issuedAt: row.issuedAt,
});

/**
 * An order's Korean evidence as its buyer reads it: the card slip of a card payment, the cash
 * receipt or tax invoice asked for (the newest), and what may still be asked for, or why not.
 * Null outside the Korean store.
 */
export function evidenceView(order: Pick<OrderRow, 'country' | 'paymentMethod' | 'paidAt' | 'status' | 'receiptUrl'>, rows: ReadonlyArray<EvidenceRow & { cancelledMinor?: number }>, now = new Date()) {
  if (order.country !== 'kr' || !order.paidAt) return null;
  const newest = (kind: EvidenceKind) => rows.find((row) => row.kind === kind && row.status !== 'refused') ?? rows.find((row) => row.kind === kind) ?? null;
  const cash = newest('cash_receipt');
  const invoice = newest('tax_invoice');
  const open = rows.some((row) => row.status !== 'refused');
  const refusalOf = (kind: EvidenceKind): EvidenceRefusal | 'already' | null => evidenceRefusal(order, kind, now) ?? (open ? 'already' : null);
  return {
    cardSlipUrl: isCardPayment(order.paymentMethod) ? order.receiptUrl : null,
    cashReceipt: cash && cashReceiptViewOf(cash),
    taxInvoice: invoice && taxInvoiceViewOf(invoice),
    /** What the buyer may ask for now, or why not (a message key under orders.evidence). */
    cashReceiptRefusal: refusalOf('cash_receipt'),
    taxInvoiceRefusal: refusalOf('tax_invoice'),
    taxInvoiceUntil: taxInvoiceDeadline(order.paidAt),
  };
}
