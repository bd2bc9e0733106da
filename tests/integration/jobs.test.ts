/**
 * The scheduled jobs against a real database (issue "Hardening, round three", items 4 and 12):
 * uploads that no brief or order claimed within a day are deleted from storage and the database;
 * unpaid orders a day old are cancelled with their history row. Each job is run directly, once
 * (no waiting on its clock); several passes at once each take other rows.
 */
import fs from 'node:fs';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newGuestId } from '../../src/domain/guest.ts';
import { orderStatusHistory, orders, uploadedFiles } from '../../src/server/db/schema.ts';
import { purgeUnclaimedUploads } from '../../src/server/features/uploads/purge-unclaimed.ts';
import { EXPIRED_NOTE, expireUnpaidOrders } from '../../src/server/jobs/expire-unpaid-orders.ts';
import { createStorage } from '../../src/server/storage/index.ts';
import { BACKENDS, useTestServer, type TestServer } from './harness.ts';
import { client } from './support/clients.ts';
import { jpeg, multipart, png } from './support/files.ts';

const customer = { customerName: '김민수', customerEmail: 'minsu@example.com', customerPhone: '010-1234-5678' };

function store(server: () => TestServer) {
  const api = client(server);
  const db = () => server().database.db;
  return {
    api,
    db,
    storage: () => createStorage(server().config),
    /** A guest's upload of one file; its row. */
    async upload(guestId: string, data: Buffer, name = 'ref.png') {
      const body = await multipart([{ name, data }]);
      const answer = await server().app.inject({
        method: 'POST', url: `/api/uploads?sessionId=${guestId}`, payload: body.payload,
        remoteAddress: '10.77.0.1', headers: { 'content-type': body.contentType },
      });
      expect(answer.statusCode, answer.body).toBe(201);
      const [file] = answer.json().files;
      const [row] = await db().select().from(uploadedFiles).where(eq(uploadedFiles.id, file.id));
      return { ...row!, previewUrl: file.previewUrl as string | null };
    },
    /** A pending order of the guest (not paid); its public number and row id. */
    async pendingOrder(guestId: string) {
      const created = await api.call('POST', '/api/orders', { ...customer, serviceId: 4, quantity: 3, country: 'kr', sessionId: guestId, isGuestOrder: true }, { 'x-store-country': 'kr' });
      expect(created.statusCode, created.body).toBe(201);
      const { orderId, amount } = created.json();
      const [row] = await db().select().from(orders).where(eq(orders.orderNumber, orderId));
      return { number: orderId as string, id: row!.id, amount: amount as number, guestId };
    },
    async pay(order: { number: string; amount: number; guestId: string }) {
      const { paymentKey } = (await api.call('POST', '/api/payments/sandbox/authorize', { orderId: order.number, card: 'approved', sessionId: order.guestId })).json();
      return api.call('POST', '/api/confirm', { orderId: order.number, amount: order.amount, paymentKey });
    },
    /** Makes rows look `hours` old. */
    async age(table: typeof uploadedFiles | typeof orders, ids: string[], hours: number) {
      await db().update(table).set({ createdAt: sql`now() - make_interval(hours => ${hours})` }).where(inArray(table.id, ids));
    },
    onDisk(key: string) {
      return fs.existsSync(path.join(server().config.dataDir, 'uploads', key));
    },
    async history(orderId: string) {
      return db().select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, orderId)).orderBy(orderStatusHistory.createdAt);
    },
  };
}

describe.each(BACKENDS)('purging unclaimed uploads on %s', (backend) => {
  const server = useTestServer(backend);
  const s = store(server);

  it('deletes a file no brief or order claimed after 24 hours, with its preview, and keeps fresh and claimed ones', async () => {
    const guestId = newGuestId();
    const old = await s.upload(guestId, await png(), 'old.png');
    // Its preview was made: the purge removes that object too.
    expect((await server().app.inject({ method: 'GET', url: old.previewUrl!, headers: { 'x-guest-id': guestId } })).statusCode).toBe(200);
    const [withThumb] = await s.db().select().from(uploadedFiles).where(eq(uploadedFiles.id, old.id));
    expect(withThumb!.thumbnailName).toMatch(/^thumbs\//);
    const fresh = await s.upload(guestId, await jpeg(), 'fresh.jpg');
    const claimed = await s.upload(guestId, await png(), 'claimed.png');
    const order = await s.pendingOrder(guestId);
    expect((await s.pay(order)).statusCode).toBe(200);
    const brief = await s.api.call('POST', '/api/project-briefs', { orderId: order.number, sessionId: guestId, style: ['modern'], uploadedFiles: [claimed.id] });
    expect(brief.statusCode, brief.body).toBe(201);
    await s.age(uploadedFiles, [old.id, claimed.id], 25);
    for (const key of [old.storedName, withThumb!.thumbnailName!, fresh.storedName, claimed.storedName]) expect(s.onDisk(key)).toBe(true);

    expect(await purgeUnclaimedUploads(s.db(), await s.storage())).toBe(1);

    const left = await s.db().select({ id: uploadedFiles.id }).from(uploadedFiles).where(inArray(uploadedFiles.id, [old.id, fresh.id, claimed.id]));
    expect(left.map((r) => r.id).sort()).toEqual([fresh.id, claimed.id].sort());
    expect(s.onDisk(old.storedName)).toBe(false);
    expect(s.onDisk(withThumb!.thumbnailName!)).toBe(false);
    expect(s.onDisk(fresh.storedName)).toBe(true);
    expect(s.onDisk(claimed.storedName)).toBe(true);
    // The owner is told it is gone; the claimed file still opens.
    expect((await server().app.inject({ method: 'GET', url: `/uploads/${old.storedName}`, headers: { 'x-guest-id': guestId } })).statusCode).toBe(404);
    expect((await server().app.inject({ method: 'GET', url: `/uploads/${claimed.storedName}`, headers: { 'x-guest-id': guestId } })).statusCode).toBe(200);
    // A second pass finds nothing more.
    expect(await purgeUnclaimedUploads(s.db(), await s.storage())).toBe(0);
  });

  it('deletes each old file exactly once when several passes run at once, in batches', async () => {
    const guestId = newGuestId();
    const files = [];
    for (let i = 0; i < 7; i++) files.push(await s.upload(guestId, await png(), `batch-${i}.png`));
    await s.age(uploadedFiles, files.map((f) => f.id), 30);
    const storage = await s.storage();
    const counts = await Promise.all([1, 2, 3].map(() => purgeUnclaimedUploads(s.db(), storage, { batchSize: 2 })));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(7);
    expect(await s.db().select().from(uploadedFiles).where(inArray(uploadedFiles.id, files.map((f) => f.id)))).toEqual([]);
    for (const file of files) expect(s.onDisk(file.storedName)).toBe(false);
  });
});

describe.each(BACKENDS)('expiring unpaid orders on %s', (backend) => {
  const server = useTestServer(backend);
  const s = store(server);

  it('cancels a pending order older than 24 hours with its history row, and leaves a fresh pending and an old paid order alone', async () => {
    const guestId = newGuestId();
    const old = await s.pendingOrder(guestId);
    const fresh = await s.pendingOrder(guestId);
    const paid = await s.pendingOrder(guestId);
    expect((await s.pay(paid)).statusCode).toBe(200);
    await s.age(orders, [old.id, paid.id], 25);
    const before = { fresh: await s.history(fresh.id), paid: await s.history(paid.id) };

    expect(await expireUnpaidOrders(s.db())).toBe(1);

    const [oldRow] = await s.db().select().from(orders).where(eq(orders.id, old.id));
    expect(oldRow!.status).toBe('cancelled');
    const history = await s.history(old.id);
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.actorUserId, h.note])).toEqual([
      [null, 'pending', null, expect.anything()],
      ['pending', 'cancelled', null, EXPIRED_NOTE],
    ]);
    expect(EXPIRED_NOTE).toBe('expired unpaid after 24 hours');
    const rows = await s.db().select().from(orders).where(inArray(orders.id, [fresh.id, paid.id]));
    expect(Object.fromEntries(rows.map((r) => [r.id, r.status]))).toEqual({ [fresh.id]: 'pending', [paid.id]: 'order_received' });
    expect(await s.history(fresh.id)).toEqual(before.fresh);
    expect(await s.history(paid.id)).toEqual(before.paid);
    // The expired order can no longer be paid.
    const late = await s.api.call('POST', '/api/payments/sandbox/authorize', { orderId: old.number, card: 'approved', sessionId: old.guestId });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('ORDER_NOT_PAYABLE');
    expect(await expireUnpaidOrders(s.db())).toBe(0);
  });

  it('never cancels an order whose payment is being recorded at that moment', async () => {
    const order = await s.pendingOrder(newGuestId());
    await s.age(orders, [order.id], 25);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let holding!: () => void;
    const held = new Promise<void>((resolve) => {
      holding = resolve;
    });
    // The confirmation's statement has changed the row but not committed yet.
    const paying = s.db().transaction(async (tx) => {
      await tx.update(orders).set({ status: 'order_received', paidAt: new Date() }).where(and(eq(orders.id, order.id), eq(orders.status, 'pending')));
      holding();
      await gate;
    });
    await held;
    const expiring = expireUnpaidOrders(s.db());
    release();
    await paying;
    expect(await expiring).toBe(0);
    const [row] = await s.db().select().from(orders).where(eq(orders.id, order.id));
    expect(row!.status).toBe('order_received');
    expect((await s.history(order.id)).some((h) => h.toStatus === 'cancelled')).toBe(false);
  });

  it('expires each old order exactly once when several passes run at once, in batches', async () => {
    const guestId = newGuestId();
    const due = [];
    for (let i = 0; i < 5; i++) due.push(await s.pendingOrder(guestId));
    await s.age(orders, due.map((o) => o.id), 48);
    const counts = await Promise.all([1, 2, 3].map(() => expireUnpaidOrders(s.db(), { batchSize: 2 })));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(5);
    const cancelled = await s.db().select().from(orderStatusHistory).where(and(inArray(orderStatusHistory.orderId, due.map((o) => o.id)), eq(orderStatusHistory.toStatus, 'cancelled')));
    expect(cancelled).toHaveLength(5);
    expect(new Set(cancelled.map((h) => h.orderId)).size).toBe(5);
  });
});
