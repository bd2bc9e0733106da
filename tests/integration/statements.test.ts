/**
 * Statements built once (src/server/db/statement.ts, decision 0024) against a real database: run
 * inside a transaction they are part of it (a rollback takes their rows back, as it does the query
 * builder's), each run sends its own values, a value left out is an error rather than a NULL, and
 * an order read by its number through `wholeRow` is the query builder's row, value for value.
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '../../src/server/db/schema.ts';
import { statement } from '../../src/server/db/statement.ts';
import { findOrderByNumber } from '../../src/server/features/orders/orders.service.ts';
import { BACKENDS, useTestServer } from './harness.ts';

const orderNumber = () => `SL-${randomBytes(18).toString('base64url')}`;

/** A bare order row with these columns (no lines or history: only the statement is under test). */
const insertOrder = statement<'orderNumber' | 'customerName'>((p) => sql`
  insert into ${orders} (order_number, customer_name, customer_email, order_type, order_name, country, currency, language, amount_krw, amount_minor)
  values (${p('orderNumber')}, ${p('customerName')}, 'statement@example.com', 'service', 'Statement test', 'kr', 'KRW', 'ko', 1000, 1000)
  returning order_number, customer_name`);

describe.each(BACKENDS)('statements built once on %s', (backend) => {
  const server = useTestServer(backend);
  const db = () => server().database.db;

  it('sends each run its own values, on the database or inside a transaction, which a rollback undoes', async () => {
    const [kept, rolledBack] = [orderNumber(), orderNumber()];
    expect(await insertOrder.rows(db(), { orderNumber: kept, customerName: 'Kept' })).toEqual([{ order_number: kept, customer_name: 'Kept' }]);
    await expect(db().transaction(async (tx) => {
      await insertOrder.rows(tx, { orderNumber: rolledBack, customerName: 'Rolled back' });
      // Seen inside the transaction that wrote it…
      expect(await tx.select({ name: orders.customerName }).from(orders).where(eq(orders.orderNumber, rolledBack))).toEqual([{ name: 'Rolled back' }]);
      throw new Error('roll back');
    })).rejects.toThrow('roll back');
    // …and gone with it.
    expect(await db().select().from(orders).where(eq(orders.orderNumber, rolledBack))).toEqual([]);
    expect(await db().select({ name: orders.customerName }).from(orders).where(eq(orders.orderNumber, kept))).toEqual([{ name: 'Kept' }]);
  });

  it('refuses a run that leaves a value out instead of sending NULL', async () => {
    const number = orderNumber();
    await expect(insertOrder.rows(db(), { orderNumber: number } as never)).rejects.toThrow('no value for customerName');
    expect(await db().select().from(orders).where(eq(orders.orderNumber, number))).toEqual([]);
  });

  it('reads an order by its number as the query builder reads it, dates, nulls and all', async () => {
    const number = orderNumber();
    await db().insert(orders).values({
      orderNumber: number, guestId: 'g_statement_test', isGuestOrder: true, customerName: 'Whole Row', customerEmail: 'row@example.com',
      customerPhone: null, orderType: 'service', orderName: 'Whole row', country: 'us', currency: 'USD', language: 'en', amountKrw: 130_000,
      amountMinor: 9_900, status: 'order_received', paymentProvider: 'stripe', paidAt: new Date('2026-11-20T01:02:03.456Z'), revisionsUsed: 2,
    });
    const [built] = await db().select().from(orders).where(eq(orders.orderNumber, number));
    const read = await findOrderByNumber(db(), number);
    expect(read).toEqual(built);
    expect(read!.paidAt).toEqual(new Date('2026-11-20T01:02:03.456Z'));
    expect(read!.createdAt).toBeInstanceOf(Date);
    expect(read!.customerPhone).toBeNull();
    expect(await findOrderByNumber(db(), orderNumber())).toBeUndefined();
  });
});
