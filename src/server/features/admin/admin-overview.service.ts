/**
 * The staff overview (SPEC sections 2 and 9): users (new today), orders (pending), revenue from
 * completed orders and today's takings, each per currency (won and dollars are never added up),
 * the five newest orders, paid revenue by day for the last 30 days per country and currency, and
 * the open quotes (D28) per currency, the pipeline, and month-over-month growth per currency.
 * Days are Korea time (D19). A handful of aggregate queries, whatever the number of orders.
 */
import { desc, sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../../db/client.ts';
import { contactSubmissions, orderConversations, orders, users } from '../../db/schema.ts';
import type { Language } from '../../../domain/countries.ts';
import { stuckMoney } from '../payments/stuck-money.ts';
import { staffNames } from './staff-names.ts';

async function withStaffNames<Row extends { id: string; orderType: string; orderName: string }>(db: Database, rows: Row[], lang: Language) {
  const names = await staffNames(db, rows, lang);
  return rows.map((row) => ({ ...row, staffName: names.get(row.id) ?? row.orderName }));
}

const TODAY_KST = sql`(date_trunc('day', now() at time zone 'Asia/Seoul') at time zone 'Asia/Seoul')`;
/** Money that was paid and not given back: paid, not cancelled. */
/** Money taken: paid, not cancelled, and real (test payments are left out, D29 amended). */
const TAKEN = sql`${orders.paidAt} is not null and ${orders.status} <> 'cancelled' and not ${orders.testPayment}`;

export async function overview(db: Database, lang: Language) {
  const [userCounts, orderCounts, revenue, today, recent, daily, inbox, openQuotes, stuck, months, waiting] = await Promise.all([
    db.execute(sql`select count(*)::int as total, count(*) filter (where ${users.createdAt} >= ${TODAY_KST})::int as today,
      count(*) filter (where ${users.phone} is not null and ${users.phone} <> '')::int as with_phone from ${users}`),
    db.execute(sql`select count(*)::int as total, count(*) filter (where ${orders.status} = 'pending')::int as pending,
      count(*) filter (where ${orders.status} = 'completed')::int as completed, count(*) filter (where ${orders.status} = 'in_progress')::int as in_progress,
      count(*) filter (where ${orders.status} = 'quote_review')::int as quote_review, count(*) filter (where ${orders.status} = 'quoted')::int as quoted from ${orders}`),
    db.execute(sql`select ${orders.currency} as currency, sum(${orders.amountMinor})::bigint as amount, count(*)::int as orders
      from ${orders} where ${orders.status} = 'completed' and not ${orders.testPayment} group by 1 order by 1`),
    db.execute(sql`select ${orders.currency} as currency, sum(${orders.amountMinor})::bigint as amount, count(*)::int as orders
      from ${orders} where ${TAKEN} and ${orders.paidAt} >= ${TODAY_KST} group by 1 order by 1`),
    db.select({ id: orders.id, orderId: orders.orderNumber, orderName: orders.orderName, orderType: orders.orderType, customerName: orders.customerName, status: orders.status, amount: orders.amountMinor, currency: orders.currency, country: orders.country, createdAt: orders.createdAt })
      .from(orders).orderBy(desc(orders.createdAt), desc(orders.id)).limit(5),
    db.execute(sql`select to_char(${orders.paidAt} at time zone 'Asia/Seoul', 'YYYY-MM-DD') as day, ${orders.country} as country, ${orders.currency} as currency,
      sum(${orders.amountMinor})::bigint as amount, count(*)::int as orders
      from ${orders} where ${TAKEN} and ${orders.paidAt} >= ${TODAY_KST} - interval '29 days'
      group by 1, 2, 3 order by 1, 2`),
    db.execute(sql`select count(*) filter (where ${contactSubmissions.handledAt} is null)::int as unhandled from ${contactSubmissions}`),
    // The pipeline (D28): quotes sent and not yet paid, declined or expired, by currency.
    db.execute(sql`select ${orders.currency} as currency, sum(${orders.amountMinor})::bigint as amount, count(*)::int as orders
      from ${orders} where ${orders.status} = 'quoted' group by 1 order by 1`),
    stuckMoney(db),
    // This month so far against last month's same stretch (Korea time), per currency: a fair
    // comparison on any day of the month (SPEC shows growth fixed at 0).
    db.execute(sql`with bounds as (
        select date_trunc('month', now() at time zone 'Asia/Seoul') at time zone 'Asia/Seoul' as this_start,
          (date_trunc('month', now() at time zone 'Asia/Seoul') - interval '1 month') at time zone 'Asia/Seoul' as last_start)
      select ${orders.currency} as currency,
        coalesce(sum(${orders.amountMinor}) filter (where ${orders.paidAt} >= b.this_start), 0)::bigint as this_month,
        coalesce(sum(${orders.amountMinor}) filter (where ${orders.paidAt} >= b.last_start and ${orders.paidAt} < b.last_start + (now() - b.this_start)), 0)::bigint as last_month
      from ${orders}, bounds as b where ${TAKEN} and ${orders.paidAt} >= b.last_start group by 1 order by 1`),
    // Customers waiting for staff's answer in the order's conversation (D34), longest first.
    db.execute(sql`select c.order_id, o.order_number, o.customer_name, c.awaiting_reply_since as since, count(*) over ()::int as total
      from ${orderConversations} as c join ${orders} as o on o.id = c.order_id
      where c.awaiting_reply_since is not null order by c.awaiting_reply_since, c.order_id limit 10`),
  ]);
  const money = (rows: unknown) => rowsOf<{ currency: string; amount: string | number; orders: number }>(rows).map((r) => ({ currency: r.currency, amount: Number(r.amount), orders: r.orders }));
  const [u] = rowsOf<{ total: number; today: number; with_phone: number }>(userCounts);
  const [o] = rowsOf<{ total: number; pending: number; completed: number; in_progress: number; quote_review: number; quoted: number }>(orderCounts);
  const [i] = rowsOf<{ unhandled: number }>(inbox);
  return {
    users: { total: u!.total, newToday: u!.today, withPhone: u!.with_phone },
    orders: { total: o!.total, pending: o!.pending, completed: o!.completed, inProgress: o!.in_progress, quoteReview: o!.quote_review, quoted: o!.quoted },
    revenue: money(revenue),
    today: money(today),
    recentOrders: await withStaffNames(db, recent, lang),
    daily: rowsOf<{ day: string; country: string; currency: string; amount: string | number; orders: number }>(daily).map((r) => ({ ...r, amount: Number(r.amount) })),
    inbox: { unhandled: i!.unhandled },
    /** Open quotes (sent, unpaid) per currency: count and value. Paid quotes count in revenue like any order. */
    openQuotes: money(openQuotes),
    stuckMoney: stuck,
    awaitingReply: awaitingReplyOf(waiting),
    /** Paid this month so far and in last month's same stretch, per currency; growth null without last month's. */
    monthly: rowsOf<{ currency: string; this_month: string | number; last_month: string | number }>(months).map((r) => {
      const thisMonth = Number(r.this_month);
      const lastMonth = Number(r.last_month);
      return { currency: r.currency, thisMonth, lastMonth, growth: lastMonth > 0 ? Math.round(((thisMonth - lastMonth) / lastMonth) * 1000) / 10 : null };
    }),
  };
}

function awaitingReplyOf(result: unknown) {
  const rows = rowsOf<{ order_id: string; order_number: string; customer_name: string; since: Date | string; total: number }>(result);
  return {
    count: rows[0]?.total ?? 0,
    oldest: rows.map((r) => ({ orderId: r.order_id, orderNumber: r.order_number, customerName: r.customer_name, since: new Date(r.since) })),
  };
}
