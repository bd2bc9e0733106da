/**
 * Two store processes on one PostgreSQL database, one Redis and one S3-compatible bucket (issue 13,
 * "must show"): a session, a guest cart, a file, the route and account limits and the mail queue
 * behave as one store; then one process is killed with SIGKILL under order load, its clients retry
 * on the other with the same Idempotency-Key, and no order is lost, duplicated or charged twice,
 * and every mail goes out exactly once. Live events (issue 35): a message posted on one process reaches
 * the streams on the other that may see it within a second, and only those; a stream cut by the kill
 * resumes on the survivor with Last-Event-ID; an unread message is mailed once though both processes
 * run the job. A rolling restart under order load (issue 36): each process SIGTERMed and started
 * again in turn behind a balancer that follows GET /readyz, and no request fails. Runs when
 * TEST_DATABASE_URL and REDIS_URL are set
 * (`npm run test:scale`, and in `npm test`); needs the production build.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newGuestId } from '../../src/domain/guest.ts';
import { startSmtpSink, type SmtpSink } from '../integration/support/smtp-sink.ts';
import { multipart, png } from '../integration/support/files.ts';
import { FAKE_TOSS_CLIENT, FAKE_TOSS_SECRET, startFakeToss } from '../integration/support/toss.ts';
import { openStream } from '../integration/support/sse.ts';
import { startStoreProcess, type StoreProcess } from './store-process.ts';

const adminUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.REDIS_URL;

describe.runIf(adminUrl && redisUrl)('two store processes as one store', () => {
  const name = `store_scale_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const databaseUrl = Object.assign(new URL(adminUrl ?? 'postgres://x/y'), { pathname: `/${name}` }).toString();
  const bucketDir = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 's3rver-scale-'));
  let s3: S3rver;
  let smtp: SmtpSink;
  let toss: Awaited<ReturnType<typeof startFakeToss>>;
  let a: StoreProcess;
  let b: StoreProcess;
  let sql: postgres.Sql;

  beforeAll(async () => {
    const admin = postgres(adminUrl!, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database "${name}"`);
    await admin.end();
    s3 = new S3rver({ port: 0, address: '127.0.0.1', directory: bucketDir, silent: true, configureBuckets: [{ name: 'lumi-scale', configs: [] }] });
    const s3Port = (await s3.run()).port;
    smtp = await startSmtpSink();
    toss = await startFakeToss();
    const env = {
      DATABASE_URL: databaseUrl, REDIS_URL: redisUrl!, TRUST_PROXY: 'loopback', PUBLIC_URL: 'http://shop.test',
      SESSION_SECRET: 'scale-test-session-secret-0123456789abcdef', SMTP_URL: smtp.url,
      ADMIN_EMAIL: 'owner@shop.test', ADMIN_PASSWORD: 'owner-pass-2026',
      S3_BUCKET: 'lumi-scale', S3_ENDPOINT: `http://127.0.0.1:${s3Port}`, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER',
      TOSS_CLIENT_KEY: FAKE_TOSS_CLIENT, TOSS_SECRET_KEY: FAKE_TOSS_SECRET, TOSS_API_BASE: toss.url,
      // An unread message is mailed after a second and a half (its job then runs every second).
      MESSAGE_MAIL_DELAY_MS: '1500',
      // On SIGTERM a process says it is not ready and keeps serving this long (the balancer below asks every 100 ms).
      SHUTDOWN_DRAIN_MS: '800',
    };
    // Started together on the fresh database: the migration race of item 8 is part of this.
    [a, b] = await Promise.all([startStoreProcess('a', env), startStoreProcess('b', env)]);
    sql = postgres(databaseUrl, { max: 2, onnotice: () => {} });
  }, 120_000);

  afterAll(async () => {
    await sql?.end();
    await Promise.all([a?.stop(), b?.stop()]);
    await toss?.stop();
    await smtp?.stop();
    await s3?.close();
    fs.rmSync(bucketDir, { recursive: true, force: true });
    const admin = postgres(adminUrl!, { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }, 60_000);

  // Limits live in Redis and outlast a run (sign-in 15 minutes, contact 10): each run's visitors
  // come from addresses of its own, so a run soon after another does not meet its limits.
  const runNet = randomBytes(4).toString('hex');
  let clientSerial = 0;
  // IPv6 clients are limited per /64 network, so each visitor gets a network of its own.
  const newClientIp = () => `2001:${runNet.slice(0, 4)}:${runNet.slice(4)}:${(++clientSerial).toString(16)}::1`;

  async function call(store: StoreProcess, method: string, url: string, options: { body?: unknown; ip?: string; headers?: Record<string, string>; raw?: { payload: Buffer; contentType: string } } = {}) {
    const headers: Record<string, string> = { 'accept-language': 'ko', 'x-store-country': 'kr', 'x-forwarded-for': options.ip ?? newClientIp(), ...options.headers };
    let body: BodyInit | undefined;
    if (options.raw) {
      headers['content-type'] = options.raw.contentType;
      body = new Uint8Array(options.raw.payload);
    } else if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const response = await fetch(`${store.origin}${url}`, { method, headers, body });
    const text = await response.text();
    let json: Record<string, unknown> = {};
    try {
      json = JSON.parse(text) as Record<string, unknown>;
    } catch {
      // a file or a page
    }
    return { status: response.status, json, headers: response.headers, text };
  }

  it('keeps a session made on one process valid on the other', async () => {
    const email = `scale.${Date.now()}@example.com`;
    const registered = await call(a, 'POST', '/api/auth/register', { body: { email, username: `scale${Date.now()}`, password: 'scale-pass-77', firstName: '민수', lastName: '김' } });
    expect(registered.status, registered.text).toBe(201);
    const cookie = registered.headers.getSetCookie().find((c) => c.startsWith('sid='))!.split(';')[0]!;
    const me = await call(b, 'GET', '/api/auth/me', { headers: { cookie } });
    expect((me.json.user as { email: string }).email).toBe(email);
  });

  it('shows a guest cart filled on one process on the other', async () => {
    const guest = newGuestId();
    expect((await call(a, 'POST', '/api/cart', { body: { templateId: 1, quantity: 2, sessionId: guest } })).status).toBe(201);
    const cart = await call(b, 'GET', `/api/cart?sessionId=${guest}`);
    expect(cart.json.items).toMatchObject([{ templateId: 1, quantity: 2 }]);
  });

  it('serves a file uploaded through one process from the other, out of the shared bucket', async () => {
    const guest = newGuestId();
    const image = await png();
    const uploaded = await call(a, 'POST', `/api/uploads?sessionId=${guest}`, { raw: await multipart([{ name: 'shelf.png', data: image }]) });
    expect(uploaded.status, uploaded.text).toBe(201);
    const [file] = uploaded.json.files as Array<{ url: string }>;
    const response = await fetch(`${b.origin}${file!.url}`, { headers: { 'x-guest-id': guest } });
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(image)).toBe(true);
  });

  it('counts a route limit once for both processes', async () => {
    const ip = newClientIp();
    const message = { name: '김민수', email: 'minsu@example.com', service: 'consultation', message: '두 서버에 걸친 문의 한도 확인입니다.' };
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await call(i % 2 ? b : a, 'POST', '/api/contact', { body: message, ip })).status);
    expect(statuses).toEqual(Array(10).fill(201));
    expect((await call(a, 'POST', '/api/contact', { body: message, ip })).status).toBe(429);
    expect((await call(b, 'POST', '/api/contact', { body: message, ip })).status).toBe(429);
  });

  it('counts sign-in failures once for both processes, for the guessing client only', async () => {
    const email = `guarded.${Date.now()}@example.com`;
    await call(a, 'POST', '/api/auth/register', { body: { email, username: `guarded${Date.now()}`, password: 'guarded-pass-1', firstName: '민수', lastName: '김' } });
    const guesser = newClientIp();
    for (let i = 0; i < 10; i++) await call(i % 2 ? b : a, 'POST', '/api/auth/login', { body: { email, password: `wrong-${i}-x` }, ip: guesser });
    expect((await call(b, 'POST', '/api/auth/login', { body: { email, password: 'guarded-pass-1' }, ip: guesser })).status).toBe(429);
    expect((await call(a, 'POST', '/api/auth/login', { body: { email, password: 'guarded-pass-1' }, ip: newClientIp() })).status).toBe(200);
  });

  it('sends mail queued on one process exactly once, within a second or two', async () => {
    const before = smtp.accepted.length;
    const sent = Date.now();
    await call(b, 'POST', '/api/contact', { body: { name: '이서연', email: 'seoyeon@example.com', service: 'consultation', message: '메일 큐가 한 번만 보내는지 확인합니다.' } });
    await smtp.waitFor(before + 1, 10_000);
    expect(Date.now() - sent).toBeLessThan(3000);
    expect([...smtp.counts.values()].every((count) => count === 1)).toBe(true);
  });

  /** A guest's order paid through the sandbox Toss on `store`: its number and id. */
  async function paidGuestOrder(store: StoreProcess, guestId: string) {
    const key = randomUUID();
    const body = { customerName: '김민수', customerEmail: `live.${guestId.slice(0, 8).toLowerCase()}@example.com`, customerPhone: '010-1234-5678', serviceId: 4, quantity: 1, sessionId: guestId, country: 'kr', isGuestOrder: true };
    const created = await call(store, 'POST', '/api/orders', { body, headers: { 'idempotency-key': key } });
    expect(created.status, created.text).toBe(201);
    const orderNumber = created.json.orderId as string;
    const confirmed = await call(store, 'POST', '/api/confirm', { body: { orderId: orderNumber, amount: created.json.amount, paymentKey: `ok_${key}`, sessionId: guestId } });
    expect(confirmed.status, confirmed.text).toBe(200);
    const [row] = await sql<Array<{ id: string }>>`select id from orders where order_number = ${orderNumber}`;
    return { orderNumber, id: row!.id };
  }

  async function staffCookie(store: StoreProcess) {
    const login = await call(store, 'POST', '/api/auth/login', { body: { email: 'owner@shop.test', password: 'owner-pass-2026' } });
    expect(login.status, login.text).toBe(200);
    return login.headers.getSetCookie().find((c) => c.startsWith('sid='))!.split(';')[0]!;
  }

  /** Waits until `count` sessions of the database listen for live events (a process listens while it has streams). */
  async function listeners(count: number) {
    const deadline = Date.now() + 5000;
    for (;;) {
      const [row] = await sql<Array<{ n: number }>>`select count(*)::int as n from pg_stat_activity where datname = current_database() and query ilike 'listen%order_events%'`;
      const n = row?.n ?? 0;
      if (n >= count) return;
      if (Date.now() > deadline) throw new Error(`${n} of ${count} processes listen for live events`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('brings a message posted on one process to the streams on the other that may see it, within a second', async () => {
    const cookie = await staffCookie(a);
    const buyer = newGuestId();
    const order = await paidGuestOrder(a, buyer);
    const mine = await openStream(b.origin, `/api/events?sessionId=${buyer}`);
    const stranger = await openStream(b.origin, `/api/events?sessionId=${newGuestId()}`);
    const staff = await openStream(b.origin, '/api/events', { cookie });
    expect([mine.response.status, stranger.response.status, staff.response.status]).toEqual([200, 200, 200]);
    await listeners(1);

    const posted = Date.now();
    const answer = await call(a, 'POST', `/api/admin/orders/${order.id}/messages`, { body: { body: '시안은 내일 드립니다.' }, headers: { cookie } });
    expect(answer.status, answer.text).toBe(201);
    const seq = (answer.json.message as { seq: number }).seq;
    await mine.next((e) => e.event === 'message' && e.data.seq === seq, 1000);
    expect(Date.now() - posted).toBeLessThan(1000);
    await staff.next((e) => e.data.seq === seq, 1000);
    // A private note reaches staff's stream on the other process, and never the customer's.
    const note = await call(a, 'POST', `/api/admin/orders/${order.id}/messages`, { body: { body: '결제 확인 완료', private: true }, headers: { cookie } });
    const noteSeq = (note.json.message as { seq: number }).seq;
    await staff.next((e) => e.data.seq === noteSeq, 1000);
    // The customer's own text, posted on B, reaches staff on B; the stranger heard of nothing.
    const asked = await call(b, 'POST', `/api/orders/${order.orderNumber}/messages`, { body: { body: '감사합니다!', sessionId: buyer } });
    const askedSeq = (asked.json.message as { seq: number }).seq;
    await staff.next((e) => e.data.seq === askedSeq, 1000);
    await mine.next((e) => e.data.seq === askedSeq, 1000);
    expect(mine.received.some((e) => e.data.seq === noteSeq)).toBe(false);
    expect(stranger.received.filter((e) => e.event === 'message')).toEqual([]);

    // Away for a while, back on the other process with the last id heard: what came meanwhile, no note.
    await mine.close();
    const meanwhile = await call(b, 'POST', `/api/admin/orders/${order.id}/messages`, { body: { body: '확인했습니다.' }, headers: { cookie } });
    await call(b, 'POST', `/api/admin/orders/${order.id}/messages`, { body: { body: '내부 메모', private: true }, headers: { cookie } });
    const back = await openStream(a.origin, `/api/events?sessionId=${buyer}`, { 'last-event-id': String(askedSeq) });
    const meanwhileSeq = (meanwhile.json.message as { seq: number }).seq;
    await back.next((e) => e.data.seq === meanwhileSeq);
    expect(back.received.filter((e) => e.event === 'message').map((e) => e.data.seq)).toEqual([meanwhileSeq]);
    for (const stream of [back, stranger, staff]) await stream.close();
  });

  it('mails an unread message once, after its delay, though both processes run the job; a text read in time is not mailed', async () => {
    const cookie = await staffCookie(b);
    const buyer = newGuestId();
    const order = await paidGuestOrder(b, buyer);
    // The customer writes on A; staff read it on B at once: no mail to staff.
    const asked = await call(a, 'POST', `/api/orders/${order.orderNumber}/messages`, { body: { body: '파일 형식은 PNG로 부탁드려요.', sessionId: buyer } });
    expect(asked.status, asked.text).toBe(201);
    const read = await call(b, 'POST', `/api/admin/orders/${order.id}/messages/read`, { body: { seq: (asked.json.message as { seq: number }).seq }, headers: { cookie } });
    expect(read.status, read.text).toBe(200);
    // Staff answer twice on two processes; the customer is not there: one mail gathers both.
    await call(a, 'POST', `/api/admin/orders/${order.id}/messages`, { body: { body: 'PNG로 드리겠습니다.' }, headers: { cookie } });
    await call(b, 'POST', `/api/admin/orders/${order.id}/messages`, { body: { body: '배경은 흰색으로 할까요?' }, headers: { cookie } });
    const mails = () => sql<Array<{ kind: string; sent: boolean }>>`select kind, sent_at is not null as sent from mail_outbox where order_id = ${order.id} and kind in ('order_messages', 'staff_messages')`;
    const deadline = Date.now() + 15_000;
    while (!(await mails()).some((m) => m.sent)) {
      if (Date.now() > deadline) throw new Error(`no message mail within 15 s: ${JSON.stringify(await mails())}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // Three more passes of each process's job: still one.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(await mails()).toEqual([{ kind: 'order_messages', sent: true }]);
  });

  it('fails no request in a rolling restart under order load: each process SIGTERMed and started again in turn', async () => {
    // A load balancer: requests go to the processes whose GET /readyz says ready, asked every 100 ms.
    const ready = new Set<StoreProcess>([a, b]);
    let balancing = true;
    const balancer = (async () => {
      while (balancing) {
        await Promise.all([a, b].map(async (store) => {
          const answer = await fetch(`${store.origin}/readyz`, { signal: AbortSignal.timeout(1000) }).catch(() => null);
          if (answer?.ok) ready.add(store);
          else ready.delete(store);
        }));
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    const failures: string[] = [];
    const paid: string[] = [];
    let loading = true;
    let sent = 0;
    const load = Promise.all(Array.from({ length: 8 }, async (_, client) => {
      while (loading) {
        const stores = [...ready];
        if (stores.length === 0) {
          failures.push('no process was ready');
          await new Promise((resolve) => setTimeout(resolve, 50));
          continue;
        }
        const store = stores[(client + sent++) % stores.length]!;
        const guestId = newGuestId();
        const key = randomUUID();
        try {
          const body = { customerName: '김민수', customerEmail: `rolling${client}@example.com`, customerPhone: '010-1234-5678', serviceId: 4, quantity: 1, sessionId: guestId, country: 'kr', isGuestOrder: true };
          const created = await call(store, 'POST', '/api/orders', { body, headers: { 'idempotency-key': key } });
          if (created.status !== 201) { failures.push(`${store.name} create ${created.status} ${created.text.slice(0, 120)}`); continue; }
          const confirmed = await call(store, 'POST', '/api/confirm', { body: { orderId: created.json.orderId, amount: created.json.amount, paymentKey: `ok_${key}`, sessionId: guestId } });
          if (confirmed.status !== 200) { failures.push(`${store.name} confirm ${confirmed.status} ${confirmed.text.slice(0, 120)}`); continue; }
          paid.push(created.json.orderId as string);
        } catch (error) {
          failures.push(`${store.name} ${String((error as Error).cause ?? error)}`);
        }
      }
    }));
    const settle = () => new Promise((resolve) => setTimeout(resolve, 1500));
    await settle();
    const first = await a.restart();
    await settle();
    const second = await b.restart();
    await settle();
    loading = false;
    await load;
    balancing = false;
    await balancer;

    // Both shut down cleanly (exit 0), and no request of the load failed or was refused.
    expect([first.exitCode, second.exitCode]).toEqual([0, 0]);
    expect(failures).toEqual([]);
    expect(paid.length).toBeGreaterThan(20);
    const rows = await sql<Array<{ status: string }>>`select status from orders where order_number = any(${paid})`;
    expect(rows).toHaveLength(paid.length);
    expect(rows.every((row) => row.status === 'order_received')).toBe(true);
    console.log(`rolling restart under load: ${paid.length} orders paid, none failed`);
  }, 180_000);

  it('loses and duplicates nothing when one process is killed under order load', async () => {
    const CLIENTS = 16;
    const ATTEMPTS = 12;
    interface Attempt { guestId: string; key: string; orderId?: string; paid?: boolean }
    const attempts: Attempt[] = [];
    let killed = false;
    let retried = 0;
    /** Once armed, the next request sent to A kills it before A can answer: the kill always finds one in flight. */
    let killArmed = false;
    let killing: Promise<void> | undefined;
    const alive = () => (killed ? [b] : [a, b]);
    // A customer watching their order on the process about to die.
    const watcher = newGuestId();
    const watched = await paidGuestOrder(a, watcher);
    const watching = await openStream(a.origin, `/api/events?sessionId=${watcher}`);
    await watching.next((e) => e.event === 'ready');

    /** Sends to `first`, and after a dropped connection again to the survivor, as a browser's retry would. */
    async function withRetry(first: StoreProcess, send: (store: StoreProcess) => Promise<{ status: number; json: Record<string, unknown> }>) {
      for (let round = 0; round < 5; round++) {
        try {
          const store = round === 0 ? first : b;
          const answer = send(store);
          if (store === a && killArmed && !killing) killing = a.kill();
          return await answer;
        } catch {
          // the process died mid-request: the answer is lost, not the request's effect
          retried++;
        }
      }
      throw new Error('no process answered');
    }

    const load = Promise.all(Array.from({ length: CLIENTS }, async (_, client) => {
      for (let n = 0; n < ATTEMPTS; n++) {
        const attempt: Attempt = { guestId: newGuestId(), key: randomUUID() };
        attempts.push(attempt);
        const ip = newClientIp();
        const body = { customerName: '김민수', customerEmail: `load${client}@example.com`, customerPhone: '010-1234-5678', serviceId: 4, quantity: 2, sessionId: attempt.guestId, country: 'kr', isGuestOrder: true };
        const stores = alive();
        const target = stores[(client + n) % stores.length]!;
        const created = await withRetry(target, (store) => call(store, 'POST', '/api/orders', { body, ip, headers: { 'idempotency-key': attempt.key } }));
        expect(created.status, JSON.stringify(created.json)).toBe(201);
        attempt.orderId = created.json.orderId as string;
        const paymentKey = `ok_${attempt.key}`;
        const confirmed = await withRetry(target, (store) => call(store, 'POST', '/api/confirm', { body: { orderId: attempt.orderId, amount: created.json.amount, paymentKey, sessionId: attempt.guestId }, ip }));
        expect(confirmed.status, JSON.stringify(confirmed.json)).toBe(200);
        attempt.paid = true;
      }
    }));
    // Killed once the load is well under way, with requests in flight on it (or sooner if the load failed).
    let failed = false;
    load.catch(() => (failed = true));
    // The kill must find a request on its way (a fast machine could otherwise kill it between two).
    while (!failed && attempts.filter((x) => x.paid).length < CLIENTS * 3) await new Promise((resolve) => setTimeout(resolve, 5));
    killArmed = true;
    while (!failed && !killing) await new Promise((resolve) => setTimeout(resolve, 1));
    await (killing ?? a.kill());
    killed = true;
    await load;

    // Requests were in flight on the killed process, and were sent again.
    expect(retried).toBeGreaterThan(0);
    expect(attempts).toHaveLength(CLIENTS * ATTEMPTS);
    expect(attempts.every((x) => x.paid)).toBe(true);
    // One order per attempt (each attempt had its own guest id), paid once, with its history.
    const orders = await sql<Array<{ guest_id: string; order_number: string; status: string; history: number }>>`
      select o.guest_id, o.order_number, o.status, (select count(*)::int from order_status_history h where h.order_id = o.id) as history
      from orders o where o.guest_id = any(${attempts.map((x) => x.guestId)})`;
    expect(orders).toHaveLength(attempts.length);
    expect(new Set(orders.map((o) => o.guest_id)).size).toBe(attempts.length);
    expect(orders.every((o) => o.status === 'order_received' && o.history === 2)).toBe(true);
    expect(orders.map((o) => o.order_number).sort()).toEqual(attempts.map((x) => x.orderId).sort());
    // The provider charged each order once.
    const loadOrders = new Set(attempts.map((x) => x.orderId));
    const charges = toss.calls.filter((c) => c.path === '/v1/payments/confirm' && loadOrders.has(String(c.body.orderId)));
    const chargedOrders = new Set(charges.map((c) => String(c.body.orderId)));
    expect(chargedOrders.size).toBe(attempts.length);

    // Every mail of every paid order goes out once: the dead process's claims lapse and the
    // survivor sends them (CLAIM_SECONDS, 30 s), none twice.
    const deadline = Date.now() + 75_000;
    let unsent = -1;
    while (Date.now() < deadline) {
      unsent = (await sql<Array<{ unsent: number }>>`select count(*)::int as unsent from mail_outbox where sent_at is null`)[0]!.unsent;
      if (unsent === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(unsent).toBe(0);
    const { rows } = (await sql<Array<{ rows: number }>>`select count(*)::int as rows from mail_outbox`)[0]!;
    await smtp.waitFor(rows, 10_000);
    expect(new Set(smtp.accepted).size).toBe(rows);
    const twice = [...smtp.counts.entries()].filter(([, count]) => count > 1);
    // A mail accepted by the SMTP server in the instant before the kill, not yet marked, may go
    // twice: at most one per message the dead process had in flight (five).
    expect(twice.length).toBeLessThanOrEqual(5);
    // The watcher's stream died with its process; the browser comes back to the survivor with the
    // last id it was given and hears of what staff said meanwhile.
    const cookie = await staffCookie(b);
    const said = await call(b, 'POST', `/api/admin/orders/${watched.id}/messages`, { body: { body: '서버가 바뀌어도 대화는 이어집니다.' }, headers: { cookie } });
    const lastHeard = watching.received.at(-1)!.id!;
    await watching.close();
    const resumed = await openStream(b.origin, `/api/events?sessionId=${watcher}`, { 'last-event-id': lastHeard });
    await resumed.next((e) => e.data.seq === (said.json.message as { seq: number }).seq);
    await resumed.close();

    console.log(`kill -9 under load: ${attempts.length} orders, ${retried} requests sent again, ${rows} mails, ${twice.length} sent twice`);
  }, 180_000);
});
