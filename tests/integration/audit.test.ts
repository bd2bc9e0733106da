/**
 * Staff actions on the audit trail (issue 36), over HTTP against a real database: what each row
 * says before and after, where staff acted from (the balancer's forwarded address only when it is
 * trusted), that a refused call writes no row, that words and customers' details stay out of it,
 * and that the store promoting an administrator at start is on it too.
 */
import { eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { AUDIT_FACT_ORDER, AUDIT_HIDDEN_FACTS } from '../../src/domain/audit.ts';
import { ensureAdmin } from '../../src/server/features/accounts/admin-bootstrap.ts';
import { auditEvents, orders, refunds, users } from '../../src/server/db/schema.ts';
import { BACKENDS, useTestServer } from './harness.ts';
import { multipart, png } from './support/files.ts';
import { staffApi } from './support/staff.ts';

const silentLog = pino({ level: 'silent' });

describe.each(BACKENDS)('the audit trail of staff actions on %s', (backend) => {
  const server = useTestServer(backend);
  const s = staffApi(server);
  const rowsAfter = async (last: number) => s.db().select().from(auditEvents).where(sql`${auditEvents.id} > ${last}`).orderBy(auditEvents.id);
  const lastId = async () => (await s.db().select({ last: sql<number>`coalesce(max(${auditEvents.id}), 0)::int` }).from(auditEvents))[0]!.last;

  it('records a status change and a comment as facts: statuses and lengths, never the words or the customer', async () => {
    const owner = await s.customer();
    const admin = await s.admin();
    const order = await s.paidOrder(owner.cookie, owner.account.email);
    const start = await lastId();
    expect((await s.call('PATCH', `/api/orders/${order.id}/status`, { status: 'in_progress', note: 'Started the shoot' }, { cookie: admin.cookie })).statusCode).toBe(200);
    expect((await s.call('PATCH', `/api/orders/${order.id}/comments`, { comments: 'Your photos are on the way' }, { cookie: admin.cookie })).statusCode).toBe(200);
    // The same comment again changes nothing, and records nothing.
    expect((await s.call('PATCH', `/api/orders/${order.id}/comments`, { comments: 'Your photos are on the way' }, { cookie: admin.cookie })).statusCode).toBe(200);
    const rows = await rowsAfter(start);
    expect(rows.map((r) => [r.action, r.subjectType, r.subjectId, r.orderId, r.before, r.after])).toEqual([
      ['order.status', 'order', order.id, order.id, { status: 'order_received' }, { status: 'in_progress', noteChars: 17 }],
      ['order.comment', 'order', order.id, order.id, { chars: 0 }, { chars: 26, messageSeq: expect.any(Number) }],
    ]);
    const written = JSON.stringify(rows);
    for (const secret of ['Started the shoot', 'Your photos', owner.account.email, '김민수', '010-1234-5678']) expect(written).not.toContain(secret);
  });

  it('writes no row for a refused call: a cancelled order, files for it, a quote on an order that is not a consultation', async () => {
    const owner = await s.customer();
    const admin = await s.admin();
    const order = await s.paidOrder(owner.cookie, owner.account.email);
    expect((await s.call('POST', `/api/admin/orders/${order.id}/cancel`, { refundAmount: 0, reason: 'Asked by phone' }, { cookie: admin.cookie })).statusCode).toBe(200);
    const before = await s.snapshot();
    const start = await lastId();

    const status = await s.call('PATCH', `/api/orders/${order.id}/status`, { status: 'in_progress' }, { cookie: admin.cookie });
    expect([status.statusCode, status.json().code]).toEqual([409, 'ORDER_CANCELLED']);
    const form = await multipart([{ name: 'final.png', data: await png() }]);
    const files = await s.inject({ method: 'POST', url: `/api/admin/orders/${order.id}/deliverables?purpose=final`, payload: form.payload, headers: { 'content-type': form.contentType, cookie: admin.cookie } });
    expect([files.statusCode, files.json().code]).toEqual([409, 'NOT_DELIVERABLE']);
    const quote = await s.call('PUT', `/api/admin/orders/${order.id}/quote`, { lines: [{ description: 'Shoot', amount: 100_000 }], validDays: 7 }, { cookie: admin.cookie });
    expect([quote.statusCode, quote.json().code]).toEqual([409, 'NOT_A_CONSULTATION']);
    const cancelled = await s.call('POST', `/api/admin/orders/${order.id}/cancel`, { refundAmount: 0, reason: 'Again' }, { cookie: admin.cookie });
    expect(cancelled.json().code).toBe('ORDER_CANCELLED');

    expect(await rowsAfter(start)).toEqual([]);
    expect(await s.snapshot()).toEqual(before);
  });

  it('records a cancel with its refund (the refund id, amount and currency) and files delivered by their digest, not their name', async () => {
    const owner = await s.customer();
    const admin = await s.admin();
    const order = await s.paidOrder(owner.cookie, owner.account.email);
    const half = Math.floor(order.amountMinor / 2);
    const start = await lastId();
    const form = await multipart([{ name: 'kim-minsu-private-name.png', data: await png() }]);
    const delivered = await s.inject({ method: 'POST', url: `/api/admin/orders/${order.id}/deliverables?purpose=final`, payload: form.payload, headers: { 'content-type': form.contentType, cookie: admin.cookie } });
    expect(delivered.statusCode, delivered.body).toBe(201);
    const cancel = await s.call('POST', `/api/admin/orders/${order.id}/cancel`, { refundAmount: half, reason: 'Half the work' }, { cookie: admin.cookie });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const [refund] = await s.db().select().from(refunds).where(eq(refunds.orderId, order.id));
    const rows = await rowsAfter(start);
    expect(rows.map((r) => [r.action, r.before, r.after])).toEqual([
      ['files.delivered', { status: 'order_received' }, { status: 'order_received', purpose: 'final', files: [{ id: expect.any(String), mimeType: 'image/png', sizeBytes: expect.any(Number), sha256: expect.stringMatching(/^[0-9a-f]{64}$/) }] }],
      ['order.cancel', { status: 'order_received', amountMinor: order.amountMinor, refundedMinor: 0 }, { outcome: 'refund_requested', refundMinor: half, refundId: refund!.id, currency: 'KRW', reasonChars: 13 }],
    ]);
    expect(JSON.stringify(rows)).not.toContain('kim-minsu');
  });

  it('records files staff attach to a message (public or a private note), and nothing for a message without files', async () => {
    const owner = await s.customer();
    const admin = await s.admin();
    const order = await s.paidOrder(owner.cookie, owner.account.email);
    const form = await multipart([{ name: 'palette-for-kim.png', data: await png() }]);
    const uploaded = await s.inject({ method: 'POST', url: '/api/uploads', payload: form.payload, headers: { 'content-type': form.contentType, cookie: admin.cookie } });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const start = await lastId();
    expect((await s.call('POST', `/api/admin/orders/${order.id}/messages`, { body: 'Only words', private: false }, { cookie: admin.cookie })).statusCode).toBe(201);
    expect((await s.call('POST', `/api/admin/orders/${order.id}/messages`, { body: 'Our palette', files: [uploaded.json().files[0].id], private: true }, { cookie: admin.cookie })).statusCode).toBe(201);
    const rows = await rowsAfter(start);
    expect(rows.map((r) => [r.action, r.orderId, r.before, r.after])).toEqual([
      ['files.attached', order.id, null, { messageSeq: expect.any(Number), private: true, files: [{ id: uploaded.json().files[0].id, mimeType: 'image/png', sizeBytes: expect.any(Number), sha256: expect.any(String) }] }],
    ]);
    expect(JSON.stringify(rows)).not.toMatch(/palette/i);
  });

  it('records a tax rule with the rule before and after, and an export of papers with its period and size', async () => {
    const admin = await s.admin();
    const start = await lastId();
    const rule = { registered: true, kind: 'gst', rateBasisPoints: 1000, included: true, registrations: [{ kind: 'abn', value: '51 824 753 556' }] };
    expect((await s.call('PUT', '/api/admin/tax/au', rule, { cookie: admin.cookie })).statusCode).toBe(200);
    const exported = await s.call('GET', '/api/admin/papers/export?country=kr', undefined, { cookie: admin.cookie });
    expect(exported.statusCode).toBe(200);
    const rows = await rowsAfter(start);
    expect(rows.map((r) => [r.action, r.subjectType, r.subjectId])).toEqual([['settings.tax_rule', 'tax_rule', 'au'], ['papers.exported', 'papers', null]]);
    expect(rows[0]!.before).toMatchObject({ registered: true, kind: 'gst' });
    expect(rows[0]!.after).toEqual(rule);
    const dataLines = exported.body.split('\r\n').findIndex((line) => line === '') - 1;
    expect(rows[1]!.after).toEqual({ from: null, to: null, country: 'kr', rows: dataLines });
  });

  it('records staff signing in, failing to and signing out, with where from; nothing for customers or unknown addresses', async () => {
    const admin = await s.admin();
    const customer = await s.customer();
    const [staffRow] = await s.db().select({ id: users.id }).from(users).where(eq(users.email, admin.account.email));
    const start = await lastId();
    const headers = { 'user-agent': 'StaffBrowser/2.0' };
    expect((await s.call('POST', '/api/auth/login', { email: admin.account.email, password: 'not-the-password-1' }, headers)).statusCode).toBe(401);
    expect((await s.call('POST', '/api/auth/login', { email: `nobody.${Date.now()}@example.com`, password: 'not-the-password-1' }, headers)).statusCode).toBe(401);
    expect((await s.call('POST', '/api/auth/login', { email: customer.account.email, password: 'not-the-password-1' }, headers)).statusCode).toBe(401);
    expect((await s.call('POST', '/api/auth/login', { email: customer.account.email, password: customer.account.password }, headers)).statusCode).toBe(200);
    const signedIn = await s.call('POST', '/api/auth/login', { email: admin.account.email, password: admin.account.password }, headers);
    expect(signedIn.statusCode).toBe(200);
    const cookie = `sid=${signedIn.cookies.find((c) => c.name === 'sid')!.value}`;
    expect((await s.call('POST', '/api/auth/logout', {}, { ...headers, cookie })).statusCode).toBe(200);
    // A customer's sign-out is theirs alone.
    expect((await s.call('POST', '/api/auth/logout', {}, { ...headers, cookie: customer.cookie })).statusCode).toBe(200);

    const rows = await rowsAfter(start);
    expect(rows.map((r) => [r.action, r.actorUserId, r.actorEmail, r.ip, r.userAgent, r.subjectType, r.after])).toEqual([
      ['auth.sign_in_failed', staffRow!.id, admin.account.email, '10.90.0.1', 'StaffBrowser/2.0', 'user', { method: 'password' }],
      ['auth.sign_in', staffRow!.id, admin.account.email, '10.90.0.1', 'StaffBrowser/2.0', 'session', { method: 'password', secondFactor: false }],
      ['auth.sign_out', staffRow!.id, admin.account.email, '10.90.0.1', 'StaffBrowser/2.0', 'session', null],
    ]);
    // The sign-in and the sign-out name the same session.
    expect(rows[1]!.sessionId).toBe(rows[1]!.subjectId);
    expect(rows[2]!.subjectId).toBe(rows[1]!.subjectId);
  });

  it('records the store making an account its administrator at start, as the system', async () => {
    const account = await s.customer();
    await s.db().update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.email, account.account.email));
    const [row] = await s.db().select({ id: users.id }).from(users).where(eq(users.email, account.account.email));
    const start = await lastId();
    await ensureAdmin(s.db(), { email: account.account.email }, silentLog);
    await ensureAdmin(s.db(), { email: account.account.email }, silentLog);
    const rows = await rowsAfter(start);
    expect(rows.map((r) => [r.actorKind, r.actorUserId, r.ip, r.action, r.subjectId, r.before, r.after])).toEqual([
      ['system', null, null, 'user.role', row!.id, { role: 'customer' }, { role: 'admin', sessionsEnded: 1 }],
    ]);
  });

  it('writes only facts the staff tab has a name for (after the tests above have written every kind)', async () => {
    const rows = await s.db().select({ action: auditEvents.action, before: auditEvents.before, after: auditEvents.after }).from(auditEvents);
    const known = new Set<string>([...AUDIT_FACT_ORDER, ...AUDIT_HIDDEN_FACTS]);
    const unknown = rows.flatMap((r) => [...Object.keys(r.before ?? {}), ...Object.keys(r.after ?? {})].filter((key) => !known.has(key)).map((key) => `${r.action}: ${key}`));
    expect(unknown).toEqual([]);
  });
});

describe.each(BACKENDS)('reading the audit trail on %s', (backend) => {
  const server = useTestServer(backend);
  const s = staffApi(server);

  it('answers newest first, filtered by group, action, who, order and day, a page at a time; only to staff', async () => {
    const owner = await s.customer();
    const first = await s.admin();
    const second = await s.admin();
    const order = await s.paidOrder(owner.cookie, owner.account.email);
    const other = await s.paidOrder(owner.cookie, owner.account.email);
    await s.call('PATCH', `/api/orders/${order.id}/status`, { status: 'in_progress' }, { cookie: first.cookie });
    await s.call('PATCH', `/api/orders/${other.id}/status`, { status: 'in_progress' }, { cookie: second.cookie });
    await s.call('PATCH', `/api/orders/${order.id}/comments`, { comments: 'Hello' }, { cookie: second.cookie });
    await s.call('PUT', '/api/admin/tax/my', { registered: true, kind: 'sst', rateBasisPoints: 800, included: true, registrations: [] }, { cookie: first.cookie });
    const read = async (query: string) => {
      const response = await s.call('GET', `/api/admin/audit${query}`, undefined, { cookie: first.cookie });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { events: Array<{ action: string; actor: { email: string }; order: { number: string; country: string } | null; subject: { label: string | null } }>; total: number };
    };
    const everything = await read('');
    expect(everything.events.slice(0, 4).map((e) => e.action)).toEqual(['settings.tax_rule', 'order.comment', 'order.status', 'order.status']);
    expect(everything.events[0]!.subject.label).toBe('my');
    expect(everything.events[1]!.order).toEqual({ id: order.id, number: order.orderNumber, country: 'kr' });

    expect((await read('?group=status')).events.every((e) => ['order.status', 'order.comment', 'brief.status', 'inbox.handled'].includes(e.action))).toBe(true);
    expect((await read('?action=order.comment')).events.map((e) => e.action)).toEqual(['order.comment']);
    const mine = await read(`?actor=${encodeURIComponent(first.account.email.slice(0, 14))}`);
    expect(mine.events.map((e) => e.actor.email)).toEqual([first.account.email, first.account.email, first.account.email]);
    expect(mine.events.map((e) => e.action)).toEqual(['settings.tax_rule', 'order.status', 'auth.sign_in']);
    // An order by its number as staff type it (lower case, without dashes), or by its id.
    const loose = order.orderNumber.toLowerCase().replace(/-/g, ' ');
    expect((await read(`?order=${encodeURIComponent(loose)}`)).events.map((e) => e.action)).toEqual(['order.comment', 'order.status']);
    expect((await read(`?order=${order.id}`)).total).toBe(2);
    expect((await read('?order=SL-0000-0000-000')).total).toBe(0);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul' }).format(new Date());
    expect((await read(`?from=${today}&to=${today}`)).total).toBe(everything.total);
    expect((await read('?to=2020-01-01')).total).toBe(0);
    const paged = await read('?pageSize=2&page=2');
    expect(paged.events.map((e) => e.action)).toEqual(everything.events.slice(2, 4).map((e) => e.action));
    expect(paged.total).toBe(everything.total);

    for (const bad of ['?group=everything', '?action=order.delete', '?from=yesterday', '?pageSize=500']) {
      const refused = await s.call('GET', `/api/admin/audit${bad}`, undefined, { cookie: first.cookie });
      expect(refused.statusCode, bad).toBe(400);
    }
    expect((await s.call('GET', '/api/admin/audit', undefined, { cookie: owner.cookie })).statusCode).toBe(403);
  });
});

describe('where staff acted from, behind a trusted balancer', () => {
  const server = useTestServer('pglite', { TRUST_PROXY: '1' });
  const s = staffApi(server);

  it('keeps the address the balancer forwarded', async () => {
    const owner = await s.customer();
    const admin = await s.admin();
    const order = await s.paidOrder(owner.cookie, owner.account.email);
    await s.call('PATCH', `/api/orders/${order.id}/status`, { status: 'in_progress' }, { cookie: admin.cookie, 'x-forwarded-for': '198.51.100.23' });
    const [row] = await s.db().select().from(auditEvents).where(eq(auditEvents.orderId, order.id));
    expect(row).toMatchObject({ action: 'order.status', ip: '198.51.100.23' });
    // The order row itself is untouched by the trail.
    expect((await s.db().select({ status: orders.status }).from(orders).where(eq(orders.id, order.id)))[0]!.status).toBe('in_progress');
  });
});
