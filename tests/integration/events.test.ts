/**
 * Live events (issue 35): GET /api/events over a real socket. Each stream hears of exactly the
 * messages the order-access table lets its caller see (a private note: staff only); a reconnect
 * with Last-Event-ID replays what it missed; a caller naming nobody is refused; on PostgreSQL a
 * message posted on one instance reaches a stream on another within a second.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { newGuestId } from '../../src/domain/guest.ts';
import { rowsOf } from '../../src/server/db/client.ts';
import { orderMessages, orders, users } from '../../src/server/db/schema.ts';
import { BACKENDS, useSecondInstance, useTestServer, type TestServer } from './harness.ts';
import { paidGuestOrder } from './support/guest-orders.ts';
import { staffApi } from './support/staff.ts';
import { openStream } from './support/sse.ts';

async function listening(server: () => TestServer): Promise<string> {
  const address = await server().app.listen({ port: 0, host: '127.0.0.1' });
  return address;
}

describe.each(BACKENDS)('live events on %s', (backend) => {
  const server = useTestServer(backend);
  const s = staffApi(server);
  let origin: string;
  beforeAll(async () => { origin = await listening(server); });


  it('tells each stream of what it may see, and only that; a reconnect gets what it missed', async () => {
    const admin = await s.admin();
    const buyer = newGuestId();
    const order = await paidGuestOrder(s, buyer);
    const mine = await openStream(origin, `/api/events?sessionId=${buyer}`);
    const stranger = await openStream(origin, `/api/events?sessionId=${newGuestId()}`);
    const staff = await openStream(origin, '/api/events', { cookie: admin.cookie });
    expect(mine.response.status).toBe(200);
    expect(mine.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(mine.response.headers.get('x-content-type-options')).toBe('nosniff');

    const note = (await s.call('POST', `/api/admin/orders/${order.id}/messages`, { body: 'Private', private: true }, { cookie: admin.cookie })).json().message;
    const answer = (await s.call('POST', `/api/admin/orders/${order.id}/messages`, { body: 'Public' }, { cookie: admin.cookie })).json().message;
    const heard = await mine.next((e) => e.event === 'message' && e.data.seq === answer.seq);
    expect(heard).toEqual({ event: 'message', id: String(answer.seq), data: { order: order.orderNumber, seq: answer.seq } });
    expect(await staff.next((e) => e.data.seq === note.seq)).toMatchObject({ data: { order: order.orderNumber, id: order.id, seq: note.seq } });
    await staff.next((e) => e.data.seq === answer.seq);
    // The customer never hears of the note, not even its place; a stranger hears of nothing.
    expect(mine.received.some((e) => e.data.seq === note.seq)).toBe(false);
    expect(stranger.received.filter((e) => e.event === 'message')).toEqual([]);

    // Gone for a while: the reconnect replays what came meanwhile (the note still not).
    await mine.close();
    const meanwhile = (await s.call('POST', `/api/admin/orders/${order.id}/messages`, { body: 'While you were away' }, { cookie: admin.cookie })).json().message;
    await s.call('POST', `/api/admin/orders/${order.id}/messages`, { body: 'Another note', private: true }, { cookie: admin.cookie });
    const back = await openStream(origin, `/api/events?sessionId=${buyer}`, { 'last-event-id': String(answer.seq) });
    await back.next((e) => e.data.seq === meanwhile.seq);
    expect(back.received.filter((e) => e.event === 'message').map((e) => e.data.seq)).toEqual([meanwhile.seq]);
    // The order's own entries are events too: a status change reaches its customer.
    await s.call('PATCH', `/api/orders/${order.id}/status`, { status: 'in_progress' }, { cookie: admin.cookie });
    await back.next((e) => e.event === 'message' && (e.data.seq as number) > meanwhile.seq);
    for (const stream of [back, stranger, staff]) await stream.close();
  });

  it('tells a new stream its place at once, so a browser that heard nothing before a drop misses nothing', async () => {
    const admin = await s.admin();
    const buyer = newGuestId();
    const order = await paidGuestOrder(s, buyer);
    const first = await openStream(origin, `/api/events?sessionId=${buyer}`);
    const ready = await first.next((e) => e.event === 'ready');
    const { lastSeq } = (await s.call('GET', `/api/admin/orders/${order.id}/messages`, undefined, { cookie: admin.cookie })).json();
    expect(Number(ready.id)).toBeGreaterThanOrEqual(lastSeq);
    await first.close();
    const meanwhile = (await s.call('POST', `/api/admin/orders/${order.id}/messages`, { body: 'Posted during the drop' }, { cookie: admin.cookie })).json().message;
    // The browser sends the id it was given: the reconnect replays the message, and says no `ready`.
    const back = await openStream(origin, `/api/events?sessionId=${buyer}`, { 'last-event-id': ready.id! });
    await back.next((e) => e.data.seq === meanwhile.seq);
    expect(back.received.map((e) => e.event)).toEqual(['message']);
    await back.close();
  });

  it('refuses a caller who names nobody, and a private link without its key', async () => {
    const nobody = await fetch(`${origin}/api/events`);
    expect(nobody.status).toBe(400);
    expect((await nobody.json()).code).toBe('VALIDATION_FAILED');
    expect((await fetch(`${origin}/api/events?order=SL-2611-0000-000&key=${'a'.repeat(43)}`)).status).toBe(400);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('live events across two instances on PostgreSQL', () => {
  const first = useTestServer('postgres');
  const second = useSecondInstance(first);
  const s = staffApi(first);
  let origin: string;
  beforeAll(async () => { origin = await listening(second); });
  afterAll(async () => { await second().app.close(); });

  it('brings a message posted on one instance to a stream on the other within a second', async () => {
    const admin = await s.admin();
    const stream = await openStream(origin, '/api/events', { cookie: admin.cookie });
    expect(stream.response.status).toBe(200);
    // The second instance listens once it has a stream; wait until PostgreSQL has it listening.
    const deadline = Date.now() + 5000;
    const listeners = async () => rowsOf<{ n: number }>(await s.db().execute(sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and query ilike '%order_events%'`))[0]!.n;
    while (await listeners() < 1) {
      if (Date.now() > deadline) throw new Error('no instance is listening');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const order = (await s.api.call('POST', '/api/orders', { customerName: 'Park', customerEmail: 'park.live@example.com', customerPhone: '010-1111-2222', serviceId: 1, quantity: 1, country: 'kr', sessionId: newGuestId() }, { 'x-store-country': 'kr' })).json();
    const [row] = await s.db().select().from(orders).where(eq(orders.orderNumber, order.orderId));
    const posted = Date.now();
    const message = (await s.call('POST', `/api/admin/orders/${row!.id}/messages`, { body: 'Across' }, { cookie: admin.cookie })).json().message;
    await stream.next((e) => e.data.seq === message.seq, 1000);
    expect(Date.now() - posted).toBeLessThan(1000);
    await stream.close();
  });

  it('sends a message whose number came first but whose commit came later, once', async () => {
    const admin = await s.admin();
    const stream = await openStream(origin, '/api/events', { cookie: admin.cookie });
    const order = (await s.api.call('POST', '/api/orders', { customerName: 'Park', customerEmail: 'park.late@example.com', customerPhone: '010-1111-2222', serviceId: 1, quantity: 1, country: 'kr', sessionId: newGuestId() }, { 'x-store-country': 'kr' })).json();
    const [row] = await s.db().select().from(orders).where(eq(orders.orderNumber, order.orderId));
    let release!: () => void;
    const held = new Promise<void>((resolve) => { release = resolve; });
    let lateSeq = 0;
    // A writer takes its number, then waits before committing; another message is posted and sent meanwhile.
    const late = s.db().transaction(async (tx) => {
      const [inserted] = await tx.insert(orderMessages).values({ orderId: row!.id, kind: 'text', authorSide: 'staff', body: 'Late' }).returning({ seq: orderMessages.seq });
      lateSeq = inserted!.seq;
      await held;
    });
    while (lateSeq === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    const early = (await s.call('POST', `/api/admin/orders/${row!.id}/messages`, { body: 'Early' }, { cookie: admin.cookie })).json().message;
    await stream.next((e) => e.data.seq === early.seq);
    expect(early.seq).toBeGreaterThan(lateSeq);
    release();
    await late;
    await stream.next((e) => e.data.seq === lateSeq, 5000);
    // Read again on later wake-ups, sent once.
    await s.call('POST', `/api/admin/orders/${row!.id}/messages`, { body: 'After' }, { cookie: admin.cookie });
    const after = stream.received.filter((e) => e.event === 'message');
    await stream.next((e) => (e.data.seq as number) > early.seq && e.data.seq !== lateSeq);
    expect(stream.received.filter((e) => e.data.seq === lateSeq)).toHaveLength(1);
    expect(after.filter((e) => e.data.seq === early.seq)).toHaveLength(1);
    await stream.close();
  });
});

describe('live events end with the session', () => {
  // A heartbeat every 100 ms: every third checks the session (300 ms here, a minute by default).
  const server = useTestServer('pglite', { EVENTS_HEARTBEAT_MS: '100' });
  const s = staffApi(server);
  let origin: string;
  beforeAll(async () => { origin = await listening(server); });

  it("ends a customer's stream when they sign out, and staff's when they are no longer staff", async () => {
    const customer = await s.customer();
    const mine = await openStream(origin, '/api/events', { cookie: customer.cookie });
    await mine.next((e) => e.event === 'ready');
    expect((await s.call('POST', '/api/auth/logout', {}, { cookie: customer.cookie })).statusCode).toBe(200);
    expect(await mine.next((e) => e.event === 'bye', 3000)).toMatchObject({ data: { reason: 'signed-out' } });

    const admin = await s.admin();
    const staff = await openStream(origin, '/api/events', { cookie: admin.cookie });
    await staff.next((e) => e.event === 'ready');
    await s.db().update(users).set({ role: 'customer' }).where(eq(users.email, admin.account.email));
    expect(await staff.next((e) => e.event === 'bye', 3000)).toMatchObject({ data: { reason: 'signed-out' } });
    // A stream whose session holds goes on.
    const other = await s.customer();
    const kept = await openStream(origin, '/api/events', { cookie: other.cookie });
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(kept.received.map((e) => e.event)).toEqual(['ready']);
    for (const stream of [mine, staff, kept]) await stream.close();
  });
});
