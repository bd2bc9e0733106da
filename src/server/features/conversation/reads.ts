/**
 * Who has read how far (D34, issue 35): per reader and order, the last message seen; unread is what
 * the other side wrote after it (customers never count staff's private notes), and what was said
 * before the thread existed counts as read. Reading through the other side's last text also settles
 * the mail it owed (conversation-mail.ts: mailed only when not read in time).
 */
import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { ReaderSide } from '../../../domain/conversation.ts';
import type { Accessor } from '../../../domain/order-access.ts';
import { rowsOf, type Database } from '../../db/client.ts';
import { orderConversations, orderMessageReads, orderMessages, orders } from '../../db/schema.ts';

/** A reader's key: the signed-in person, else a hash of the browser's guest id (a secret, D22); null for neither. */
export function readerOf(accessor: Accessor): string | null {
  if (accessor.user) return `u:${accessor.user.id}`;
  if (accessor.guestId) return `g:${createHash('sha256').update(accessor.guestId).digest('hex')}`;
  return null;
}

/** What `side` reads as the other side's: texts from it, and for customers only public ones. */
function fromOtherSide(side: ReaderSide) {
  return side === 'customer'
    ? sql`m.kind = 'text' and m.author_side = 'staff' and m.visibility = 'public'`
    : sql`m.kind = 'text' and m.author_side = 'customer'`;
}

interface Seen {
  orderId: string;
  reader: string;
  side: ReaderSide;
  seq: number;
}

/**
 * Marks the order's thread read by `reader` up to `seq` (never past its last message, never back),
 * and clears the mail owed to that side once nothing of the other side's is left unread. Answers
 * how far the reader has read now.
 */
export async function markSeen(db: Database, seen: Seen): Promise<number> {
  const unmailed = seen.side === 'customer' ? sql.raw('customer_unmailed_since') : sql.raw('staff_unmailed_since');
  const mailed = seen.side === 'customer' ? sql.raw('customer_mailed_seq') : sql.raw('staff_mailed_seq');
  const result = await db.execute(sql`
    with seen as (
      insert into ${orderMessageReads} as r (order_id, reader, side, last_seen_seq, seen_at)
      values (${seen.orderId}, ${seen.reader}, ${seen.side},
        -- Never past the last message this side can see (a customer's read must not reveal a later private note).
        least(${seen.seq}::bigint, (select coalesce(max(seq), 0) from ${orderMessages} where order_id = ${seen.orderId}${seen.side === 'customer' ? sql` and visibility = 'public'` : sql``})), now())
      on conflict (order_id, reader) do update set last_seen_seq = greatest(r.last_seen_seq, excluded.last_seen_seq), seen_at = now()
      returning last_seen_seq
    ), settled as (
      -- What was read needs no mail: the next one starts after it, and none is owed once nothing is left.
      update ${orderConversations} as c set ${mailed} = greatest(c.${mailed}, seen.last_seen_seq),
        ${unmailed} = case when exists (select 1 from ${orderMessages} as m where m.order_id = ${seen.orderId} and ${fromOtherSide(seen.side)} and m.seq > seen.last_seen_seq) then c.${unmailed} end,
        updated_at = now()
      from seen where c.order_id = ${seen.orderId}
      returning 1
    )
    select last_seen_seq::bigint as seq from seen`);
  return Number(rowsOf<{ seq: string | number }>(result)[0]?.seq ?? 0);
}

/** How far a reader has read each of these orders (0 where never). */
export async function readSeqs(db: Database, orderIds: readonly string[], reader: string | null): Promise<Map<string, number>> {
  const seen = new Map<string, number>();
  if (orderIds.length === 0 || !reader) return seen;
  const result = await db.execute(sql`select order_id, last_seen_seq from ${orderMessageReads} where reader = ${reader} and order_id in (${sql.join(orderIds.map((id) => sql`${id}::uuid`), sql`, `)})`);
  for (const row of rowsOf<{ order_id: string; last_seen_seq: string | number }>(result)) seen.set(row.order_id, Number(row.last_seen_seq));
  return seen;
}

/**
 * The other side's texts `reader` has not read among the messages `among` selects: after what they
 * read, and after what was said before the thread existed. One place for both counts below.
 */
function unreadOf(reader: string | null, side: ReaderSide, among: SQL): SQL {
  return sql`from ${orderMessages} as m
    left join ${orderMessageReads} as r on r.order_id = m.order_id and r.reader = ${reader ?? ''}
    left join ${orderConversations} as c on c.order_id = m.order_id
    where ${among} and ${fromOtherSide(side)}
      and m.seq > greatest(coalesce(r.last_seen_seq, 0), coalesce(c.baseline_seq, 0))`;
}

/** Unread texts of the other side per order for this reader (one query; orders with none are absent). */
export async function unreadCounts(db: Database, orderIds: readonly string[], reader: string | null, side: ReaderSide): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (orderIds.length === 0) return counts;
  const result = await db.execute(sql`
    select m.order_id, count(*)::int as unread
    ${unreadOf(reader, side, sql`m.order_id in (${sql.join(orderIds.map((id) => sql`${id}::uuid`), sql`, `)})`)}
    group by m.order_id`);
  for (const row of rowsOf<{ order_id: string; unread: number }>(result)) counts.set(row.order_id, row.unread);
  return counts;
}

/**
 * What waits for a signed-in person across the store (the top bar's account menu): staff's texts
 * they have not read on their own orders, and for staff the orders whose customer waits for a reply.
 * One query each, on indexes (a customer's orders; the partial index of waiting conversations).
 */
export async function waitingFor(db: Database, user: { id: string; role: string }): Promise<{ unread: number; awaitingReply: number | null }> {
  const [unread, waiting] = await Promise.all([
    db.execute(sql`select count(*)::int as n
      ${unreadOf(`u:${user.id}`, 'customer', sql`m.order_id in (select o.id from ${orders} as o where o.user_id = ${user.id})`)}`),
    user.role === 'admin' ? db.execute(sql`select count(*)::int as n from ${orderConversations} where awaiting_reply_since is not null`) : null,
  ]);
  return {
    unread: rowsOf<{ n: number }>(unread)[0]?.n ?? 0,
    awaitingReply: waiting ? rowsOf<{ n: number }>(waiting)[0]?.n ?? 0 : null,
  };
}
