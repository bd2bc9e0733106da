/**
 * What staff read an order as, in their own language (issue 33, item 24): an order's name is stored
 * in its customer's language ("纯色背景图 × 3", "AIモデル写真 × 4") for the customer and the payment
 * provider; staff lists, details and mails name it from its lines in the staff's language instead.
 * One query for a page of orders, never one per order.
 */
import { inArray } from 'drizzle-orm';
import type { Language } from '../../../domain/countries.ts';
import { translatorFor } from '../../../i18n/translator.server.ts';
import type { Database } from '../../db/client.ts';
import { orderLines } from '../../db/schema.ts';
import { lineName, orderName } from '../orders/order-names.ts';

type Line = { kind: 'template' | 'package' | 'service'; ref: string; quantity: number };

/** An order's name from its lines, in `lang`; a consultation as one (its service's name). */
export function staffNameOf(order: { orderType: string; orderName: string }, lines: readonly Line[], lang: Language): string {
  const first = lines[0];
  if (!first) return order.orderName;
  if (order.orderType === 'consultation') return translatorFor(lang, 'orders')('orderName.consultation', { name: lineName(first, lang) });
  return orderName(lines, lang);
}

/** Staff names of these orders, by id, from one read of their lines. */
export async function staffNames(db: Database, rows: ReadonlyArray<{ id: string; orderType: string; orderName: string }>, lang: Language): Promise<Map<string, string>> {
  if (rows.length === 0) return new Map();
  const lines = await db.select({ orderId: orderLines.orderId, kind: orderLines.kind, ref: orderLines.ref, quantity: orderLines.quantity, position: orderLines.position })
    .from(orderLines).where(inArray(orderLines.orderId, rows.map((row) => row.id))).orderBy(orderLines.position);
  const byOrder = new Map<string, Line[]>();
  for (const line of lines) byOrder.set(line.orderId, [...(byOrder.get(line.orderId) ?? []), line]);
  return new Map(rows.map((row) => [row.id, staffNameOf(row, byOrder.get(row.id) ?? [], lang)]));
}
