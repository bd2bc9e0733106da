/**
 * Reading a paper (issue 34) for whoever may view its order: through the order access table, so a
 * stranger, another customer and another guest are told the paper does not exist. What it is made
 * from is read as stored at issue (its rule and buyer) plus the order's lines, which never change
 * once it is placed, and the paid quote's lines for a consultation.
 */
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { DomainError } from '../../../domain/errors.ts';
import type { Accessor } from '../../../domain/order-access.ts';
import { PAPER_NUMBER_PATTERN } from '../../../domain/tax/papers.ts';
import type { Database } from '../../db/client.ts';
import { orderLines, orderQuotes, orders, papers } from '../../db/schema.ts';
import { orderFor } from '../orders/order-access.ts';
import { numberPapers } from '../payments/papers-numbering.ts';
import type { PaperSource } from './paper-document.ts';

type OrderRow = typeof orders.$inferSelect;
type PaperRow = typeof papers.$inferSelect;

/** What an order's papers are made from, for each of `rows` (its numbered papers). */
export async function sourcesOf(db: Database, order: OrderRow, rows: readonly PaperRow[]): Promise<PaperSource[]> {
  const numbered = rows.filter((row): row is PaperRow & { number: string } => row.number !== null);
  if (!numbered.length) return [];
  const correcting = numbered.map((row) => row.correctsPaperId).filter((id): id is string => id !== null);
  const [lines, [quote], corrected] = await Promise.all([
    db.select({ name: orderLines.name, quantity: orderLines.quantity, totalKrw: orderLines.totalKrw }).from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(orderLines.position),
    order.orderType === 'consultation'
      ? db.select({ lines: orderQuotes.lines }).from(orderQuotes).where(eq(orderQuotes.orderId, order.id)).orderBy(desc(orderQuotes.version)).limit(1)
      : Promise.resolve([]),
    correcting.length ? db.select({ id: papers.id, number: papers.number }).from(papers).where(eq(papers.orderId, order.id)) : Promise.resolve([]),
  ]);
  return numbered.map((paper) => ({
    paper,
    order,
    lines,
    quoteLines: quote?.lines ?? null,
    corrects: corrected.find((c) => c.id === paper.correctsPaperId)?.number ?? null,
  }));
}

/** The paper numbered `number` of the order `orderNumber`, when `accessor` may view the order; else NOT_FOUND. */
export async function paperFor(db: Database, accessor: Accessor, orderNumber: string, number: string): Promise<PaperSource> {
  if (!PAPER_NUMBER_PATTERN.test(number)) throw new DomainError('NOT_FOUND');
  const order = await orderFor(db, accessor, orderNumber, 'view');
  const rows = await db.select().from(papers).where(and(eq(papers.orderId, order.id), eq(papers.number, number))).limit(1);
  const [source] = await sourcesOf(db, order, rows);
  if (!source) throw new DomainError('NOT_FOUND');
  return source;
}

/**
 * A paid order's papers with their numbers. Papers are numbered milliseconds after the payment
 * commits; a reader that comes sooner (the success page, the paid-order mail) numbers them first:
 * the numbering is one locked statement, safe to run from anywhere. `ownOnly` leaves out credit notes.
 */
export async function numberedPapersOf(db: Database, orderId: string, options: { ownOnly?: boolean } = {}): Promise<PaperRow[]> {
  const where = options.ownOnly ? and(eq(papers.orderId, orderId), isNull(papers.refundId)) : eq(papers.orderId, orderId);
  const read = () => db.select().from(papers).where(where).orderBy(asc(papers.issuedAt), asc(papers.id));
  const rows = await read();
  if (!rows.some((row) => row.number === null)) return rows;
  await numberPapers(db);
  return read();
}
