/**
 * A customer's own data (issue 36) against a real database: the JSON holds the customer's account,
 * orders, conversation, cart, files and contact messages and nothing of anyone else (another
 * customer, a guest, staff's private notes, staff's addresses); the zip carries exactly the files
 * they may read, byte for byte; a private link gives its order alone; anyone else gets nothing.
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { users } from '../../src/server/db/schema.ts';
import { createOrderLinks } from '../../src/server/features/orders/order-links.ts';
import { BACKENDS, useTestServer } from './harness.ts';
import { multipart, png } from './support/files.ts';
import { staffApi } from './support/staff.ts';

const links = createOrderLinks('test-cookie-secret-0123456789abcdef', 'http://localhost');

/** The zip's entries, in their order: name → sha256 of the content. */
async function zipEntries(body: Buffer): Promise<Map<string, string>> {
  const zip = await yauzl.fromBufferPromise(body, { lazyEntries: true });
  const entries = new Map<string, string>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      zip.openReadStreamPromise(entry).then(async (stream) => {
        const hash = createHash('sha256');
        for await (const chunk of stream) hash.update(chunk as Buffer);
        entries.set(entry.fileName, hash.digest('hex'));
        zip.readEntry();
      }, reject);
    });
    zip.on('end', () => resolve());
    zip.on('error', reject);
    zip.readEntry();
  });
  return entries;
}

describe.each(BACKENDS)("a customer's own data on %s", (backend) => {
  const server = useTestServer(backend);
  const s = staffApi(server);

  /** A customer with a paid order, a brief with a file, messages both ways, a delivered file, a staff note with a file, a cart line and an unclaimed upload. */
  async function customerWithEverything(marker: string, admin: { cookie: string }) {
    const who = await s.customer();
    const order = await s.paidOrder(who.cookie, who.account.email);
    const upload = async (cookie: string, name: string) => {
      const form = await multipart([{ name, data: await png() }]);
      const answer = await s.inject({ method: 'POST', url: '/api/uploads', payload: form.payload, headers: { 'content-type': form.contentType, cookie } });
      expect(answer.statusCode, answer.body).toBe(201);
      return answer.json().files[0] as { id: string };
    };
    const reference = await upload(who.cookie, `${marker}-reference.png`);
    expect((await s.api.call('POST', '/api/project-briefs', { orderId: order.orderNumber, style: ['modern'], additionalRequests: `${marker} brief words`, uploadedFiles: [reference.id] }, { cookie: who.cookie })).statusCode).toBe(201);
    expect((await s.api.call('POST', `/api/orders/${order.orderNumber}/messages`, { body: `${marker} asks about light` }, { cookie: who.cookie })).statusCode).toBe(201);
    expect((await s.call('POST', `/api/admin/orders/${order.id}/messages`, { body: `${marker} staff answers`, private: false }, { cookie: admin.cookie })).statusCode).toBe(201);
    const noteFile = await upload(admin.cookie, `${marker}-internal.png`);
    expect((await s.call('POST', `/api/admin/orders/${order.id}/messages`, { body: `${marker} PRIVATE NOTE`, private: true, files: [noteFile.id] }, { cookie: admin.cookie })).statusCode).toBe(201);
    const form = await multipart([{ name: `${marker}-final.png`, data: await png() }]);
    expect((await s.inject({ method: 'POST', url: `/api/admin/orders/${order.id}/deliverables?purpose=final`, payload: form.payload, headers: { 'content-type': form.contentType, cookie: admin.cookie } })).statusCode).toBe(201);
    expect((await s.api.call('POST', '/api/cart', { templateId: 3, quantity: 2 }, { cookie: who.cookie })).statusCode).toBeLessThan(300);
    await upload(who.cookie, `${marker}-unclaimed.png`);
    return { ...who, order };
  }

  it('holds everything of the customer and nothing of anyone else, as JSON and as a zip of the files they may read', async () => {
    const admin = await s.admin();
    const a = await customerWithEverything('alpha', admin);
    const b = await customerWithEverything('bravo', admin);
    // A's contact message counts once A's address is proven.
    await s.api.call('POST', '/api/contact', { name: 'Alpha', email: a.account.email, service: 'basic', message: 'alpha contact message about prices' });
    await s.db().update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.email, a.account.email));

    const json = await s.api.call('GET', '/api/account/data', undefined, { cookie: a.cookie });
    expect(json.statusCode, json.body).toBe(200);
    expect(json.headers['content-disposition']).toMatch(/^attachment; filename="studio-lumi-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(json.headers['cache-control']).toBe('private, no-store');
    const data = json.json();
    expect(data).toMatchObject({ format: 'studio-lumi-customer-data', version: 1, account: { email: a.account.email, emailVerified: true } });
    expect(data.orders.map((o: { orderId: string }) => o.orderId)).toEqual([a.order.orderNumber]);
    expect(data.orders[0].conversation.map((m: { from: string; text: string }) => [m.from, m.text])).toEqual([['you', 'alpha asks about light'], ['staff', 'alpha staff answers']]);
    expect(data.orders[0].brief).toMatchObject({ additionalRequests: 'alpha brief words' });
    expect(data.cart).toEqual([expect.objectContaining({ templateId: 3, quantity: 2 })]);
    expect(data.contactMessages).toEqual([expect.objectContaining({ message: 'alpha contact message about prices' })]);
    expect(data.files.map((f: { name: string }) => f.name).sort()).toEqual(['alpha-final.png', 'alpha-reference.png', 'alpha-unclaimed.png']);
    const text = json.body;
    for (const foreign of [b.account.email, b.order.orderNumber, 'bravo', 'PRIVATE NOTE', 'internal.png', admin.account.email]) expect(text, foreign).not.toContain(foreign);

    const zipped = await s.api.call('GET', '/api/account/data.zip', undefined, { cookie: a.cookie });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-type']).toBe('application/zip');
    const entries = await zipEntries(zipped.rawPayload);
    expect([...entries.keys()].slice(0, 2)).toEqual(['data.json', 'README.txt']);
    // Each file the JSON lists is in the zip, byte for byte.
    for (const file of data.files as Array<{ pathInZip: string; sha256: string }>) expect(entries.get(file.pathInZip), file.pathInZip).toBe(file.sha256);
    expect(entries.size).toBe(2 + data.files.length);

    // Staff's own download is theirs as a person: not the files they delivered to customers, nor those customers.
    const staffOwn = await s.api.call('GET', '/api/account/data', undefined, { cookie: admin.cookie });
    expect(staffOwn.json().files).toEqual([]);
    for (const foreign of [a.account.email, b.account.email, 'alpha', 'bravo']) expect(staffOwn.body, foreign).not.toContain(foreign);
  });

  it('gives the holder of a private link that order alone, with files under the link; a wrong key or another order nothing', async () => {
    const admin = await s.admin();
    const a = await customerWithEverything('charlie', admin);
    const key = links.keyFor(a.order.orderNumber);
    const byLink = await s.api.call('GET', `/api/orders/${a.order.orderNumber}/data?key=${key}`);
    expect(byLink.statusCode, byLink.body).toBe(200);
    const data = byLink.json();
    expect(data.account).toBeNull();
    expect(data.cart).toEqual([]);
    expect(data.orders.map((o: { orderId: string }) => o.orderId)).toEqual([a.order.orderNumber]);
    expect(data.files.map((f: { name: string }) => f.name).sort()).toEqual(['charlie-final.png', 'charlie-reference.png']);
    for (const file of data.files) expect(file.url).toContain(`key=${key}`);
    expect(byLink.body).not.toContain('PRIVATE NOTE');
    const zipped = await s.api.call('GET', `/api/orders/${a.order.orderNumber}/data.zip?key=${key}`);
    expect((await zipEntries(zipped.rawPayload)).size).toBe(4);

    const other = await s.paidOrder(a.cookie, a.account.email);
    expect((await s.api.call('GET', `/api/orders/${other.orderNumber}/data?key=${key}`)).statusCode).toBe(404);
    expect((await s.api.call('GET', `/api/orders/${a.order.orderNumber}/data?key=${'x'.repeat(43)}`)).statusCode).toBe(404);
    expect((await s.api.call('GET', '/api/account/data')).statusCode).toBe(401);
    expect((await s.api.call('GET', '/api/account/data.zip')).statusCode).toBe(401);
  });
});
