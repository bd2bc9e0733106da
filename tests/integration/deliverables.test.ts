/**
 * Deliverables through the HTTP API against a real database (issue 9): staff deliver drafts and
 * final files; a draft moves the order to draft_delivered with its history row and mail in the same
 * transaction; the customer (and the holder of the order's private link) downloads them, approves
 * or asks for a revision within 7 days and the free revisions. A refused call stores nothing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newGuestId } from '../../src/domain/guest.ts';
import { mailOutbox, orderMessages, orderStatusHistory, orders, revisionRequests, uploadedFiles, users } from '../../src/server/db/schema.ts';
import { createOrderLinks } from '../../src/server/features/orders/order-links.ts';
import { BACKENDS, useTestServer } from './harness.ts';
import { exe, mp4, multipart, pdf, png, type Upload } from './support/files.ts';
import { staffApi } from './support/staff.ts';

const DAY = 24 * 60 * 60 * 1000;

describe.each(BACKENDS)('deliverables on %s', (backend) => {
  const server = useTestServer(backend);
  const s = staffApi(server);
  const stored = () => {
    const dir = path.join(server().config.dataDir, 'uploads');
    return fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).map(String).filter((f) => !fs.statSync(path.join(dir, f)).isDirectory()).sort() : [];
  };
  async function deliver(orderId: string, files: Upload[], purpose: string, cookie: string) {
    const form = await multipart(files);
    return s.inject({ method: 'POST', url: `/api/admin/orders/${orderId}/deliverables?purpose=${purpose}`, payload: form.payload, headers: { 'content-type': form.contentType, cookie } });
  }
  const mine = async (cookie: string) => (await s.call('GET', '/api/orders/me', undefined, { cookie })).json().orders[0];
  const outbox = async (orderId: string) => (await s.db().select().from(mailOutbox).where(eq(mailOutbox.orderId, orderId))).map((m) => [m.kind, m.payload]);

  it('delivers a draft: the order, its history and the customer mail change together; the customer downloads it and nobody else can', async () => {
    const owner = await s.customer();
    const stranger = await s.customer();
    const admin = await s.admin();
    const order = await s.paidOrder(owner.cookie, owner.account.email);
    // The customer's brief, not yet looked at by staff.
    const brief = await s.call('POST', '/api/project-briefs', { orderId: order.orderNumber, style: ['modern'] }, { cookie: owner.cookie });
    expect(brief.statusCode, brief.body).toBe(201);
    expect((await mine(owner.cookie)).brief.status).toBe('pending');
    const image = await png();
    const answer = await deliver(order.id, [{ name: 'draft 1.png', data: image }, { name: 'sheet.pdf', data: pdf() }], 'draft', admin.cookie);
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json()).toMatchObject({ status: 'draft_delivered', statusChanged: true, message: '2 files delivered.' });

    const [row] = await s.db().select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ status: 'draft_delivered', revisionsUsed: 0 });
    expect(row!.draftDeliveredAt).toBeInstanceOf(Date);
    const [adminRow] = await s.db().select().from(users).where(eq(users.email, admin.account.email));
    const history = await s.db().select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order.id)).orderBy(orderStatusHistory.createdAt);
    expect(history.at(-1)).toMatchObject({ fromStatus: 'order_received', toStatus: 'draft_delivered', actorUserId: adminRow!.id });
    expect(await outbox(order.id)).toContainEqual(['order_status', { from: 'order_received', to: 'draft_delivered' }]);

    const view = await mine(owner.cookie);
    expect(view.deliverables.map((f: { name: string; purpose: string; type: string }) => [f.name, f.purpose, f.type])).toEqual([['draft 1.png', 'draft', 'image/png'], ['sheet.pdf', 'draft', 'application/pdf']]);
    expect(view.review).toMatchObject({ canApprove: true, canRevise: true, free: 1, used: 0, refusal: null });
    // The draft was made from the brief: it no longer reads "pending".
    expect(view.brief.status).toBe('approved');
    expect(new Date(view.review.deadline).getTime() - row!.draftDeliveredAt!.getTime()).toBe(7 * DAY);

    const url: string = view.deliverables[0].url;
    const download = await s.inject({ method: 'GET', url, headers: { cookie: owner.cookie } });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(image)).toBe(true);
    // The PDF is offered as a download, never shown as a document of this site.
    const sheet = await s.inject({ method: 'GET', url: view.deliverables[1].url, headers: { cookie: owner.cookie } });
    expect(sheet.headers['content-disposition']).toMatch(/^attachment/);
    const others: Array<Record<string, string>> = [{ cookie: stranger.cookie }, {}, { 'x-guest-id': newGuestId() }];
    for (const headers of others) {
      expect((await s.inject({ method: 'GET', url, headers })).statusCode).toBe(404);
    }
    // The order's private link opens it in another browser (D22).
    const key = createOrderLinks('test-cookie-secret-0123456789abcdef', 'http://localhost').keyFor(order.orderNumber);
    expect((await s.inject({ method: 'GET', url: `${url}?order=${order.orderNumber}&key=${key}`, headers: {} })).statusCode).toBe(200);

    // Deliverables may be larger than references (10 MB): an 11 MB video goes through.
    const video = Buffer.concat([mp4(), Buffer.alloc(11 * 1024 * 1024, 1)]);
    const large = await deliver(order.id, [{ name: 'cut.mp4', data: video }], 'draft', admin.cookie);
    expect(large.statusCode, large.body).toBe(201);
    expect(large.json().files[0]).toMatchObject({ name: 'cut.mp4', size: video.length, type: 'video/mp4', purpose: 'draft' });

    // A further file: final files leave the status as it is and tell the customer.
    const final = await deliver(order.id, [{ name: 'final.png', data: image }], 'final', admin.cookie);
    expect(final.json()).toMatchObject({ status: 'draft_delivered', statusChanged: false });
    expect(await outbox(order.id)).toContainEqual(['order_files', { purpose: 'final', count: '1' }]);
    // The conversation tells both: the draft's status change and the files that changed none.
    const entries = await s.db().select().from(orderMessages).where(and(eq(orderMessages.orderId, order.id), eq(orderMessages.kind, 'system'))).orderBy(orderMessages.seq);
    expect(entries.slice(-3).map((m) => [m.event, m.authorActor, m.data])).toEqual([
      ['draft_delivered', 'staff', { from: 'order_received', to: 'draft_delivered', count: 2 }],
      ['files_delivered', 'staff', { purpose: 'draft', count: 1 }],
      ['files_delivered', 'staff', { purpose: 'final', count: 1 }],
    ]);
  });

  it('refuses deliveries it cannot take and stores nothing: unpaid or unknown orders, wrong kinds and types, no files', async () => {
    const owner = await s.customer();
    const admin = await s.admin();
    const order = await s.paidOrder(owner.cookie, owner.account.email);
    const unpaid = (await s.api.call('POST', '/api/orders', { customerName: '김민수', customerEmail: owner.account.email, customerPhone: '010-1234-5678', serviceId: 1, quantity: 3, country: 'kr' }, { cookie: owner.cookie, 'x-store-country': 'kr' })).json();
    const before = await s.snapshot();
    const files = stored();
    const image = { name: 'a.png', data: await png() };
    const cases: Array<[string, Upload[], string, number, string]> = [
      [unpaid.id, [image], 'draft', 409, 'NOT_DELIVERABLE'],
      [randomUUID(), [image], 'draft', 404, 'NOT_FOUND'],
      ['not-a-uuid', [image], 'draft', 404, 'NOT_FOUND'],
      [order.id, [image], 'reference', 400, 'VALIDATION_FAILED'],
      [order.id, [image, { name: 'tool.png', data: exe() }], 'draft', 415, 'UNSUPPORTED_FILE_TYPE'],
      [order.id, [], 'draft', 400, 'VALIDATION_FAILED'],
    ];
    for (const [id, upload, purpose, status, code] of cases) {
      const answer = await deliver(id, upload, purpose, admin.cookie);
      expect(answer.statusCode, `${purpose} ${answer.body}`).toBe(status);
      expect(answer.json().code).toBe(code);
    }
    const json = await s.call('POST', `/api/admin/orders/${order.id}/deliverables?purpose=draft`, { files: [] }, { cookie: admin.cookie });
    expect(json.statusCode).toBe(415);
    expect(await s.snapshot()).toEqual(before);
    expect(stored()).toEqual(files);
  });

  it('takes a revision with its note, counts it against the free ones, and completes the order on approval', async () => {
    const owner = await s.customer();
    const stranger = await s.customer();
    const admin = await s.admin();
    const order = await s.paidOrder(owner.cookie, owner.account.email);
    // Nothing to review before a draft.
    expect((await s.call('POST', `/api/orders/${order.orderNumber}/approve`, {}, { cookie: owner.cookie })).json().code).toBe('REVIEW_NOT_OPEN');
    await deliver(order.id, [{ name: 'draft.png', data: await png() }], 'draft', admin.cookie);

    const refusals: Array<[string, unknown, Record<string, string>, number]> = [
      [`/api/orders/${order.orderNumber}/revision`, { note: '   ' }, { cookie: owner.cookie }, 400],
      [`/api/orders/${order.orderNumber}/revision`, { note: 'x'.repeat(2001) }, { cookie: owner.cookie }, 400],
      [`/api/orders/${order.orderNumber}/revision`, { note: 'Brighter, please' }, { cookie: stranger.cookie }, 404],
      [`/api/orders/${order.orderNumber}/approve`, {}, { cookie: stranger.cookie }, 404],
      [`/api/orders/${order.orderNumber}/approve`, {}, {}, 400],
      ['/api/orders/bad!number/approve', {}, { cookie: owner.cookie }, 404],
    ];
    const before = await s.snapshot();
    for (const [url, body, headers, status] of refusals) expect((await s.call('POST', url, body, headers)).statusCode, url).toBe(status);
    expect(await s.snapshot()).toEqual(before);

    const revised = await s.call('POST', `/api/orders/${order.orderNumber}/revision`, { note: 'A brighter background, please.' }, { cookie: owner.cookie });
    expect(revised.json()).toMatchObject({ success: true, status: 'in_progress', revisionsUsed: 1 });
    const [customer] = await s.db().select().from(users).where(eq(users.email, owner.account.email));
    expect(await s.db().select({ round: revisionRequests.round, note: revisionRequests.note, by: revisionRequests.requestedByUserId }).from(revisionRequests).where(eq(revisionRequests.orderId, order.id)))
      .toEqual([{ round: 1, note: 'A brighter background, please.', by: customer!.id }]);
    // The note is the customer's message in the order's conversation, linked from its request.
    const [request] = await s.db().select().from(revisionRequests).where(eq(revisionRequests.orderId, order.id));
    const [said] = await s.db().select().from(orderMessages).where(eq(orderMessages.id, request!.messageId!));
    expect(said).toMatchObject({ orderId: order.id, kind: 'text', authorSide: 'customer', authorActor: 'customer', authorUserId: customer!.id, context: 'revision_request', body: 'A brighter background, please.' });
    const history = await s.db().select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order.id)).orderBy(orderStatusHistory.createdAt);
    expect(history.at(-1)).toMatchObject({ fromStatus: 'draft_delivered', toStatus: 'in_progress', actorUserId: customer!.id });
    expect(await outbox(order.id)).toContainEqual(['staff_review', { decision: 'revision', note: 'A brighter background, please.', round: '1', from: 'draft_delivered', to: 'in_progress' }]);
    const detail = (await s.call('GET', `/api/admin/orders/${order.id}`, undefined, { cookie: admin.cookie })).json();
    expect(detail.revisions).toMatchObject([{ round: 1, note: 'A brighter background, please.' }]);
    // The customer reads back what they asked for.
    expect((await mine(owner.cookie)).revisions).toMatchObject([{ round: 1, note: 'A brighter background, please.' }]);
    expect(detail.review).toMatchObject({ free: 1, used: 1 });

    // The second draft: the one free revision is used, so only approval is left.
    await deliver(order.id, [{ name: 'draft-2.png', data: await png() }], 'draft', admin.cookie);
    expect((await mine(owner.cookie)).review).toMatchObject({ canApprove: true, canRevise: false, refusal: 'NO_FREE_REVISIONS' });
    const snapshot = await s.snapshot();
    const again = await s.call('POST', `/api/orders/${order.orderNumber}/revision`, { note: 'One more change' }, { cookie: owner.cookie });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('NO_FREE_REVISIONS');
    expect(await s.snapshot()).toEqual(snapshot);

    const approved = await s.call('POST', `/api/orders/${order.orderNumber}/approve`, {}, { cookie: owner.cookie });
    expect(approved.json()).toMatchObject({ success: true, status: 'completed' });
    expect(await outbox(order.id)).toContainEqual(['staff_review', { decision: 'approved', from: 'draft_delivered', to: 'completed' }]);
    expect((await mine(owner.cookie)).history.at(-1)).toMatchObject({ from: 'draft_delivered', to: 'completed' });
    expect((await s.call('POST', `/api/orders/${order.orderNumber}/approve`, {}, { cookie: owner.cookie })).json().code).toBe('REVIEW_NOT_OPEN');
  });

  it('closes revisions 7 days after the draft but still takes an approval; a guest answers with the private link', async () => {
    const admin = await s.admin();
    const guest = newGuestId();
    const created = (await s.api.call('POST', '/api/orders', { customerName: 'Lee', customerEmail: 'lee.guest@example.com', customerPhone: '010-2222-3333', serviceId: 1, quantity: 3, country: 'kr', sessionId: guest }, { 'x-store-country': 'kr' })).json();
    const { paymentKey } = (await s.api.call('POST', '/api/payments/sandbox/authorize', { orderId: created.orderId, card: 'approved', sessionId: guest })).json();
    expect((await s.api.call('POST', '/api/confirm', { orderId: created.orderId, amount: created.amount, paymentKey })).statusCode).toBe(200);
    await deliver(created.id, [{ name: 'draft.png', data: await png() }], 'draft', admin.cookie);
    await s.db().update(orders).set({ draftDeliveredAt: new Date(Date.now() - 7 * DAY - 60_000) }).where(eq(orders.id, created.id));

    const late = await s.call('POST', `/api/orders/${created.orderId}/revision`, { note: 'Too late?', sessionId: guest }, {});
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'REVIEW_WINDOW_CLOSED', message: expect.stringContaining('7 days') });
    // Another browser without the guest id: only the private link's key lets it in.
    expect((await s.call('POST', `/api/orders/${created.orderId}/approve`, { orderKey: 'forged' }, {})).statusCode).toBe(400);
    const key = createOrderLinks('test-cookie-secret-0123456789abcdef', 'http://localhost').keyFor(created.orderId);
    const approved = await s.call('POST', `/api/orders/${created.orderId}/approve`, { orderKey: key }, {});
    expect(approved.json()).toMatchObject({ status: 'completed' });
    const history = await s.db().select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, created.id)).orderBy(orderStatusHistory.createdAt);
    expect(history.at(-1)).toMatchObject({ toStatus: 'completed', actorUserId: null });
  });
});
