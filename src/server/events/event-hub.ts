/**
 * Live events for order screens (D34, issue 35): every open stream (GET /api/events) is told when a
 * message it may see is added to an order's conversation — a text, a private note for staff, or
 * the order's own entry (paid, draft delivered, ...) — and the screen fetches what changed. The
 * database is the source of truth: a wake-up (this instance's `announce()`, another's NOTIFY on
 * PostgreSQL, or a poll every two seconds while streams are open) reads the messages after the last
 * one dispatched, and each goes to the streams the order-access table lets see it (a private note to
 * staff only). An event carries the order's number and the message's place (`seq`), never its
 * words. Identity values may commit out of order: a short window is read again, and what was
 * dispatched is remembered, so nothing is sent twice or skipped.
 */
import { sql, type SQL } from 'drizzle-orm';
import { mayOnOrder, type Accessor } from '../../domain/order-access.ts';
import { notificationsOf, rowsOf, type Database } from '../db/client.ts';
import { orderMessages, orders } from '../db/schema.ts';

export const EVENTS_CHANNEL = 'order_events';
/** A stream told nothing for this long gets a comment line, so proxies and browsers keep it open. */
export const HEARTBEAT_MS = 20_000;
const POLL_MS = 2_000;
/** Messages committed this long after a later-numbered one are still found. */
const OVERLAP_SECONDS = 30;
/** A reconnect that missed more than this reloads instead (`event: reset`). */
export const RESUME_LIMIT = 500;

export interface OrderEvent {
  seq: number;
  orderId: string;
  orderNumber: string;
  private: boolean;
  owner: { orderNumber: string; userId: string | null; guestId: string | null };
}

export interface Stream {
  accessor: Accessor;
  send(event: OrderEvent): void;
  /** Ends the stream (shutdown, the session ended); `retryMs` hints the browser when to come back. */
  end(reason: string, retryMs?: number): void;
}

export interface EventHub {
  /** After a commit that added messages: every instance looks now. */
  announce(): void;
  open(stream: Stream): () => void;
  /** The events a stream missed after `afterSeq` (a reconnect), or null when too many to replay. */
  missed(accessor: Accessor, afterSeq: number): Promise<OrderEvent[] | null>;
  /** The last message's place now: a new stream counts from here. */
  lastSeq(): Promise<number>;
  size(): number;
  /** Ends every stream (shutdown) and stops listening. */
  close(): Promise<void>;
}

interface Row { seq: string | number; order_id: string; visibility: string; order_number: string; user_id: string | null; guest_id: string | null }

const eventOf = (row: Row): OrderEvent => ({
  seq: Number(row.seq), orderId: row.order_id, orderNumber: row.order_number, private: row.visibility === 'private',
  owner: { orderNumber: row.order_number, userId: row.user_id, guestId: row.guest_id },
});

/** Who may hear of an event: whoever may view the order, and for a private note staff alone. */
export const mayHear = (accessor: Accessor, event: OrderEvent) => mayOnOrder(accessor, event.owner, event.private ? 'readNotes' : 'view');

/**
 * The orders whose messages a reconnecting stream may have missed, narrowed in the query (so a
 * customer's replay reads their own orders, not the whole store's); `mayHear` still decides each.
 */
function ordersPossiblyHeardBy(accessor: Accessor): SQL {
  if (accessor.user?.role === 'admin') return sql`true`;
  const mine: SQL[] = [];
  if (accessor.user) mine.push(sql`o.user_id = ${accessor.user.id}`);
  if (accessor.guestId) mine.push(sql`(o.user_id is null and o.guest_id = ${accessor.guestId})`);
  if (accessor.linkedOrderNumber !== null) mine.push(sql`o.order_number = ${accessor.linkedOrderNumber}`);
  return mine.length ? sql`(${sql.join(mine, sql` or `)})` : sql`false`;
}

export function createEventHub(db: Database, log: { warn: (obj: object, msg: string) => void }): EventHub {
  const streams = new Set<Stream>();
  let highWater: number | null = null;
  /** Places dispatched within the overlap window, so a message read twice goes out once. */
  const dispatched = new Map<number, number>();
  let running = false;
  let again = false;
  let poll: ReturnType<typeof setInterval> | undefined;
  const notifications = notificationsOf(db);
  let unlisten: Promise<(() => Promise<void>) | undefined> | undefined;

  async function lastSeq(): Promise<number> {
    const result = await db.execute(sql`select coalesce(max(seq), 0)::bigint as seq from ${orderMessages}`);
    return Number(rowsOf<{ seq: string | number }>(result)[0]?.seq ?? 0);
  }

  const columns = sql`m.seq, m.order_id, m.visibility, o.order_number, o.user_id, o.guest_id`;

  /** Messages after `after`, oldest first; `among` narrows them to some orders. */
  async function readAfter(after: number, limit: number, among: SQL = sql`true`): Promise<Row[]> {
    return rowsOf<Row>(await db.execute(sql`
      select ${columns} from ${orderMessages} as m join ${orders} as o on o.id = m.order_id
      where m.seq > ${after} and ${among} order by m.seq limit ${limit}`));
  }

  /** Messages at or below `upTo` made in the last moments: one whose number came before a message already sent may commit after it. */
  async function readLate(upTo: number): Promise<Row[]> {
    return rowsOf<Row>(await db.execute(sql`
      select ${columns} from ${orderMessages} as m join ${orders} as o on o.id = m.order_id
      where m.seq <= ${upTo} and m.seq > ${upTo} - 5000 and m.created_at > now() - make_interval(secs => ${OVERLAP_SECONDS})
      order by m.seq`));
  }

  async function dispatch(): Promise<void> {
    if (running) { again = true; return; }
    running = true;
    try {
      do {
        again = false;
        if (streams.size === 0) { highWater = null; break; }
        highWater ??= await lastSeq();
        const now = Date.now();
        for (const [seq, at] of dispatched) if (now - at > OVERLAP_SECONDS * 2000) dispatched.delete(seq);
        const rows = [...await readLate(highWater), ...await readAfter(highWater, 1000)];
        for (const row of rows) {
          const event = eventOf(row);
          if (dispatched.has(event.seq)) continue;
          dispatched.set(event.seq, now);
          highWater = Math.max(highWater, event.seq);
          for (const stream of streams) if (mayHear(stream.accessor, event)) stream.send(event);
        }
      } while (again);
    } catch (error) {
      log.warn({ err: error }, 'live events: reading new messages failed; the next wake-up tries again');
    } finally {
      running = false;
    }
  }

  const wake = () => { void dispatch(); };

  function startWatching() {
    poll = setInterval(wake, POLL_MS);
    poll.unref?.();
    // Another instance's message wakes this one at once (PostgreSQL); the embedded database is one process.
    unlisten = notifications?.listen(EVENTS_CHANNEL, wake, wake).catch((error: unknown) => {
      log.warn({ err: error }, 'live events: cannot listen for other instances; polling every two seconds');
      return undefined;
    });
  }

  async function stopWatching() {
    if (poll) clearInterval(poll);
    poll = undefined;
    const stop = await unlisten;
    unlisten = undefined;
    await stop?.();
  }

  let lastNotify = 0;
  let notifyTimer: ReturnType<typeof setTimeout> | undefined;
  return {
    announce() {
      wake();
      if (!notifications || notifyTimer) return;
      // At most one NOTIFY every 50 ms, whatever the rate of messages.
      const wait = Math.max(0, lastNotify + 50 - Date.now());
      notifyTimer = setTimeout(() => {
        notifyTimer = undefined;
        lastNotify = Date.now();
        notifications.notify(EVENTS_CHANNEL).catch((error: unknown) => log.warn({ err: error }, 'live events: NOTIFY failed; other instances see it within two seconds'));
      }, wait);
    },
    open(stream) {
      if (streams.size === 0) startWatching();
      streams.add(stream);
      return () => {
        streams.delete(stream);
        if (streams.size === 0) void stopWatching();
      };
    },
    async missed(accessor, afterSeq) {
      const rows = await readAfter(afterSeq, RESUME_LIMIT + 1, ordersPossiblyHeardBy(accessor));
      if (rows.length > RESUME_LIMIT) return null;
      return rows.map(eventOf).filter((event) => mayHear(accessor, event));
    },
    lastSeq,
    size: () => streams.size,
    async close() {
      if (notifyTimer) clearTimeout(notifyTimer);
      // A random retry spreads the reconnections of a restart over a few seconds.
      for (const stream of [...streams]) stream.end('restart', 1000 + Math.floor(Math.random() * 4000));
      streams.clear();
      await stopWatching();
    },
  };
}
