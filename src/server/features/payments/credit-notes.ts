/**
 * A credit note for each refund of an order's payment (issue 34), issued in the transaction that
 * records the refund as made: it names the paper it corrects (the order's receipt) and takes that
 * paper's tax rule and buyer, so the tax given back is the part of the refund the receipt's rule
 * names. Numbered like every paper, just after (papers-numbering.ts). Money given back that an
 * order could not take (a refusal) corrects no paper of it and gets none.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { taxOf } from '../../../domain/tax/amounts.ts';
import { paperYear } from '../../../domain/tax/papers.ts';
import type { Database } from '../../db/client.ts';
import { orders, papers, refunds } from '../../db/schema.ts';
import { storeRuleNow } from '../tax/tax-rules.service.ts';

type RefundRow = typeof refunds.$inferSelect;

/** Issues the refund's credit note, unnumbered; false when the refund gets none. */
export async function issueCreditNote(tx: Database, refund: RefundRow): Promise<boolean> {
  if (refund.attemptId !== null || refund.amountMinor <= 0) return false;
  const [order] = await tx.select().from(orders).where(eq(orders.id, refund.orderId));
  if (!order) return false;
  const [receipt] = await tx.select().from(papers)
    .where(and(eq(papers.orderId, order.id), eq(papers.kind, 'receipt'), isNull(papers.refundId))).limit(1);
  // An order paid before papers existed has no receipt: the store's rule now stands in for it.
  const rule = receipt?.taxRule ?? (await storeRuleNow(tx, order.country));
  const { tax } = taxOf(refund.amountMinor, rule);
  const inserted = await tx.insert(papers).values({
    orderId: order.id, refundId: refund.id, kind: 'credit_note', country: order.country, year: paperYear(order.country),
    currency: order.currency, amountMinor: refund.amountMinor, taxMinor: tax, taxRule: rule,
    buyer: receipt ? receipt.buyer : order.business, correctsPaperId: receipt?.id ?? null,
  }).onConflictDoNothing().returning({ id: papers.id });
  return inserted.length > 0;
}
