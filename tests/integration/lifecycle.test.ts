/**
 * The lifecycle's one transition function (src/server/features/orders/lifecycle.ts, D30) against a
 * real database: for every event, every starting status, every actor (and every status staff may
 * choose), an order is put in that status directly and `transition()` is called. What the table in
 * src/domain/lifecycle.ts allows (copied by hand in support/lifecycle-table.ts) writes the status,
 * the columns that go with it, exactly one history row (from, to, actor, note) and exactly the
 * table's mails; everything else throws or answers `changed: false` and writes nothing. Also: a
 * failed condition, a rolled-back transaction, an unknown order and two changes at once.
 */
import { randomBytes } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../src/domain/errors.ts';
import { LIFECYCLE, type Actor, type LifecycleEvent } from '../../src/domain/lifecycle.ts';
import type { OrderStatus } from '../../src/domain/statuses.ts';
import type { Database } from '../../src/server/db/client.ts';
import { mailOutbox, orderMessages, orderStatusHistory, orders } from '../../src/server/db/schema.ts';
import { requireTransition, transition, type ChangeOutcome } from '../../src/server/features/orders/lifecycle.ts';
import { BACKENDS, useTestServer } from './harness.ts';
import { ALL_ACTORS, EVENTS, STATUSES, expectedChange } from './support/lifecycle-table.ts';

/** Hundreds of rows in one insert, which passes over no taken number: numbers of the long old form, never alike. */
const newOrderNumber = () => `SL-${randomBytes(18).toString('base64url')}`;

interface Case {
  event: LifecycleEvent;
  from: OrderStatus;
  actor: Actor;
  to?: OrderStatus;
  orderId: string;
  note: string;
}

type Outcome = { ok: ChangeOutcome } | { error: unknown };

/** JSON with sorted keys: jsonb gives keys back in its own order. */
const canonical = (value: unknown) => JSON.stringify(Object.entries((value ?? {}) as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)));
const codeOf = (error: unknown) => (error instanceof DomainError ? error.code : String(error));

describe.each(BACKENDS)('the lifecycle table through transition() on %s', (backend) => {
  const server = useTestServer(backend);
  const db = () => server().database.db;

  /** Orders put straight into these statuses (one multi-row insert); their ids in the same order. */
  async function ordersIn(statuses: readonly OrderStatus[], extra: Partial<typeof orders.$inferInsert> = {}): Promise<string[]> {
    if (statuses.length === 0) return [];
    const rows = await db().insert(orders).values(statuses.map((status) => ({
      orderNumber: newOrderNumber(), customerName: 'Lifecycle Test', customerEmail: 'lifecycle@example.com', orderType: 'service' as const,
      orderName: 'Lifecycle test order', country: 'kr' as const, currency: 'KRW', language: 'ko' as const, amountKrw: 50_000, amountMinor: 50_000,
      status, ...extra,
    }))).returning({ id: orders.id });
    return rows.map((r) => r.id);
  }

  async function writtenFor(ids: string[]) {
    const [rows, history, mails, entries] = await Promise.all([
      db().select().from(orders).where(inArray(orders.id, ids)),
      db().select().from(orderStatusHistory).where(inArray(orderStatusHistory.orderId, ids)),
      db().select().from(mailOutbox).where(inArray(mailOutbox.orderId, ids)),
      db().select().from(orderMessages).where(inArray(orderMessages.orderId, ids)),
    ]);
    const group = <T extends { orderId: string | null }>(list: T[]) => {
      const by = new Map<string, T[]>();
      for (const item of list) by.set(item.orderId!, [...(by.get(item.orderId!) ?? []), item]);
      return by;
    };
    return { rows: new Map(rows.map((r) => [r.id, r])), history: group(history), mails: group(mails), entries: group(entries) };
  }

  const attempt = async (change: Parameters<typeof transition>[1], on: Database = db()): Promise<Outcome> => {
    try {
      return { ok: await transition(on, change) };
    } catch (error) {
      return { error };
    }
  };

  it('allows exactly the table\'s changes, each with one history row and its mails, and writes nothing for the rest', async () => {
    const plan: Array<Omit<Case, 'orderId' | 'note'>> = [];
    for (const event of EVENTS) {
      for (const from of STATUSES) {
        for (const actor of ALL_ACTORS) {
          if (event === 'setByStaff') for (const to of STATUSES) plan.push({ event, from, actor, to });
          else plan.push({ event, from, actor });
        }
      }
    }
    const ids = await ordersIn(plan.map((p) => p.from));
    const cases: Case[] = plan.map((p, i) => ({ ...p, orderId: ids[i]!, note: `case ${i}: ${p.event} by ${p.actor}` }));
    const before = await writtenFor(ids);

    const outcomes = await Promise.all(cases.map((c, i) => attempt({
      orderId: c.orderId, event: c.event, actor: c.actor, to: c.to, note: c.note,
      // A column that changes with the status, and what the mails report besides it.
      set: { adminComments: c.note }, mailPayload: { case: c.note }, entryData: { round: i },
    })));
    const after = await writtenFor(ids);

    const wrong: string[] = [];
    let allowed = 0;
    cases.forEach((c, i) => {
      const name = `${c.event} ${c.from} by ${c.actor}${c.to ? ` to ${c.to}` : ''}`;
      const outcome = outcomes[i]!;
      const want = expectedChange(c.event, c.from, c.actor, c.to);
      const row = after.rows.get(c.orderId)!;
      const history = after.history.get(c.orderId) ?? [];
      const mails = after.mails.get(c.orderId) ?? [];
      const entries = (after.entries.get(c.orderId) ?? []).map((m) => ({ kind: m.kind, side: m.authorSide, actor: m.authorActor, event: m.event, data: canonical(m.data), body: m.body, visibility: m.visibility }));
      if (want) {
        allowed += 1;
        if (!('ok' in outcome)) return wrong.push(`${name}: threw ${codeOf(outcome.error)}`);
        if (JSON.stringify(outcome.ok) !== JSON.stringify({ changed: true, from: c.from, to: want.to })) wrong.push(`${name}: answered ${JSON.stringify(outcome.ok)}`);
        if (row.status !== want.to) wrong.push(`${name}: status ${row.status}, want ${want.to}`);
        if (row.adminComments !== c.note) wrong.push(`${name}: the columns set with the change were not written`);
        if (row.updatedAt.getTime() === before.rows.get(c.orderId)!.updatedAt.getTime()) wrong.push(`${name}: updated_at not moved`);
        const h = history.map((x) => ({ from: x.fromStatus, to: x.toStatus, actor: x.actor, actorUserId: x.actorUserId, note: x.note }));
        if (JSON.stringify(h) !== JSON.stringify([{ from: c.from, to: want.to, actor: c.actor, actorUserId: null, note: c.note }])) wrong.push(`${name}: history ${JSON.stringify(h)}`);
        const kinds = mails.map((m) => m.kind).sort();
        if (JSON.stringify(kinds) !== JSON.stringify([...want.mails].sort())) wrong.push(`${name}: mails ${kinds.join(',') || '-'}, want ${want.mails.join(',') || '-'}`);
        for (const mail of mails) {
          if (canonical(mail.payload) !== canonical({ case: c.note, from: c.from, to: want.to })) {
            wrong.push(`${name}: mail payload ${JSON.stringify(mail.payload)}`);
          }
        }
        // The conversation's one entry: the statuses and the caller's facts, never the note (staff's words).
        const entry = { kind: 'system', side: 'system', actor: c.actor, event: LIFECYCLE[c.event].entry, data: canonical({ from: c.from, round: i, to: want.to }), body: null, visibility: 'public' };
        if (JSON.stringify(entries) !== JSON.stringify([entry])) wrong.push(`${name}: entries ${JSON.stringify(entries)}`);
      } else {
        if ('ok' in outcome) {
          if (outcome.ok.changed || outcome.ok.from !== c.from) wrong.push(`${name}: answered ${JSON.stringify(outcome.ok)} for a change the table does not list`);
        } else if (codeOf(outcome.error) !== 'TRANSITION_NOT_ALLOWED') {
          wrong.push(`${name}: threw ${codeOf(outcome.error)}, want TRANSITION_NOT_ALLOWED or changed: false`);
        }
        if (JSON.stringify(row) !== JSON.stringify(before.rows.get(c.orderId))) wrong.push(`${name}: the order row changed`);
        if (history.length > 0) wrong.push(`${name}: wrote ${history.length} history rows`);
        if (mails.length > 0) wrong.push(`${name}: queued ${mails.map((m) => m.kind).join(',')}`);
        if (entries.length > 0) wrong.push(`${name}: wrote ${entries.length} entries`);
      }
      return undefined;
    });
    expect(wrong).toEqual([]);
    // The walk covered both sides: the 75 listed changes from an existing status (34 + 43 less the
    // two that start from a new order) and the hundreds the table does not list.
    expect(cases.length).toBe(14 * 8 * 5 + 8 * 5 * 8);
    expect(allowed).toBe(32 + 43);
    // Both ways of refusing happen: before the database for an actor the event is not for, and
    // `changed: false` for a status it does not start from.
    expect(outcomes.filter((o) => 'error' in o).length).toBeGreaterThan(100);
    expect(outcomes.filter((o) => 'ok' in o && !o.ok.changed).length).toBeGreaterThan(50);
  });

  it('opens no order through transition(): placed and consultationOpened start from nothing', async () => {
    const [id] = await ordersIn(['pending']);
    for (const event of ['placed', 'consultationOpened'] as const) {
      const outcome = await attempt({ orderId: id!, event, actor: 'customer', note: 'again' });
      expect('error' in outcome && codeOf(outcome.error)).toBe('TRANSITION_NOT_ALLOWED');
    }
    const written = await writtenFor([id!]);
    expect(written.rows.get(id!)!.status).toBe('pending');
    expect(written.history.get(id!)).toBeUndefined();
    expect(written.mails.get(id!)).toBeUndefined();
  });

  it('writes nothing when the extra condition fails (a quote expired before the payment), and pays while it holds', async () => {
    const [expired, valid] = await Promise.all([
      ordersIn(['quoted'], { orderType: 'consultation', quoteValidUntil: new Date(Date.now() - 1000) }),
      ordersIn(['quoted'], { orderType: 'consultation', quoteValidUntil: new Date(Date.now() + 3600_000) }),
    ]);
    // The condition settle.service.ts pays with.
    const paid = (orderId: string) => transition(db(), {
      orderId, event: 'paid', actor: 'provider', note: 'payment confirmed (test)', set: { paidAt: new Date(), paymentProvider: 'toss' },
      when: sql`(o.status = 'pending' or o.quote_valid_until > now()) and o.amount_minor = ${50_000}`,
    });
    expect(await paid(expired[0]!)).toEqual({ changed: false, from: 'quoted', to: 'order_received' });
    expect(await paid(valid[0]!)).toEqual({ changed: true, from: 'quoted', to: 'order_received' });
    const written = await writtenFor([expired[0]!, valid[0]!]);
    expect(written.rows.get(expired[0]!)).toMatchObject({ status: 'quoted', paidAt: null, paymentProvider: null });
    expect(written.history.get(expired[0]!)).toBeUndefined();
    expect(written.mails.get(expired[0]!)).toBeUndefined();
    expect(written.rows.get(valid[0]!)).toMatchObject({ status: 'order_received', paidAt: expect.any(Date), paymentProvider: 'toss' });
    expect(written.history.get(valid[0]!)!.map((h) => [h.fromStatus, h.toStatus, h.actor])).toEqual([['quoted', 'order_received', 'provider']]);
    expect(written.mails.get(valid[0]!)!.map((m) => m.kind).sort()).toEqual(['order_paid', 'staff_order']);
  });

  it('takes part in the caller\'s transaction: rolled back, nothing stays', async () => {
    const [id] = await ordersIn(['quoted'], { orderType: 'consultation', quoteValidUntil: new Date(Date.now() - 1000) });
    await expect(db().transaction(async (tx) => {
      const outcome = await transition(tx as unknown as Database, { orderId: id!, event: 'quoteExpired', actor: 'system', note: 'quote expired unpaid' });
      expect(outcome.changed).toBe(true);
      throw new Error('rolled back');
    })).rejects.toThrow('rolled back');
    const written = await writtenFor([id!]);
    expect(written.rows.get(id!)!.status).toBe('quoted');
    expect(written.history.get(id!)).toBeUndefined();
    expect(written.mails.get(id!)).toBeUndefined();
  });

  it('says NOT_FOUND for an unknown order, and requireTransition says why a change was refused', async () => {
    const unknown = await attempt({ orderId: '00000000-0000-4000-8000-000000000000', event: 'quoteExpired', actor: 'system', note: 'x' });
    expect('error' in unknown && codeOf(unknown.error)).toBe('NOT_FOUND');
    const [cancelled, received] = await ordersIn(['cancelled', 'order_received']);
    const refusal = async (orderId: string) => {
      try {
        await requireTransition(db(), { orderId, event: 'quoteDeclined', actor: 'customer', note: 'x' });
        return 'changed';
      } catch (error) {
        return codeOf(error);
      }
    };
    expect(await refusal(cancelled!)).toBe('ORDER_CANCELLED');
    expect(await refusal(received!)).toBe('TRANSITION_NOT_ALLOWED');
    const written = await writtenFor([cancelled!, received!]);
    expect(written.history.size + written.mails.size).toBe(0);
  });

  // PostgreSQL only: PGlite runs one transaction at a time, so there a change cannot start before
  // another and be written after it. A history row's time is the change's own (clock_timestamp()),
  // not its transaction's start: a change that began first but waited (a lock, a round trip) is
  // still listed after the change it followed. Seen with two staff sending a quote at once; here
  // made certain by a transaction that begins, lets another change commit, then makes its own.
  (backend === 'postgres' ? it : it.skip)('lists history rows in the order the changes were made, also when a transaction began before the other committed', async () => {
    const [id] = await ordersIn(['quote_review'], { orderType: 'consultation' });
    await db().transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      // Another request sends the first quote and commits ...
      expect(await transition(db(), { orderId: id!, event: 'quoteSent', actor: 'staff', note: 'v1' })).toMatchObject({ changed: true });
      // ... then this one, begun earlier, sends the second.
      expect(await transition(tx as unknown as Database, { orderId: id!, event: 'quoteSent', actor: 'staff', note: 'v2' })).toMatchObject({ changed: true, from: 'quoted' });
    });
    const history = await db().select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, id!)).orderBy(orderStatusHistory.createdAt, orderStatusHistory.id);
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.note])).toEqual([['quote_review', 'quoted', 'v1'], ['quoted', 'quoted', 'v2']]);
  });

  it('lets one of two changes at once win: a decline racing the expiry job, a payment racing the unpaid-order job', async () => {
    const quoted = await ordersIn(Array.from({ length: 10 }, () => 'quoted' as const), { orderType: 'consultation', quoteValidUntil: new Date(Date.now() - 1000) });
    const pending = await ordersIn(Array.from({ length: 10 }, () => 'pending' as const));
    await Promise.all([
      ...quoted.flatMap((orderId) => [
        transition(db(), { orderId, event: 'quoteDeclined', actor: 'customer', note: 'declined' }),
        transition(db(), { orderId, event: 'quoteExpired', actor: 'system', note: 'expired' }),
      ]),
      ...pending.flatMap((orderId) => [
        transition(db(), { orderId, event: 'paid', actor: 'provider', note: 'paid', set: { paidAt: new Date() } }),
        transition(db(), { orderId, event: 'expiredUnpaid', actor: 'system', note: 'expired' }),
      ]),
    ]);
    const written = await writtenFor([...quoted, ...pending]);
    for (const id of [...quoted, ...pending]) {
      const history = written.history.get(id)!;
      expect(history, id).toHaveLength(1);
      const [h] = history;
      expect(written.rows.get(id)!.status).toBe(h!.toStatus);
      const kinds = (written.mails.get(id) ?? []).map((m) => m.kind).sort();
      const want = { cancelled: quoted.includes(id) ? ['order_status', 'staff_quote'] : [], quote_review: ['staff_quote'], order_received: ['order_paid', 'staff_order'] }[h!.toStatus as string];
      expect(kinds, `${id} ${h!.toStatus}`).toEqual(want);
    }
  });
});
