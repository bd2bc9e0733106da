/**
 * "Hardening, round three", item 6: a NUL (or another control character) in any text field is a
 * 400 VALIDATION_FAILED naming the field, in the caller's language, and nothing is stored; it used
 * to reach PostgreSQL (which cannot store U+0000 in text) and answer 500. A database error is
 * logged without the statement's parameters, so a guest id never reaches the log.
 */
import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { newGuestId } from '../../src/domain/guest.ts';
import { orders, orderStatusHistory } from '../../src/server/db/schema.ts';
import en from '../../src/i18n/locales/en/errors.json' with { type: 'json' };
import { BACKENDS, useTestServer } from './harness.ts';
import { newAccount } from './support/clients.ts';
import { staffApi, type Method } from './support/staff.ts';

/** The value with a NUL in its middle (so trimming cannot remove it). */
const withNul = (value: string) => `${value.slice(0, 2)}\u0000${value.slice(2)}`;

interface Fixtures {
  customer: { cookie: string; account: ReturnType<typeof newAccount> };
  admin: { cookie: string };
  guest: string;
  /** A pending order of the guest. */
  pending: string;
  /** Orders of the guest whose draft is waiting for review. */
  draftForRevision: string;
  draftForApproval: string;
  /** A paid order (id) staff work on. */
  paidId: string;
}

interface Case {
  endpoint: string;
  method: Method;
  url: (f: Fixtures) => string;
  body?: (f: Fixtures) => Record<string, unknown>;
  /** Text fields of the body, or of the query string when there is no body. */
  fields: string[];
  as?: (f: Fixtures) => Record<string, string>;
}

const orderBody = (f: Fixtures) => ({
  customerName: '김민수', customerEmail: 'minsu@example.com', customerPhone: '010-1234-5678', customerAddress: '서울시 마포구 1', requirements: '배경은 흰색으로',
  serviceId: 1, quantity: 3, country: 'kr', sessionId: f.guest, isGuestOrder: true,
  paymentMethod: 'sandbox', orderType: 'service', packageName: '컷아웃', currency: 'KRW', status: 'pending', finalPrice: '30,000',
});

const CASES: Case[] = [
  { endpoint: 'register', method: 'POST', url: () => '/api/auth/register', body: () => newAccount(), fields: ['email', 'password', 'firstName', 'lastName', 'phone'] },
  { endpoint: 'login', method: 'POST', url: () => '/api/auth/login', body: (f) => ({ email: f.customer.account.email, password: f.customer.account.password }), fields: ['email', 'password'] },
  { endpoint: 'check-email', method: 'POST', url: () => '/api/auth/check-email', body: () => ({ email: 'someone@example.com' }), fields: ['email'] },
  { endpoint: 'forgot-password', method: 'POST', url: () => '/api/auth/forgot-password', body: (f) => ({ email: f.customer.account.email }), fields: ['email'] },
  { endpoint: 'reset-password', method: 'POST', url: () => '/api/auth/reset-password', body: () => ({ token: 'A'.repeat(43), password: 'a-fresh-pass-77' }), fields: ['token', 'password'] },
  {
    endpoint: 'profile', method: 'PUT', url: () => '/api/auth/profile', as: (f) => ({ cookie: f.customer.cookie }),
    body: (f) => ({ email: f.customer.account.email, username: f.customer.account.username, firstName: '민수', lastName: '김', phone: '010-1234-5678', currentPassword: f.customer.account.password }),
    fields: ['email', 'username', 'firstName', 'lastName', 'phone', 'currentPassword'],
  },
  { endpoint: 'password', method: 'PUT', url: () => '/api/auth/password', as: (f) => ({ cookie: f.customer.cookie }), body: (f) => ({ currentPassword: f.customer.account.password, newPassword: 'another-pass-88' }), fields: ['currentPassword', 'newPassword'] },
  { endpoint: 'cart', method: 'POST', url: () => '/api/cart', body: (f) => ({ templateId: 3, quantity: 1, sessionId: f.guest }), fields: ['sessionId'] },
  { endpoint: 'cart merge', method: 'POST', url: () => '/api/cart/merge', as: (f) => ({ cookie: f.customer.cookie }), body: () => ({ sessionId: newGuestId() }), fields: ['sessionId'] },
  {
    endpoint: 'order', method: 'POST', url: () => '/api/orders', body: orderBody,
    fields: ['customerName', 'customerEmail', 'customerPhone', 'customerAddress', 'requirements', 'paymentMethod', 'orderType', 'packageName', 'currency', 'status', 'finalPrice'],
  },
  { endpoint: 'package order', method: 'POST', url: () => '/api/orders', body: (f) => ({ ...orderBody(f), serviceId: undefined, quantity: undefined, packageId: 'social' }), fields: ['packageId'] },
  { endpoint: 'cancel', method: 'POST', url: (f) => `/api/orders/${f.pending}/cancel`, body: (f) => ({ reason: '다른 상품으로 다시 주문할게요', sessionId: f.guest }), fields: ['reason'] },
  { endpoint: 'confirm', method: 'POST', url: () => '/api/confirm', body: (f) => ({ orderId: f.pending, amount: 30_000, paymentKey: 'sbx.not-a-real-key' }), fields: ['paymentKey'] },
  { endpoint: 'contact', method: 'POST', url: () => '/api/contact', body: () => ({ name: '김민수', email: 'minsu@example.com', company: '루미상회', service: 'consultation', message: '메뉴 사진 문의드립니다.' }), fields: ['name', 'email', 'company', 'message'] },
  {
    endpoint: 'brief', method: 'POST', url: () => '/api/project-briefs',
    body: (f) => ({
      serviceId: 6, style: ['modern'], additionalRequests: '따뜻한 느낌으로', referenceNotes: '첨부한 사진 참고', serviceName: '맞춤 촬영', servicePrice: '견적', deliveryTime: '협의',
      customerName: '김민수', customerEmail: 'minsu@example.com', customerPhone: '010-1234-5678', orderKey: 'not-a-key-but-text', sessionId: f.guest,
    }),
    fields: ['additionalRequests', 'referenceNotes', 'serviceName', 'servicePrice', 'deliveryTime', 'customerName', 'customerEmail', 'customerPhone', 'orderKey'],
  },
  { endpoint: 'revision', method: 'POST', url: (f) => `/api/orders/${f.draftForRevision}/revision`, body: (f) => ({ note: '배경을 더 밝게 해주세요', orderKey: 'not-a-key-but-text', sessionId: f.guest }), fields: ['note', 'orderKey'] },
  { endpoint: 'approve', method: 'POST', url: (f) => `/api/orders/${f.draftForApproval}/approve`, body: (f) => ({ orderKey: 'not-a-key-but-text', sessionId: f.guest }), fields: ['orderKey'] },
  { endpoint: 'staff status', method: 'PATCH', url: (f) => `/api/orders/${f.paidId}/status`, as: (f) => ({ cookie: f.admin.cookie }), body: () => ({ status: 'in_progress', note: '작업 시작' }), fields: ['note'] },
  { endpoint: 'staff comments', method: 'PATCH', url: (f) => `/api/orders/${f.paidId}/comments`, as: (f) => ({ cookie: f.admin.cookie }), body: () => ({ comments: '고객과 통화함' }), fields: ['comments'] },
  { endpoint: 'staff cancel', method: 'POST', url: (f) => `/api/admin/orders/${f.paidId}/cancel`, as: (f) => ({ cookie: f.admin.cookie }), body: () => ({ refundAmount: 0, reason: '고객 요청' }), fields: ['reason'] },
  { endpoint: 'staff order search', method: 'GET', url: () => '/api/orders', as: (f) => ({ cookie: f.admin.cookie }), fields: ['q'] },
  { endpoint: 'staff user search', method: 'GET', url: () => '/api/admin/users', as: (f) => ({ cookie: f.admin.cookie }), fields: ['q'] },
];

const ROWS = CASES.flatMap((c) => c.fields.map((field) => [c.endpoint, field, c] as const));

describe.each(BACKENDS)('control characters in text fields (%s)', (backend) => {
  const server = useTestServer(backend);
  const s = staffApi(server);
  let f: Fixtures;
  let ip = 0;
  /** Each call from its own address, so no rate limit is met. */
  const send = (method: Method, url: string, body: unknown, headers: Record<string, string>) => server().app.inject({
    method, url, remoteAddress: `198.18.${Math.floor(++ip / 250)}.${ip % 250}`,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
  });

  async function guestOrder(guest: string) {
    const created = await s.api.call('POST', '/api/orders', { ...orderBody({ guest } as Fixtures) }, { 'x-store-country': 'kr' });
    expect(created.statusCode).toBe(201);
    return created.json().orderId as string;
  }

  beforeAll(async () => {
    const customer = await s.customer();
    const admin = await s.admin();
    const guest = newGuestId();
    const [pending, draftForRevision, draftForApproval] = [await guestOrder(guest), await guestOrder(guest), await guestOrder(guest)];
    await s.db().update(orders).set({ status: 'draft_delivered', draftDeliveredAt: new Date(), paidAt: new Date() })
      .where(sql`${orders.orderNumber} in (${draftForRevision}, ${draftForApproval})`);
    const paid = await s.paidOrder(customer.cookie, customer.account.email);
    f = { customer, admin, guest, pending, draftForRevision, draftForApproval, paidId: paid.id };
  });

  it.each(ROWS)('%s: a NUL in %s is a 400 naming the field, and nothing is stored', async (_endpoint, field, c) => {
    const before = await s.snapshot();
    const headers = { 'x-store-country': 'kr', ...(c.as?.(f) ?? {}) };
    let response;
    if (c.body) {
      const body = c.body(f);
      expect(typeof body[field], `${field} is a text field of the body`).toBe('string');
      response = await send(c.method, c.url(f), { ...body, [field]: withNul(body[field] as string) }, { 'accept-language': 'en', ...headers });
    } else {
      response = await send('GET', `${c.url(f)}?${field}=${encodeURIComponent(withNul('food studio'))}`, undefined, { 'accept-language': 'en', ...headers });
    }
    expect(response.statusCode).toBe(400);
    const answer = response.json();
    expect(answer.code).toBe('VALIDATION_FAILED');
    expect(answer.fields).toEqual({ [field]: en.validation.controlChars });
    expect(await s.snapshot()).toEqual(before);
  });

  it('refuses line breaks in single-line fields, DEL and C1 controls everywhere, in the caller’s language', async () => {
    const before = await s.snapshot();
    const lineBreak = await s.api.call('POST', '/api/orders', { ...orderBody(f), customerName: '김\n민수' }, { 'x-store-country': 'kr', 'accept-language': 'ko' });
    expect(lineBreak.statusCode).toBe(400);
    expect(lineBreak.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { customerName: '한 줄로 입력해주세요.' } });
    const del = await s.api.call('POST', '/api/contact', { name: '김민수', email: 'minsu@example.com', service: 'consultation', message: 'hi\u007fthere' }, { 'accept-language': 'ja' });
    expect(del.statusCode).toBe(400);
    expect(Object.keys(del.json().fields)).toEqual(['message']);
    const c1 = await s.api.call('POST', '/api/contact', { name: '김\u0085민수', email: 'minsu@example.com', service: 'consultation', message: 'hello' }, { 'accept-language': 'ko' });
    expect(c1.statusCode).toBe(400);
    expect(Object.keys(c1.json().fields)).toEqual(['name']);
    expect(await s.snapshot()).toEqual(before);
  });

  it('keeps tabs and line breaks in multi-line text, with CRLF and CR stored as LF', async () => {
    const created = await s.api.call('POST', '/api/orders', { ...orderBody(f), customerName: '김\t민수', requirements: '첫 줄\r\n둘째 줄\r셋째 줄\n\t넷째 줄' }, { 'x-store-country': 'kr' });
    expect(created.statusCode).toBe(201);
    const [row] = await s.db().select().from(orders).where(eq(orders.orderNumber, created.json().orderId));
    expect(row).toMatchObject({ customerName: '김\t민수', requirements: '첫 줄\n둘째 줄\n셋째 줄\n\t넷째 줄' });
    // Staff notes are multi-line too.
    const noted = await s.call('PATCH', `/api/orders/${row!.id}/status`, { status: 'cancelled', note: '고객 요청\r\n전화로 확인' }, { cookie: f.admin.cookie });
    expect(noted.statusCode).toBe(200);
    const history = await s.db().select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, row!.id));
    expect(history.map((h) => h.note)).toContain('고객 요청\n전화로 확인');
  });
});

describe.each(BACKENDS)('a database error is logged without its parameters (%s)', (backend) => {
  const lines: string[] = [];
  const logStream = new Writable({ write(chunk, _encoding, done) { lines.push(String(chunk)); done(); } });
  const server = useTestServer(backend, { LOG_LEVEL: 'info' }, { logStream });
  const s = staffApi(server);

  it('logs the code, the message and the statement, never the guest id it was given', async () => {
    const { db } = server().database;
    const guest = newGuestId();
    // A database that refuses the order and says whose it was: the guest id is in the parameters and in the message.
    await db.execute(sql.raw(`create or replace function refuse_orders() returns trigger language plpgsql as $$ begin raise exception 'refused order of %', new.guest_id; end $$`));
    await db.execute(sql.raw('create trigger refuse_orders before insert on orders for each row execute function refuse_orders()'));
    try {
      lines.length = 0;
      const failed = await s.api.call('POST', '/api/orders', { ...orderBody({ guest } as Fixtures), sessionId: guest }, { 'x-store-country': 'kr', 'accept-language': 'en' });
      expect(failed.statusCode).toBe(500);
      expect(failed.json()).toMatchObject({ code: 'INTERNAL_ERROR' });
      expect(failed.body).not.toContain(guest);
    } finally {
      await db.execute(sql.raw('drop trigger refuse_orders on orders'));
    }
    const log = lines.join('');
    expect(log).not.toContain(guest);
    const entry = lines.map((line) => JSON.parse(line) as { msg: string; err?: Record<string, unknown> & { cause?: Record<string, unknown> } }).find((e) => e.msg === 'unhandled error');
    expect(entry?.err).toBeDefined();
    // What is useful is still there: the SQLSTATE, the database's message (its value redacted) and the statement text.
    const causes = [entry!.err!, entry!.err!.cause].filter(Boolean) as Array<Record<string, unknown>>;
    expect(causes.some((e) => e.code === 'P0001')).toBe(true);
    expect(causes.some((e) => typeof e.message === 'string' && e.message.startsWith('refused order of'))).toBe(true);
    expect(entry!.err!.query).toContain('insert into "orders"');
    expect(JSON.stringify(entry!.err)).not.toMatch(/"params"|"parameters"|"detail"|"args"/);
  });
});
