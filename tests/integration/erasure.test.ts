/**
 * Erasing a customer's data (issue 36) against a real database: after an account's erasure no
 * column of any table holds its e-mail, names, username or phone (searched in every text and JSON
 * column the database has), while orders, their amounts and their papers stay exactly as they were;
 * unpaid orders are cancelled without mail, sessions end, files leave storage, staff's later mails
 * go nowhere, and the trail records the erasure without the data. Refusals store nothing. A private
 * link erases its order alone, with the order's address typed again.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AUDIT_FACT_ORDER } from '../../src/domain/audit.ts';
import { rowsOf } from '../../src/server/db/client.ts';
import { auditEvents, mailOutbox, orderLines, orders, orderStatusHistory, papers, storageDeletions, uploadedFiles, users, userSessions } from '../../src/server/db/schema.ts';
import { createOrderLinks } from '../../src/server/features/orders/order-links.ts';
import { createStorage } from '../../src/server/storage/index.ts';
import { deleteStoredObjects } from '../../src/server/storage/storage-deletions.ts';
import { sessionCookie } from './support/clients.ts';
import { BACKENDS, useTestServer } from './harness.ts';
import { multipart, png } from './support/files.ts';
import { paidGuestOrder } from './support/guest-orders.ts';
import { papersNumbered, staffApi } from './support/staff.ts';

const links = createOrderLinks('test-cookie-secret-0123456789abcdef', 'http://localhost');

/** Someone no other test is: every identifier unique, so a search for it finds only them. */
function uniquePerson() {
  const tag = randomBytes(4).toString('hex');
  const digits = String(parseInt(tag, 16) % 100_000_000).padStart(8, '0');
  const email = `erase.${tag}@example.com`;
  return {
    email, password: 'secret12', username: `erase${tag}`, firstName: `Zelda${tag}`, lastName: `Quorra${tag}`,
    phone: `010-${digits.slice(0, 4)}-${digits.slice(4)}`, digits: `010${digits}`,
  };
}

describe.each(BACKENDS)("erasing a customer's data on %s", (backend) => {
  const server = useTestServer(backend);
  const s = staffApi(server);
  const db = () => s.db();

  async function register(person: ReturnType<typeof uniquePerson>) {
    const { digits: _digits, ...account } = person;
    const answer = await s.api.call('POST', '/api/auth/register', account);
    expect(answer.statusCode, answer.body).toBe(201);
    return sessionCookie(answer);
  }

  async function order(cookie: string, person: ReturnType<typeof uniquePerson>, options: { pay?: 'approved' | 'transfer'; business?: boolean } = {}) {
    const created = (await s.api.call('POST', '/api/orders', {
      customerName: `${person.firstName} ${person.lastName}`, customerEmail: person.email, customerPhone: person.phone,
      customerAddress: `${person.lastName} house, Seoul`, requirements: `call ${person.firstName} first`, serviceId: 1, quantity: 2, country: 'kr',
    }, { cookie, 'x-store-country': 'kr' })).json();
    if (options.business) {
      const business = await s.api.call('PUT', `/api/orders/${created.orderId}/business`, { company: 'Lumi Trading', taxId: '2148812345', address: '1 Sejong-daero', email: 'books@lumitrading.example' }, { cookie });
      expect(business.statusCode, business.body).toBe(200);
    }
    if (options.pay) {
      const { paymentKey } = (await s.api.call('POST', '/api/payments/sandbox/authorize', { orderId: created.orderId, card: options.pay }, { cookie })).json();
      expect((await s.api.call('POST', '/api/confirm', { orderId: created.orderId, amount: created.amount, paymentKey })).statusCode).toBe(200);
      await papersNumbered(db());
    }
    const [row] = await db().select().from(orders).where(eq(orders.orderNumber, created.orderId));
    return row!;
  }

  async function upload(cookie: string, name: string) {
    const form = await multipart([{ name, data: await png() }]);
    const answer = await s.inject({ method: 'POST', url: '/api/uploads', payload: form.payload, headers: { 'content-type': form.contentType, cookie } });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json().files[0] as { id: string };
  }

  /** Every text, varchar and JSON column of every table of the store's schema that holds `needle`, as `table.column`. */
  async function columnsHolding(needle: string): Promise<string[]> {
    const columns = rowsOf<{ table_name: string; column_name: string }>(await db().execute(sql`
      select table_name, column_name from information_schema.columns
      where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb', 'json')`));
    expect(columns.length).toBeGreaterThan(40);
    const found: string[] = [];
    for (const { table_name, column_name } of columns) {
      const [row] = rowsOf<{ n: number }>(await db().execute(sql`select count(*)::int as n from ${sql.identifier(table_name)} where ${sql.identifier(column_name)}::text ilike ${`%${needle}%`}`));
      if (row!.n > 0) found.push(`${table_name}.${column_name}`);
    }
    return found;
  }

  const storage = () => createStorage(server().config);
  /** Work done after the answer (files deleted, a mail written): asked again every 10 ms, for 5 s at most. */
  const waitUntil = async (done: () => Promise<boolean>) => {
    for (let i = 0; i < 500 && !(await done()); i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await done()).toBe(true);
  };

  it('erases every trace of the person and keeps orders, amounts and papers exactly as they were', async () => {
    const admin = await s.admin();
    const person = uniquePerson();
    const cookie = await register(person);
    const secondDevice = sessionCookie(await s.api.call('POST', '/api/auth/login', { email: person.email, password: person.password }));
    await db().update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.email, person.email));

    // A paid order, partly refunded by staff (a receipt and a credit note), with business details for papers.
    const refunded = await order(cookie, person, { pay: 'approved', business: true });
    // A paid order in cash with a cash receipt to the person's mobile, a brief, files, messages both ways, a note of staff's, then completed.
    const completed = await order(cookie, person, { pay: 'transfer' });
    const receipt = await s.api.call('POST', `/api/orders/${completed.orderNumber}/cash-receipt`, { purpose: 'income_deduction', identity: person.phone }, { cookie });
    expect(receipt.statusCode, receipt.body).toBe(201);
    const reference = await upload(cookie, `${person.lastName}-reference.png`);
    expect((await s.api.call('POST', '/api/project-briefs', { orderId: completed.orderNumber, style: ['modern'], additionalRequests: `${person.firstName} wants light`, uploadedFiles: [reference.id] }, { cookie })).statusCode).toBe(201);
    expect((await s.api.call('POST', `/api/orders/${completed.orderNumber}/messages`, { body: `It is ${person.firstName}, call ${person.digits}` }, { cookie })).statusCode).toBe(201);
    expect((await s.call('POST', `/api/admin/orders/${completed.id}/messages`, { body: `Hello ${person.firstName} ${person.lastName}`, private: false }, { cookie: admin.cookie })).statusCode).toBe(201);
    expect((await s.call('POST', `/api/admin/orders/${completed.id}/messages`, { body: `note: ${person.email} is picky`, private: true }, { cookie: admin.cookie })).statusCode).toBe(201);
    const delivered = await multipart([{ name: `${person.firstName}-final.png`, data: await png() }]);
    expect((await s.inject({ method: 'POST', url: `/api/admin/orders/${completed.id}/deliverables?purpose=final`, payload: delivered.payload, headers: { 'content-type': delivered.contentType, cookie: admin.cookie } })).statusCode).toBe(201);
    expect((await s.call('PATCH', `/api/orders/${completed.id}/status`, { status: 'completed', note: `phoned ${person.firstName} ${person.lastName} on ${person.phone}` }, { cookie: admin.cookie })).statusCode).toBe(200);
    const refund = await s.call('POST', `/api/admin/orders/${refunded.id}/cancel`, { refundAmount: Math.floor(refunded.amountMinor / 2), reason: `${person.lastName} changed plans` }, { cookie: admin.cookie });
    expect(refund.statusCode, refund.body).toBe(200);
    // An unpaid order, a cart line, an unclaimed upload, a contact message from the proven address, a reset link.
    const unpaid = await order(cookie, person);
    expect((await s.api.call('POST', '/api/cart', { templateId: 3, quantity: 1 }, { cookie })).statusCode).toBeLessThan(300);
    await upload(cookie, `${person.username}-unclaimed.png`);
    await s.api.call('POST', '/api/contact', { name: `${person.firstName} ${person.lastName}`, email: person.email, service: 'basic', message: `${person.firstName} asks about prices` });
    expect((await s.api.call('POST', '/api/auth/forgot-password', { email: person.email })).statusCode).toBe(200);
    await waitUntil(async () => rowsOf(await db().execute(sql`select 1 from password_reset_tokens where email = ${person.email}`)).length > 0);

    await papersNumbered(db());
    const ids = [refunded.id, completed.id, unpaid.id];
    const papersBefore = await db().select().from(papers).where(sql`${papers.orderId} in ${ids}`).orderBy(papers.id);
    expect(papersBefore.length).toBeGreaterThanOrEqual(3);
    const pageOf = async (orderNumber: string, number: string) => (await s.call('GET', `/api/orders/${orderNumber}/papers/${encodeURIComponent(number)}`, undefined, { cookie: admin.cookie })).body;
    const numbered = papersBefore.filter((p) => p.number !== null);
    const pagesBefore = await Promise.all(numbered.map(async (p) => pageOf(ids[0] === p.orderId ? refunded.orderNumber : completed.orderNumber, p.number!)));
    const linesBefore = await db().select().from(orderLines).where(sql`${orderLines.orderId} in ${ids}`).orderBy(orderLines.id);
    const keysBefore = (await db().select({ stored: uploadedFiles.storedName }).from(uploadedFiles).where(eq(uploadedFiles.ownerUserId, (await db().select().from(users).where(eq(users.email, person.email)))[0]!.id))).map((f) => f.stored);
    expect(keysBefore.length).toBeGreaterThanOrEqual(2);
    const mailsBefore = (await db().select().from(mailOutbox)).length;

    const erased = await s.api.call('POST', '/api/account/erase', { currentPassword: person.password, confirm: true }, { cookie });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json().erased).toEqual({ orders: 3, cancelled: 1, papersKept: papersBefore.length, files: expect.any(Number) });
    expect(erased.headers['set-cookie']).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);

    // Orders, lines, amounts and papers stay, detached.
    const after = await db().select().from(orders).where(sql`${orders.id} in ${ids}`);
    for (const row of after) {
      const before = [refunded, completed, unpaid].find((o) => o.id === row.id)!;
      expect({ amount: row.amountMinor, krw: row.amountKrw, number: row.orderNumber, paidAt: row.paidAt, user: row.userId, email: row.customerEmail, erased: row.erasedAt !== null })
        .toEqual({ amount: before.amountMinor, krw: before.amountKrw, number: before.orderNumber, paidAt: before.paidAt, user: null, email: '', erased: true });
    }
    expect(await db().select().from(papers).where(sql`${papers.orderId} in ${ids}`).orderBy(papers.id)).toEqual(papersBefore);
    expect(await Promise.all(numbered.map(async (p) => pageOf(ids[0] === p.orderId ? refunded.orderNumber : completed.orderNumber, p.number!)))).toEqual(pagesBefore);
    expect(await db().select().from(orderLines).where(sql`${orderLines.orderId} in ${ids}`).orderBy(orderLines.id)).toEqual(linesBefore);
    // The unpaid order is cancelled through the lifecycle, by the customer, without mail.
    expect(after.find((o) => o.id === unpaid.id)!.status).toBe('cancelled');
    const [cancelEntry] = await db().select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, unpaid.id)).orderBy(sql`${orderStatusHistory.createdAt} desc`).limit(1);
    expect(cancelEntry).toMatchObject({ fromStatus: 'pending', toStatus: 'cancelled', actor: 'customer' });
    expect((await db().select().from(mailOutbox).where(eq(mailOutbox.orderId, unpaid.id))).length).toBe(0);
    expect((await db().select().from(mailOutbox)).length).toBeLessThanOrEqual(mailsBefore);

    // Signed out everywhere; the account is gone.
    for (const device of [cookie, secondDevice]) expect((await s.api.call('GET', '/api/auth/profile', undefined, { cookie: device })).statusCode).toBe(401);
    expect(await db().select().from(users).where(eq(users.email, person.email))).toEqual([]);
    expect((await s.api.call('POST', '/api/auth/login', { email: person.email, password: person.password })).statusCode).toBe(401);

    // Files leave storage once the answer is out.
    await waitUntil(async () => (await db().select().from(storageDeletions)).length === 0);
    for (const key of keysBefore) expect(await (await storage()).get(key), key).toBeNull();

    // No column of any table holds any of the person's identifiers.
    for (const needle of [person.email, person.firstName, person.lastName, person.username, person.phone, person.digits, `${person.lastName} house`]) {
      expect(await columnsHolding(needle), needle).toEqual([]);
    }
    // Papers keep the business buyer as issued (the tax record): the company, not the person.
    expect(await columnsHolding('books@lumitrading.example')).toEqual(['papers.buyer']);

    // The trail records the erasure, and staff reading it see none of the data.
    const [trail] = await db().select().from(auditEvents).where(eq(auditEvents.action, 'account.erased')).orderBy(sql`${auditEvents.id} desc`).limit(1);
    expect(trail).toMatchObject({ actorKind: 'customer', ip: null, userAgent: null, actorEmail: null, subjectType: 'user', after: { orders: 3, cancelled: 1, papersKept: papersBefore.length } });
    // Staff see that the customer's data was deleted, not what it was.
    const staffView = await s.call('GET', `/api/admin/orders/${completed.id}`, undefined, { cookie: admin.cookie });
    expect(staffView.json().order).toMatchObject({ erased: true, customerName: '', customerEmail: '', customerPhone: null, business: null });
    // The history names who acted: staff by their e-mail, and the customer's cancel of the unpaid
    // order as the customer's (it read as the store's own before).
    expect(staffView.json().history).toContainEqual(expect.objectContaining({ by: 'staff', actor: expect.stringContaining('@') }));
    const unpaidView = await s.call('GET', `/api/admin/orders/${unpaid.id}`, undefined, { cookie: admin.cookie });
    expect(unpaidView.json().history.at(-1)).toMatchObject({ to: 'cancelled', actor: null, by: 'customer' });
    const listed = await s.call('GET', `/api/orders?q=${encodeURIComponent(completed.orderNumber)}`, undefined, { cookie: admin.cookie });
    expect(listed.json().orders).toEqual([expect.objectContaining({ orderId: completed.orderNumber, erased: true })]);
    // Every fact it keeps has a label on the staff tab.
    for (const key of Object.keys(trail!.after ?? {})) expect(AUDIT_FACT_ORDER, key).toContain(key);
    const read = await s.call('GET', '/api/admin/audit?group=privacy', undefined, { cookie: admin.cookie });
    expect(read.statusCode).toBe(200);
    for (const needle of [person.email, person.firstName, person.lastName, person.phone]) expect(read.body).not.toContain(needle);

    // The confirmation went to the erased address (the mailer's outbox folder, as there is no SMTP here).
    const outbox = path.join(server().config.dataDir, 'outbox');
    const confirmation = () => existsSync(outbox) && readdirSync(outbox).map((f) => readFileSync(path.join(outbox, f), 'utf8'))
      .some((mail) => mail.includes(`To: ${person.email}`) && !mail.includes('X-Outbox-ID'));
    await waitUntil(async () => confirmation());

    // Staff changing an erased order later mail nobody: the row is given up, never sent.
    expect((await s.call('PATCH', `/api/orders/${completed.id}/status`, { status: 'in_progress' }, { cookie: admin.cookie })).statusCode).toBe(200);
    const unsent = async () => (await db().select().from(mailOutbox).where(eq(mailOutbox.orderId, completed.id))).filter((m) => m.sentAt === null);
    await waitUntil(async () => (await unsent()).every((m) => m.failedAt !== null));
    expect((await unsent()).map((m) => [m.kind, m.lastError])).toEqual([['order_status', expect.stringContaining('no recipient')]]);
  });

  it('refuses while an order is under way, a wrong or missing password, no confirmation, staff and strangers, storing nothing', async () => {
    const admin = await s.admin();
    const person = uniquePerson();
    const cookie = await register(person);
    const working = await order(cookie, person, { pay: 'approved' });
    expect((await s.call('PATCH', `/api/orders/${working.id}/status`, { status: 'in_progress' }, { cookie: admin.cookie })).statusCode).toBe(200);

    const before = await s.snapshot();
    const blocked = await s.api.call('POST', '/api/account/erase', { currentPassword: person.password, confirm: true }, { cookie, 'accept-language': 'en' });
    expect([blocked.statusCode, blocked.json().code]).toEqual([409, 'ERASURE_BLOCKED']);
    expect(blocked.json().message).toContain(working.orderNumber);
    const wrong = await s.api.call('POST', '/api/account/erase', { currentPassword: 'not-it-123', confirm: true }, { cookie });
    expect([wrong.statusCode, wrong.json().code]).toEqual([403, 'CURRENT_PASSWORD_INVALID']);
    const missing = await s.api.call('POST', '/api/account/erase', { confirm: true }, { cookie });
    expect([missing.statusCode, Object.keys(missing.json().fields ?? {})]).toEqual([400, ['currentPassword']]);
    const unticked = await s.api.call('POST', '/api/account/erase', { currentPassword: person.password, confirm: false }, { cookie });
    expect([unticked.statusCode, Object.keys(unticked.json().fields ?? {})]).toEqual([400, ['confirm']]);
    expect((await s.api.call('POST', '/api/account/erase', { currentPassword: 'x', confirm: true })).statusCode).toBe(401);
    const staff = await s.call('POST', '/api/account/erase', { currentPassword: admin.account.password, confirm: true }, { cookie: admin.cookie });
    expect([staff.statusCode, staff.json().code]).toEqual([403, 'FORBIDDEN']);
    expect(await s.snapshot()).toEqual(before);

    // An account without a password proves itself by a recent Google sign-in.
    await db().update(users).set({ passwordHash: null }).where(eq(users.email, person.email));
    await db().update(userSessions).set({ createdAt: new Date(Date.now() - 60 * 60_000) }).where(sql`${userSessions.userId} = (select id from users where email = ${person.email})`);
    const stale = await s.api.call('POST', '/api/account/erase', { confirm: true }, { cookie });
    expect([stale.statusCode, stale.json().code]).toEqual([403, 'RECENT_SIGN_IN_REQUIRED']);
  });

  it("erases one order through its private link once its address is typed again, and leaves the guest's other orders", async () => {
    const admin = await s.admin();
    const guest = randomBytes(32).toString('base64url');
    const email = `guest.${randomBytes(4).toString('hex')}@example.com`;
    const first = await paidGuestOrder(s, guest, { email });
    const second = await paidGuestOrder(s, guest, { email });
    expect((await s.call('PATCH', `/api/orders/${first.id}/status`, { status: 'completed' }, { cookie: admin.cookie })).statusCode).toBe(200);
    const key = links.keyFor(first.orderNumber);

    const before = await s.snapshot();
    const mismatch = await s.api.call('POST', `/api/orders/${first.orderNumber}/erase`, { orderKey: key, email: 'someone@example.com', confirm: true });
    expect([mismatch.statusCode, Object.keys(mismatch.json().fields ?? {})]).toEqual([400, ['email']]);
    expect((await s.api.call('POST', `/api/orders/${second.orderNumber}/erase`, { orderKey: key, email, confirm: true })).statusCode).toBe(404);
    const stillPaid = await s.api.call('POST', `/api/orders/${second.orderNumber}/erase`, { orderKey: links.keyFor(second.orderNumber), email, confirm: true });
    expect([stillPaid.statusCode, stillPaid.json().code]).toEqual([409, 'ERASURE_BLOCKED']);
    expect(await s.snapshot()).toEqual(before);

    const done = await s.api.call('POST', `/api/orders/${first.orderNumber}/erase`, { orderKey: key, email: email.toUpperCase(), confirm: true });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().erased).toMatchObject({ orders: 1, cancelled: 0 });
    const [row] = await db().select().from(orders).where(eq(orders.id, first.id));
    expect(row).toMatchObject({ customerEmail: '', customerName: '', customerPhone: null, guestId: null, userId: null, status: 'completed', amountMinor: first.amountMinor });
    const [other] = await db().select().from(orders).where(eq(orders.id, second.id));
    expect(other).toMatchObject({ customerEmail: email, guestId: guest, erasedAt: null });
    const [trail] = await db().select().from(auditEvents).where(eq(auditEvents.orderId, first.id)).orderBy(sql`${auditEvents.id} desc`).limit(1);
    expect(trail).toMatchObject({ action: 'account.erased', actorKind: 'linkHolder', actorUserId: null, subjectType: 'order', subjectId: first.id });
    // Once erased, the link erases nothing more.
    expect((await s.api.call('POST', `/api/orders/${first.orderNumber}/erase`, { orderKey: key, email, confirm: true })).statusCode).toBe(404);
  });

  it('deletes the stored objects an erasure left queued when the process died before it could', async () => {
    const person = uniquePerson();
    const cookie = await register(person);
    await upload(cookie, 'left-behind.png');
    const [file] = await db().select().from(uploadedFiles).where(sql`${uploadedFiles.ownerUserId} = (select id from users where email = ${person.email})`);
    // As a crash between the commit and the deletion leaves it: the row gone, the key queued, the object still there.
    await db().transaction(async (tx) => {
      await tx.delete(uploadedFiles).where(eq(uploadedFiles.id, file!.id));
      await tx.insert(storageDeletions).values({ key: file!.storedName });
    });
    expect(await (await storage()).get(file!.storedName)).not.toBeNull();
    expect(await deleteStoredObjects(db(), await storage())).toBeGreaterThanOrEqual(1);
    expect(await (await storage()).get(file!.storedName)).toBeNull();
    expect(await db().select().from(storageDeletions).where(eq(storageDeletions.key, file!.storedName))).toEqual([]);
  });
});
