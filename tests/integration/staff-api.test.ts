/**
 * The staff API against a real database (issue "The staff area", D3, D5): an access matrix over
 * every staff endpoint, status changes recorded with actor and old/new value in the same statement
 * as the change and mailed to the customer in their language, comments, brief statuses, the lists'
 * filters and pages, the overview per currency, the inbox. A refused call stores nothing.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditAction } from '../../src/domain/audit.ts';
import { newGuestId } from '../../src/domain/guest.ts';
import { staffStatusChoices } from '../../src/domain/lifecycle.ts';
import { ORDER_STATUSES } from '../../src/domain/statuses.ts';
import * as schema from '../../src/server/db/schema.ts';
import { auditEvents, mailOutbox, orderConversations, orderMessages, orderStatusHistory, orders, users } from '../../src/server/db/schema.ts';
import { BACKENDS, useTestServer } from './harness.ts';
import { multipart, png } from './support/files.ts';
import { staffApi, type Method } from './support/staff.ts';
import { startSmtpServer } from './support/peers.ts';
import { FAKE_TOSS_CLIENT, FAKE_TOSS_SECRET, startFakeToss } from './support/toss.ts';


/** Every staff endpoint; the test checks the server's route table has no other. */
/** `audit`: the action the call records on the audit trail, or null for one that changes nothing staff answer for. */
const STAFF_ROUTES: Array<{ method: Method; url: string; body?: unknown; query?: string; files?: true; creates?: true; audit: AuditAction | null }> = [
  { method: 'GET', url: '/api/orders', audit: null },
  { method: 'GET', url: '/api/admin/orders/:id', audit: null },
  { method: 'PATCH', url: '/api/orders/:id/status', body: { status: 'in_progress' }, audit: 'order.status' },
  { method: 'PATCH', url: '/api/orders/:id/comments', body: { comments: 'Hello' }, audit: 'order.comment' },
  { method: 'GET', url: '/api/admin/orders/:id/messages', audit: null },
  { method: 'POST', url: '/api/admin/orders/:id/messages', body: { body: 'A note', private: true }, creates: true, audit: null },
  { method: 'POST', url: '/api/admin/orders/:id/messages/read', body: { seq: 1 }, audit: null },
  // Before the cancel below: a cancelled order takes no files.
  { method: 'POST', url: '/api/admin/orders/:id/deliverables', query: 'purpose=final', files: true, audit: 'files.delivered' },
  { method: 'POST', url: '/api/admin/orders/:id/cancel', body: { refundAmount: 0, reason: 'Customer asked by phone' }, audit: 'order.cancel' },
  // On a consultation of its own (a paid order takes no quote).
  { method: 'PUT', url: '/api/admin/orders/:id/quote', body: { lines: [{ description: 'Two-day shoot', amount: 900_000 }], validDays: 14 }, audit: 'quote.sent' },
  { method: 'GET', url: '/api/admin/briefs', audit: null },
  { method: 'PATCH', url: '/api/project-briefs/:id/status', body: { status: 'approved' }, audit: 'brief.status' },
  { method: 'GET', url: '/api/admin/users', audit: null },
  // On a customer who stays one, and who has no factor: nothing changes, so nothing is recorded (second-factor.test.ts records both).
  { method: 'PATCH', url: '/api/admin/users/:id/role', body: { role: 'customer' }, audit: null },
  { method: 'DELETE', url: '/api/admin/users/:id/second-factor', audit: null },
  { method: 'GET', url: '/api/admin/overview', audit: null },
  { method: 'GET', url: '/api/admin/contacts', audit: null },
  { method: 'GET', url: '/api/admin/audit', audit: null },
  { method: 'PATCH', url: '/api/admin/contacts/:id', body: { handled: true }, audit: 'inbox.handled' },
  { method: 'GET', url: '/api/admin/papers', audit: null },
  { method: 'GET', url: '/api/admin/papers/export', audit: 'papers.exported' },
  { method: 'GET', url: '/api/admin/tax-invoices', audit: null },
  // A tax invoice request of its own (a transfer's), recorded by the admin's call.
  { method: 'PUT', url: '/api/admin/tax-invoices/:id', body: { approvalNumber: '20261128-10000000-A1B2C3D4' }, audit: 'papers.tax_invoice' },
  { method: 'GET', url: '/api/admin/tax', audit: null },
  { method: 'PUT', url: '/api/admin/tax/:country', body: { registered: true, kind: 'sales_tax', rateBasisPoints: 825, included: true, registrations: [] }, audit: 'settings.tax_rule' },
];

/** A staff route called as `headers` say: JSON, or a multipart file for the deliverables. */
async function callRoute(s: ReturnType<typeof staffApi>, route: (typeof STAFF_ROUTES)[number], url: string, body: unknown, headers: Record<string, string>) {
  const full = route.query ? `${url}${url.includes('?') ? '&' : '?'}${route.query}` : url;
  if (!route.files) return s.call(route.method, full, body, headers);
  const form = await multipart([{ name: 'final.png', data: await png() }]);
  return s.inject({ method: route.method, url: full, payload: form.payload, headers: { 'content-type': form.contentType, ...headers } });
}

describe.each(BACKENDS)('staff API on %s', (backend) => {
  const server = useTestServer(backend);
  const s = staffApi(server);

  it('records every staff change on the audit trail: each write route names its action', () => {
    // A staff note in the thread is the conversation's own record (with files, it is `files.attached`); reading marks nothing.
    // A role given again or a reset of no factor changes nothing: recorded only when they change something.
    const unaudited = new Set(['POST /api/admin/orders/:id/messages', 'POST /api/admin/orders/:id/messages/read', 'PATCH /api/admin/users/:id/role', 'DELETE /api/admin/users/:id/second-factor']);
    for (const route of STAFF_ROUTES.filter((r) => r.method !== 'GET' && !unaudited.has(`${r.method} ${r.url}`))) {
      expect(route.audit, `${route.method} ${route.url}`).not.toBeNull();
    }
  });

  it('lists every staff endpoint in the route table', () => {
    // Fastify answers HEAD for every GET by itself.
    const table = [...new Set(server().app.routeTable.filter((r) => r.method !== 'HEAD').map((r) => `${r.method} ${r.url}`))];
    const staffLike = table.filter((r) => r.includes(' /api/admin') || r === 'GET /api/orders' || /^PATCH \/api\/(orders|project-briefs)\//.test(r));
    expect(staffLike.sort()).toEqual(STAFF_ROUTES.map((r) => `${r.method} ${r.url}`).sort());
  });

  it('lets only staff through: anonymous 401, guest 401, customer and order owner 403, admin 2xx; refusals change nothing', async () => {
    const owner = await s.customer();
    const other = await s.customer();
    const admin = await s.admin();
    const order = await s.paidOrder(owner.cookie, owner.account.email);
    const briefFiles: string[] = [];
    const brief = (await s.api.call('POST', '/api/project-briefs', { orderId: order.orderNumber, style: ['modern'], uploadedFiles: briefFiles }, { cookie: owner.cookie })).json();
    await s.api.call('POST', '/api/contact', { name: 'Kim', email: 'kim@example.com', service: 'basic', message: 'Hello there, a question about prices.' });
    const [contact] = await s.db().select().from(schema.contactSubmissions).limit(1);
    await s.api.call('POST', '/api/project-briefs', { serviceId: 6, style: ['modern'], uploadedFiles: [] }, { cookie: owner.cookie });
    const [consultation] = await s.db().select().from(schema.orders).where(eq(schema.orders.orderType, 'consultation')).limit(1);
    const transfer = await s.paidOrder(owner.cookie, owner.account.email, 'ko', 'transfer');
    const invoice = await s.api.call('POST', `/api/orders/${transfer.orderNumber}/tax-invoice`, { businessNumber: '124-81-00998', company: '주식회사 맛있는 빵집', representative: '김민수', email: 'tax@bakery.example' }, { cookie: owner.cookie });
    expect(invoice.statusCode, invoice.body).toBe(201);
    const [request] = await s.db().select().from(schema.evidenceRequests).where(eq(schema.evidenceRequests.orderId, transfer.id));
    const [otherRow] = await s.db().select({ id: users.id }).from(users).where(eq(users.email, other.account.email));
    const ids: Record<string, string> = { '/api/admin/users/:id/role': otherRow!.id, '/api/admin/users/:id/second-factor': otherRow!.id, '/api/project-briefs/:id/status': brief.briefId, '/api/admin/contacts/:id': contact!.id, '/api/admin/orders/:id/quote': consultation!.id, '/api/admin/tax-invoices/:id': request!.id };
    const guest = newGuestId();

    const callers: Array<{ name: string; headers: Record<string, string>; query?: string; expected: number }> = [
      { name: 'anonymous', headers: {}, expected: 401 },
      { name: 'guest', headers: {}, query: `sessionId=${guest}`, expected: 401 },
      { name: 'customer', headers: { cookie: other.cookie }, expected: 403 },
      { name: 'order owner', headers: { cookie: owner.cookie }, expected: 403 },
    ];
    const before = await s.snapshot();
    for (const route of STAFF_ROUTES) {
      const url = route.url.replace(':id', ids[route.url] ?? order.id).replace(':country', 'us');
      for (const caller of callers) {
        const full = caller.query ? `${url}${url.includes('?') ? '&' : '?'}${caller.query}` : url;
        const body = route.body !== undefined && caller.name === 'guest' ? { ...route.body as object, sessionId: guest } : route.body;
        const response = await callRoute(s, route, full, body, caller.headers);
        expect(response.statusCode, `${caller.name} ${route.method} ${route.url}`).toBe(caller.expected);
        expect(response.json().code).toBe(caller.expected === 401 ? 'UNAUTHENTICATED' : 'FORBIDDEN');
      }
    }
    expect(await s.snapshot()).toEqual(before);
    const [adminRow] = await s.db().select({ id: users.id }).from(users).where(eq(users.email, admin.account.email));
    for (const route of STAFF_ROUTES) {
      const [{ last } = { last: 0 }] = await s.db().select({ last: sql<number>`coalesce(max(${auditEvents.id}), 0)::int` }).from(auditEvents);
      const response = await callRoute(s, route, route.url.replace(':id', ids[route.url] ?? order.id).replace(':country', 'us'), route.body, { cookie: admin.cookie, 'user-agent': 'StaffBrowser/1.0' });
      expect(response.statusCode, `admin ${route.method} ${route.url}: ${response.body}`).toBe(route.files || route.creates ? 201 : 200);
      // Each change is on the audit trail once, with who and from where; a read or a thread's own message is not.
      const recorded = await s.db().select().from(auditEvents).where(sql`${auditEvents.id} > ${last}`);
      expect(recorded.map((r) => r.action), `${route.method} ${route.url}`).toEqual(route.audit ? [route.audit] : []);
      if (route.audit) {
        expect(recorded[0]).toMatchObject({ actorKind: 'staff', actorUserId: adminRow!.id, actorEmail: admin.account.email, ip: '10.90.0.1', userAgent: 'StaffBrowser/1.0', sessionId: expect.any(String), requestId: expect.any(String) });
      }
    }
  });

  it('records a status change with actor, time, old and new value, shows it in the timeline, and queues the mail', async () => {
    const owner = await s.customer();
    const admin = await s.admin();
    const order = await s.paidOrder(owner.cookie, owner.account.email);
    const moved = await s.call('PATCH', `/api/orders/${order.id}/status`, { status: 'in_progress' }, { cookie: admin.cookie });
    expect(moved.json()).toMatchObject({ success: true, status: 'in_progress', previous: 'order_received', changed: true });
    const history = await s.db().select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order.id)).orderBy(orderStatusHistory.createdAt);
    const [adminRow] = await s.db().select().from(users).where(eq(users.email, admin.account.email));
    expect(history.at(-1)).toMatchObject({ fromStatus: 'order_received', toStatus: 'in_progress', actorUserId: adminRow!.id });
    const queued = await s.db().select().from(mailOutbox).where(eq(mailOutbox.orderId, order.id));
    expect(queued.map((m) => [m.kind, m.payload])).toContainEqual(['order_status', { from: 'order_received', to: 'in_progress' }]);

    // The same status again records nothing more.
    const again = await s.call('PATCH', `/api/orders/${order.id}/status`, { status: 'in_progress' }, { cookie: admin.cookie });
    expect(again.json().changed).toBe(false);
    expect(await s.db().select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order.id))).toHaveLength(history.length);

    // The customer's timeline is built from that record.
    const mine = (await s.api.call('GET', '/api/orders/me', undefined, { cookie: owner.cookie })).json();
    expect(mine.orders[0].status).toBe('in_progress');
    expect(mine.orders[0].history.map((h: { to: string }) => h.to)).toEqual(['pending', 'order_received', 'in_progress']);
    const detail = (await s.call('GET', `/api/admin/orders/${order.id}`, undefined, { cookie: admin.cookie })).json();
    expect(detail.history.at(-1)).toMatchObject({ from: 'order_received', to: 'in_progress', actor: admin.account.email });
    expect(detail.order.payment).toMatchObject({ provider: 'sandbox', method: expect.any(String) });
  });

  it('accepts exactly the statuses the staff menu offers (staffStatusChoices), for paid, unpaid and cancelled orders', async () => {
    const owner = await s.customer();
    const admin = await s.admin();
    const paid = await s.paidOrder(owner.cookie, owner.account.email);
    const unpaid = (await s.api.call('POST', '/api/orders', { customerName: '김민수', customerEmail: owner.account.email, customerPhone: '010-1234-5678', serviceId: 1, quantity: 3, country: 'kr' }, { cookie: owner.cookie, 'x-store-country': 'kr' })).json();
    const [unpaidRow] = await s.db().select().from(orders).where(eq(orders.orderNumber, unpaid.orderId));
    const read = async (id: string) => (await s.db().select().from(orders).where(eq(orders.id, id)))[0]!;
    for (const [order, start] of [[paid, 'in_progress'], [unpaidRow!, 'pending']] as const) {
      await s.call('PATCH', `/api/orders/${order.id}/status`, { status: start }, { cookie: admin.cookie });
      const offered = staffStatusChoices(await read(order.id));
      expect(offered).not.toContain('quoted');
      // Fixed-price orders have no quote step.
      expect(offered).not.toContain('quote_review');
      expect(offered.includes('cancelled')).toBe(start === 'pending');
      for (const status of ORDER_STATUSES.filter((x) => x !== start)) {
        const before = await s.snapshot();
        const response = await s.call('PATCH', `/api/orders/${order.id}/status`, { status }, { cookie: admin.cookie });
        if (offered.includes(status)) {
          expect(response.statusCode, `${start} -> ${status}`).toBe(200);
          if (status === 'cancelled') break;
          await s.call('PATCH', `/api/orders/${order.id}/status`, { status: start }, { cookie: admin.cookie });
        } else {
          expect(response.statusCode, `${start} -> ${status}`).toBe(409);
          expect(await s.snapshot()).toEqual(before);
        }
      }
    }
    // Cancelled (the unpaid one, just now): nothing is offered and everything is refused.
    const cancelled = await read(unpaidRow!.id);
    expect(cancelled.status).toBe('cancelled');
    expect(staffStatusChoices(cancelled)).toEqual([]);
    for (const status of ORDER_STATUSES.filter((x) => x !== 'cancelled')) {
      expect((await s.call('PATCH', `/api/orders/${cancelled.id}/status`, { status }, { cookie: admin.cookie })).statusCode, status).toBe(409);
    }
  });

  it('refuses unknown statuses and ids, and odd bodies, storing nothing', async () => {
    const owner = await s.customer();
    const admin = await s.admin();
    const order = await s.paidOrder(owner.cookie, owner.account.email);
    const before = await s.snapshot();
    const cases: Array<[Method, string, unknown, number]> = [
      // A paid order is cancelled with its refund decision, not through the status list.
      ['PATCH', `/api/orders/${order.id}/status`, { status: 'cancelled' }, 409],
      ['PATCH', `/api/orders/${order.id}/status`, { status: 'shipped' }, 400],
      ['PATCH', `/api/orders/${order.id}/status`, { status: null }, 400],
      ['PATCH', `/api/orders/${order.id}/status`, [], 400],
      ['PATCH', `/api/orders/${randomUUID()}/status`, { status: 'completed' }, 404],
      ['PATCH', '/api/orders/not-a-uuid/status', { status: 'completed' }, 404],
      ['PATCH', `/api/orders/${order.id}/comments`, { comments: 5 }, 400],
      ['PATCH', `/api/orders/${order.id}/comments`, { comments: 'x'.repeat(5001) }, 400],
      ['PATCH', `/api/orders/${randomUUID()}/comments`, { comments: 'hello' }, 404],
      ['PATCH', `/api/project-briefs/${randomUUID()}/status`, { status: 'approved' }, 404],
      ['PATCH', `/api/project-briefs/${randomUUID()}/status`, { status: 'done' }, 400],
      ['PATCH', `/api/admin/contacts/${randomUUID()}`, { handled: true }, 404],
      ['PATCH', `/api/admin/contacts/${randomUUID()}`, { handled: 'yes' }, 400],
      ['GET', '/api/orders?status=shipped', undefined, 400],
      ['GET', '/api/orders?page=0', undefined, 400],
      ['GET', '/api/orders?pageSize=1000', undefined, 400],
      ['GET', '/api/orders?from=2026-13-45', undefined, 400],
      ['GET', `/api/admin/orders/${randomUUID()}`, undefined, 404],
    ];
    for (const [method, url, body, status] of cases) {
      const response = await s.call(method, url, body, { cookie: admin.cookie });
      expect(response.statusCode, `${method} ${url} ${JSON.stringify(body)}`).toBe(status);
      expect(response.json()).toMatchObject({ success: false, code: expect.any(String), message: expect.any(String) });
    }
    expect(await s.snapshot()).toEqual(before);
  });

  it('saves comments the customer reads, and moves briefs through their statuses', async () => {
    const owner = await s.customer();
    const admin = await s.admin();
    const order = await s.paidOrder(owner.cookie, owner.account.email);
    const comment = await s.call('PATCH', `/api/orders/${order.id}/comments`, { comments: '  시안은 내일 보내드립니다.  ' }, { cookie: admin.cookie });
    expect(comment.json()).toMatchObject({ success: true, comments: '시안은 내일 보내드립니다.' });
    const mine = (await s.api.call('GET', '/api/orders/me', undefined, { cookie: owner.cookie })).json();
    expect(mine.orders[0].adminComments).toBe('시안은 내일 보내드립니다.');
    const queued = await s.db().select().from(mailOutbox).where(eq(mailOutbox.orderId, order.id));
    // Mailed only if the customer has not read it in time, like any message of staff's (conversation-mail.test.ts).
    expect(queued.filter((m) => m.kind === 'order_comment')).toHaveLength(0);
    // Each new comment is staff's message in the order's conversation too; the same again is not.
    await s.call('PATCH', `/api/orders/${order.id}/comments`, { comments: '시안은 내일 보내드립니다.' }, { cookie: admin.cookie });
    await s.call('PATCH', `/api/orders/${order.id}/comments`, { comments: null }, { cookie: admin.cookie });
    await s.call('PATCH', `/api/orders/${order.id}/comments`, { comments: '완료했습니다.' }, { cookie: admin.cookie });
    const said = await s.db().select().from(orderMessages).where(and(eq(orderMessages.orderId, order.id), eq(orderMessages.kind, 'text'))).orderBy(orderMessages.seq);
    expect(said.map((m) => [m.authorSide, m.context, m.visibility, m.body])).toEqual([['staff', 'staff_comment', 'public', '시안은 내일 보내드립니다.'], ['staff', 'staff_comment', 'public', '완료했습니다.']]);

    const brief = (await s.api.call('POST', '/api/project-briefs', { orderId: order.orderNumber, usage: ['sns'] }, { cookie: owner.cookie })).json();
    for (const status of ['in_review', 'approved', 'rejected', 'pending']) {
      const response = await s.call('PATCH', `/api/project-briefs/${brief.briefId}/status`, { status }, { cookie: admin.cookie });
      expect(response.json()).toMatchObject({ success: true, status });
    }
    const listed = (await s.call('GET', '/api/admin/briefs?status=pending', undefined, { cookie: admin.cookie })).json();
    expect(listed.briefs.map((b: { id: string }) => b.id)).toContain(brief.briefId);
  });

  it('filters, searches and pages the orders on the server', async () => {
    const owner = await s.customer();
    const admin = await s.admin();
    const first = await s.paidOrder(owner.cookie, owner.account.email);
    const second = await s.paidOrder(owner.cookie, owner.account.email);
    await s.call('PATCH', `/api/orders/${second.id}/status`, { status: 'completed' }, { cookie: admin.cookie });
    const get = async (query: string) => (await s.call('GET', `/api/orders?${query}`, undefined, { cookie: admin.cookie })).json();

    const byNumber = await get(`q=${first.orderNumber}`);
    expect(byNumber.orders.map((o: { id: string }) => o.id)).toEqual([first.id]);
    const byEmail = await get(`q=${encodeURIComponent(owner.account.email.toUpperCase())}`);
    expect(byEmail.orders.map((o: { id: string }) => o.id)).toEqual([second.id, first.id]);
    expect(byEmail.total).toBe(2);
    const completed = await get(`status=completed&q=${encodeURIComponent(owner.account.email)}`);
    expect(completed.orders.map((o: { id: string }) => o.id)).toEqual([second.id]);
    const paged = await get(`q=${encodeURIComponent(owner.account.email)}&pageSize=1&page=2`);
    expect(paged).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(paged.orders.map((o: { id: string }) => o.id)).toEqual([first.id]);
    // Past the last page the total is still told (the pager shows where the results are).
    expect(await get(`q=${encodeURIComponent(owner.account.email)}&pageSize=1&page=5`)).toMatchObject({ orders: [], total: 2, page: 5 });
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul' }).format(new Date());
    expect((await get(`from=${today}&to=${today}&q=${encodeURIComponent(owner.account.email)}`)).total).toBe(2);
    expect((await get(`to=2020-01-01&q=${encodeURIComponent(owner.account.email)}`)).total).toBe(0);
    expect((await get(`country=us&q=${encodeURIComponent(owner.account.email)}`)).total).toBe(0);
    const [ownerRow] = await s.db().select().from(users).where(eq(users.email, owner.account.email));
    expect((await get(`userId=${ownerRow!.id}`)).total).toBe(2);
    // A search term is text, not a pattern.
    expect((await get('q=%25')).total).toBe(0);
  });

  it('sums revenue per currency and counts users, orders and the inbox', async () => {
    const owner = await s.customer();
    const admin = await s.admin();
    const before = (await s.call('GET', '/api/admin/overview', undefined, { cookie: admin.cookie })).json();
    const order = await s.paidOrder(owner.cookie, owner.account.email);
    await s.call('PATCH', `/api/orders/${order.id}/status`, { status: 'completed' }, { cookie: admin.cookie });
    const krw = (list: Array<{ currency: string; amount: number }>) => list.find((r) => r.currency === 'KRW')?.amount ?? 0;
    // Paid in the sandbox: a test order, no real money, left out of revenue (D29 amended).
    expect(order.testPayment).toBe(true);
    const tested = (await s.call('GET', '/api/admin/overview', undefined, { cookie: admin.cookie })).json();
    expect([krw(tested.revenue), krw(tested.today)]).toEqual([krw(before.revenue), krw(before.today)]);
    // The same order paid with live keys counts.
    await s.db().update(orders).set({ testPayment: false }).where(eq(orders.id, order.id));
    const after = (await s.call('GET', '/api/admin/overview', undefined, { cookie: admin.cookie })).json();
    expect(krw(after.revenue) - krw(before.revenue)).toBe(order.amountMinor);
    expect(krw(after.today) - krw(before.today)).toBe(order.amountMinor);
    expect(after.orders.total - before.orders.total).toBe(1);
    expect(after.users.total).toBeGreaterThanOrEqual(2);
    expect(after.recentOrders[0].id).toBe(order.id);
    expect(after.daily.some((d: { currency: string; country: string }) => d.currency === 'KRW' && d.country === 'kr')).toBe(true);
    expect(after.revenue.every((r: { currency: string }) => typeof r.currency === 'string')).toBe(true);
  });

  // Issue 33, item 13: real month-over-month growth per currency, and the registered-phone count.
  it('compares this month so far with the same days of last month, per currency', async () => {
    const owner = await s.customer();
    const admin = await s.admin();
    const growthOf = async () => ((await s.call('GET', '/api/admin/overview', undefined, { cookie: admin.cookie })).json().monthly as Array<{ currency: string; thisMonth: number; lastMonth: number; growth: number | null }>)
      .find((m) => m.currency === 'KRW');
    const before = await growthOf();
    const thisMonth = await s.paidOrder(owner.cookie, owner.account.email);
    const lastMonth = await s.paidOrder(owner.cookie, owner.account.email);
    // Real money (not the sandbox), the second at the very start of last month: inside its same stretch on any day.
    await s.db().update(orders).set({ testPayment: false }).where(eq(orders.id, thisMonth.id));
    await s.db().update(orders).set({ testPayment: false, paidAt: sql`(date_trunc('month', now() at time zone 'Asia/Seoul') - interval '1 month') at time zone 'Asia/Seoul'` }).where(eq(orders.id, lastMonth.id));
    const after = await growthOf();
    expect(after!.thisMonth - (before?.thisMonth ?? 0)).toBe(thisMonth.amountMinor);
    expect(after!.lastMonth - (before?.lastMonth ?? 0)).toBe(lastMonth.amountMinor);
    expect(after!.growth).toBe(Math.round(((after!.thisMonth - after!.lastMonth) / after!.lastMonth) * 1000) / 10);
    const overview = (await s.call('GET', '/api/admin/overview', undefined, { cookie: admin.cookie })).json();
    expect(overview.users.withPhone).toBeGreaterThanOrEqual(0);
    expect(overview.recentOrders[0]).toMatchObject({ orderType: expect.any(String) });
  });

  // Issue 33, item 24: staff read product names in their own language, not the customer's.
  it('names an order for staff in the staff member\'s language, and keeps the customer\'s name as sold', async () => {
    const owner = await s.customer();
    const admin = await s.admin();
    const order = await s.paidOrder(owner.cookie, owner.account.email, 'ja');
    expect(order.orderName).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
    const asStaff = (lang: string) => ({ cookie: admin.cookie, 'accept-language': lang });
    const detail = (await s.call('GET', `/api/admin/orders/${order.id}`, undefined, asStaff('en'))).json();
    expect(detail.order.orderName).toBe(order.orderName);
    expect(detail.order.staffName).toMatch(/^[\x20-\x7e]+ × 3$/);
    expect(detail.lines[0].staffName).toMatch(/^[\x20-\x7e]+$/);
    expect(detail.lines[0].name).not.toBe(detail.lines[0].staffName);
    const list = (await s.call('GET', `/api/orders?q=${encodeURIComponent(order.orderNumber)}`, undefined, asStaff('en'))).json();
    expect(list.orders[0]).toMatchObject({ id: order.id, orderName: order.orderName, staffName: detail.order.staffName });
    const inKorean = (await s.call('GET', `/api/admin/orders/${order.id}`, undefined, asStaff('ko'))).json();
    expect(inKorean.order.staffName).toMatch(/[가-힣]/);
    const recent = (await s.call('GET', '/api/admin/overview', undefined, asStaff('en'))).json().recentOrders;
    expect(recent.find((row: { id: string }) => row.id === order.id)).toMatchObject({ staffName: detail.order.staffName });
  });

  it('lists contact messages newest first with their language, and marks them handled', async () => {
    const admin = await s.admin();
    await s.api.call('POST', '/api/contact', { name: 'Nguyen', email: 'nguyen@example.com', service: 'basic', message: 'Xin chào, tôi muốn hỏi về giá.' }, { 'accept-language': 'vi', 'x-store-country': 'vn' });
    const list = (await s.call('GET', '/api/admin/contacts?handled=false', undefined, { cookie: admin.cookie })).json();
    const message = list.contacts.find((c: { email: string }) => c.email === 'nguyen@example.com');
    expect(message).toMatchObject({ language: 'vi', country: 'vn', handledAt: null });
    await s.call('PATCH', `/api/admin/contacts/${message.id}`, { handled: true }, { cookie: admin.cookie });
    const handled = (await s.call('GET', '/api/admin/contacts?handled=true', undefined, { cookie: admin.cookie })).json();
    expect(handled.contacts.find((c: { id: string }) => c.id === message.id)).toMatchObject({ handledBy: admin.account.email });
  });
});

describe('staff changes reach the customer by e-mail', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => smtp.stop());
  const server = useTestServer('pglite', () => ({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://shop.test', ALLOW_TEST_PAYMENTS: 'true', STAFF_EMAIL: 'studio@studiolumi.test, owner@studiolumi.test' }));
  const s = staffApi(server);

  it('mails a status change and a comment in the language of the order', async () => {
    const owner = await s.customer();
    const admin = await s.admin();
    const order = await s.paidOrder(owner.cookie, owner.account.email, 'en');
    expect((await smtp.nextTo(owner.account.email)).subject).toContain('Payment received');
    await s.call('PATCH', `/api/orders/${order.id}/status`, { status: 'draft_delivered' }, { cookie: admin.cookie });
    const status = await smtp.nextTo(owner.account.email);
    expect(status.to).toEqual([owner.account.email]);
    expect(status.subject).toBe('[Studio Lumi] Your order is now: Draft delivered');
    expect(status.text).toContain('changed from "Order received" to "Draft delivered"');
    expect(status.text).toContain('https://shop.test/kr/profile');
    // A comment is staff's message: mailed once it has gone unread for the delay (D34).
    await s.call('PATCH', `/api/orders/${order.id}/comments`, { comments: 'The draft is in your inbox.' }, { cookie: admin.cookie });
    await s.db().update(orderConversations).set({ customerUnmailedSince: sql`now() - interval '1 hour'` }).where(eq(orderConversations.orderId, order.id));
    await server().app.jobs.runOnce('mail-unread-messages');
    const comment = await smtp.nextTo(owner.account.email);
    expect(comment.subject).toBe('[Studio Lumi] New messages about your order');
    expect(comment.text).toContain('The draft is in your inbox.');
    expect(comment.text).toContain('https://shop.test/kr/profile');
  });

  it('tells staff (STAFF_EMAIL) of every new paid order, brief and contact message, in Korean', async () => {
    /** Staff mail mentioning `text` (earlier tests' orders were announced too). */
    const staffMail = async (text: string) => {
      for (;;) {
        const mail = await smtp.nextTo('studio@studiolumi.test');
        if (mail.text.includes(text)) return mail;
      }
    };
    const owner = await s.customer();
    const order = await s.paidOrder(owner.cookie, owner.account.email, 'en');
    const paid = await staffMail(order.orderNumber);
    expect(paid.to.sort()).toEqual(['owner@studiolumi.test', 'studio@studiolumi.test']);
    // Paid in the sandbox: the mail says it is a test before anything else (D29 amended).
    // Named in Korean, staff's language, though the customer ordered in English (issue 33, item 24).
    expect(order.orderName).toBe('White-background cutout × 3');
    expect(paid.subject).toBe('[스튜디오 루미] [테스트] 새 결제 주문: 누끼 컷 (흰 배경) × 3장');
    expect(paid.text).toContain('테스트 결제입니다. 실제로 받은 돈은 없습니다.');
    expect(paid.text, paid.text).toContain(`https://shop.test/kr/admin?tab=orders&order=${order.id}`);
    await s.api.call('POST', '/api/project-briefs', { orderId: order.orderNumber, style: ['modern'] }, { cookie: owner.cookie });
    expect((await staffMail(`${order.customerName} <${owner.account.email}>님이`)).subject).toBe('[스튜디오 루미] [테스트] 새 프로젝트 브리프: 누끼 컷 (흰 배경) × 3장');
    await s.api.call('POST', '/api/contact', { name: 'Tanaka', email: 'tanaka@example.com', service: 'basic', message: '料金について教えてください。' }, { 'accept-language': 'ja', 'x-store-country': 'us' });
    const contact = await staffMail('tanaka@example.com');
    expect(contact.subject).toBe('[스튜디오 루미] 새 문의: Tanaka');
    expect(contact.text).toContain('작성 언어: 日本語');
    expect(contact.text).toContain('料金について教えてください。');
  });
});

describe.each(BACKENDS)('staff refunds through Toss on %s', (backend) => {
  let toss: Awaited<ReturnType<typeof startFakeToss>>;
  beforeAll(async () => {
    toss = await startFakeToss();
  });
  afterAll(async () => toss.stop());
  const server = useTestServer(backend, () => ({ TOSS_CLIENT_KEY: FAKE_TOSS_CLIENT, TOSS_SECRET_KEY: FAKE_TOSS_SECRET, TOSS_API_BASE: toss.url }));
  const s = staffApi(server);

  async function paidThroughToss(cookie: string, email: string) {
    const created = (await s.api.call('POST', '/api/orders', { customerName: '김민수', customerEmail: email, customerPhone: '010-1234-5678', serviceId: 3, quantity: 3, country: 'kr' }, { cookie, 'x-store-country': 'kr' })).json();
    const paymentKey = `ok_${randomUUID().replace(/-/g, '')}`;
    // The payer's own return: signed in, as the order's owner.
    expect((await s.api.call('POST', '/api/confirm', { orderId: created.orderId, amount: created.amount, paymentKey }, { cookie })).statusCode).toBe(200);
    const [row] = await s.db().select().from(orders).where(eq(orders.orderNumber, created.orderId));
    return row!;
  }

  it('refunds at most half once work has started, through Toss with an idempotency key, and records it', async () => {
    const owner = await s.customer();
    const admin = await s.admin();
    const order = await paidThroughToss(owner.cookie, owner.account.email);
    await s.call('PATCH', `/api/orders/${order.id}/status`, { status: 'in_progress' }, { cookie: admin.cookie });
    const detail = (await s.call('GET', `/api/admin/orders/${order.id}`, undefined, { cookie: admin.cookie })).json();
    expect(detail.cancel).toEqual({ kind: 'cancel', maxPercent: 50, maxMinor: 47_500 });

    const before = await s.snapshot();
    const tooMuch = await s.call('POST', `/api/admin/orders/${order.id}/cancel`, { refundAmount: 47_501, reason: 'Changed plans' }, { cookie: admin.cookie });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json()).toMatchObject({ code: 'REFUND_TOO_LARGE', message: 'Under the refund policy, this order can be refunded up to 50% of what was paid.' });
    expect(toss.cancels().filter((c) => c.path.includes(order.paymentKey!))).toHaveLength(0);
    expect(await s.snapshot()).toEqual(before);

    const refunded = await s.call('POST', `/api/admin/orders/${order.id}/cancel`, { refundAmount: 40_000, reason: 'Changed plans' }, { cookie: admin.cookie });
    expect(refunded.json()).toMatchObject({ success: true, status: 'cancelled', refunded: 40_000 });
    const sent = toss.cancels().filter((c) => c.path.includes(order.paymentKey!));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({ cancelAmount: 40_000, cancelReason: 'Changed plans' });
    expect(sent[0]!.idempotencyKey).toBe(`refund:${order.id}:1`);
    const after = (await s.call('GET', `/api/admin/orders/${order.id}`, undefined, { cookie: admin.cookie })).json();
    expect(after.order.status).toBe('cancelled');
    expect(after.refunds).toEqual([expect.objectContaining({ amount: 40_000, reason: 'Changed plans', provider: 'toss' })]);
    expect(after.history.at(-1)).toMatchObject({ from: 'in_progress', to: 'cancelled', actor: admin.account.email });
    expect(after.cancel).toEqual({ kind: 'none' });
    // The customer sees it, and cannot be refunded twice.
    const customerView = (await s.api.call('GET', '/api/orders/me', undefined, { cookie: owner.cookie })).json().orders[0];
    expect(customerView.status).toBe('cancelled');
    // The customer reads what came back, and the steps the order had reached (its history).
    expect(customerView).toMatchObject({ refunded: 40_000, refunds: [{ amount: 40_000 }] });
    expect(customerView.history.map((h: { to: string }) => h.to)).toEqual(['pending', 'order_received', 'in_progress', 'cancelled']);
    expect((await s.call('POST', `/api/admin/orders/${order.id}/cancel`, { refundAmount: 1, reason: 'again' }, { cookie: admin.cookie })).statusCode).toBe(409);
    // A cancelled order stays cancelled, so it can never be refunded a second time.
    const reopened = await s.call('PATCH', `/api/orders/${order.id}/status`, { status: 'order_received' }, { cookie: admin.cookie });
    expect(reopened.statusCode).toBe(409);
    expect(reopened.json().code).toBe('ORDER_CANCELLED');
    expect((await s.call('GET', `/api/admin/orders/${order.id}`, undefined, { cookie: admin.cookie })).json().refunds).toHaveLength(1);
  });

  it('refunds in full before work starts, and changes nothing but the record of the refused refund when Toss refuses it', async () => {
    const owner = await s.customer();
    const admin = await s.admin();
    const order = await paidThroughToss(owner.cookie, owner.account.email);
    // Most of it was already refunded at Toss (e.g. from its dashboard): a full refund is refused there.
    const direct = await fetch(`${toss.url}/v1/payments/${order.paymentKey}/cancel`, {
      method: 'POST', headers: { authorization: `Basic ${Buffer.from(`${FAKE_TOSS_SECRET}:`).toString('base64')}`, 'content-type': 'application/json' },
      body: JSON.stringify({ cancelReason: 'dashboard', cancelAmount: 90_000 }),
    });
    expect(direct.status).toBe(200);
    const before = await s.snapshot();
    const refused = await s.call('POST', `/api/admin/orders/${order.id}/cancel`, { refundAmount: order.amountMinor, reason: 'Duplicate order' }, { cookie: admin.cookie });
    expect(refused.statusCode).toBe(402);
    expect(refused.json().code).toBe('PAYMENT_FAILED');
    // The order is as it was; the refund Toss refused is recorded for staff (D32), and is no claim on a
    // next try. The audit trail keeps that staff asked for it.
    const withoutRefunds = (parts: string[]) => parts.filter((part) => !part.startsWith('refunds:') && !part.startsWith('audit_events:'));
    expect(withoutRefunds(await s.snapshot())).toEqual(withoutRefunds(before));
    const [failed] = await s.db().select().from(schema.refunds).where(eq(schema.refunds.orderId, order.id));
    const asked = await s.db().select().from(auditEvents).where(eq(auditEvents.orderId, order.id));
    expect(asked.map((row) => [row.action, row.after])).toEqual([['order.cancel', { outcome: 'refund_requested', refundMinor: order.amountMinor, refundId: failed!.id, currency: 'KRW', reasonChars: 15 }]]);
    const detail = (await s.call('GET', `/api/admin/orders/${order.id}`, undefined, { cookie: admin.cookie })).json();
    expect(detail.refunds).toEqual([expect.objectContaining({ amount: order.amountMinor, status: 'failed', refusedPayment: false })]);
    expect(detail.order.status).toBe('order_received');
    expect((await s.call('GET', `/api/admin/orders/${order.id}`, undefined, { cookie: admin.cookie })).json().cancel).toEqual({ kind: 'cancel', maxPercent: 100, maxMinor: order.amountMinor });
  });
});
