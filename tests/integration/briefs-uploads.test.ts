/**
 * Briefs and reference files through the HTTP API against a real database (issue "Briefs and
 * files", D14, D17, D22): uploads recognised by content and refused whole when any file is wrong,
 * files and briefs readable only by their owners and staff, consultation orders opened by a brief.
 * A refused call leaves nothing on disk or in the database.
 */
import fs from 'node:fs';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newGuestId } from '../../src/domain/guest.ts';
import { orderStatusHistory, orders, projectBriefs, uploadedFiles, users } from '../../src/server/db/schema.ts';
import { createOrderLinks } from '../../src/server/features/orders/order-links.ts';
import { BACKENDS, useTestServer, type TestServer } from './harness.ts';
import { client, newAccount, sessionCookie } from './support/clients.ts';
import { exe, gif, html, jpeg, mp4, multipart, png, type Upload } from './support/files.ts';

function studio(server: () => TestServer) {
  const api = client(server);
  const db = () => server().database.db;
  let ip = 0;
  return {
    api,
    db,
    async upload(files: Upload[], headers: Record<string, string> = {}, query = '') {
      const body = await multipart(files);
      return server().app.inject({
        method: 'POST', url: `/api/uploads${query}`, payload: body.payload, remoteAddress: `10.200.${Math.floor(++ip / 250)}.${ip % 250}`,
        headers: { 'content-type': body.contentType, 'accept-language': 'en', ...headers },
      });
    },
    async read(url: string, headers: Record<string, string> = {}) {
      return server().app.inject({ method: 'GET', url, headers });
    },
    async brief(body: Record<string, unknown>, headers: Record<string, string> = {}) {
      return api.call('POST', '/api/project-briefs', { style: ['modern'], ...body }, { 'accept-language': 'en', ...headers });
    },
    async fileCount() {
      const [row] = await db().select({ n: count() }).from(uploadedFiles);
      return row!.n;
    },
    /** Everything under the uploads folder (also half-written .part files). */
    storedOnDisk() {
      const dir = path.join(server().config.dataDir, 'uploads');
      return fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).map(String).filter((f) => !fs.statSync(path.join(dir, f)).isDirectory()).sort() : [];
    },
  };
}

async function signUp(api: ReturnType<typeof client>) {
  const account = newAccount();
  return { account, cookie: sessionCookie(await api.call('POST', '/api/auth/register', account)) };
}

/** A paid order of the signed-in user or guest (sandbox provider). */
async function paidOrder(api: ReturnType<typeof client>, owner: { cookie?: string; guest?: string }) {
  const created = (await api.call('POST', '/api/orders', {
    customerName: '김민수', customerEmail: 'minsu@example.com', customerPhone: '010-1234-5678', serviceId: 4, quantity: 3, country: 'kr',
    ...(owner.guest ? { sessionId: owner.guest, isGuestOrder: true } : {}),
  }, { 'x-store-country': 'kr', ...(owner.cookie ? { cookie: owner.cookie } : {}) })).json();
  const { paymentKey } = (await api.call('POST', '/api/payments/sandbox/authorize', { orderId: created.orderId, card: 'approved', ...(owner.guest ? { sessionId: owner.guest } : {}) }, owner.cookie ? { cookie: owner.cookie } : {})).json();
  const confirmed = await api.call('POST', '/api/confirm', { orderId: created.orderId, amount: created.amount, paymentKey });
  expect(confirmed.statusCode).toBe(200);
  return created.orderId as string;
}

describe.each(BACKENDS)('uploads on %s', (backend) => {
  const server = useTestServer(backend);
  const s = studio(server);

  it('stores several files recognised by content, with owner, size and SHA-256, and serves them to their owner', async () => {
    const user = await signUp(s.api);
    const image = await png();
    const response = await s.upload([{ name: '메뉴 사진.png', data: image }, { name: 'clip.mp4', data: mp4() }, { name: 'photo.jpeg', data: await jpeg() }, { name: 'a.gif', data: await gif() }], { cookie: user.cookie });
    expect(response.statusCode, response.body).toBe(201);
    const { success, files } = response.json();
    expect(success).toBe(true);
    expect(files.map((f: { name: string; type: string }) => [f.name, f.type])).toEqual([
      ['메뉴 사진.png', 'image/png'], ['clip.mp4', 'video/mp4'], ['photo.jpeg', 'image/jpeg'], ['a.gif', 'image/gif'],
    ]);
    expect(files[0].size).toBe(image.length);
    expect(files[0].url).toMatch(/^\/uploads\/[0-9a-f-]{36}\.png$/);
    const [row] = await s.db().select().from(uploadedFiles).where(eq(uploadedFiles.id, files[0].id));
    expect(row!.sha256).toBe((await import('node:crypto')).createHash('sha256').update(image).digest('hex'));
    expect(row!.originalName).toBe('메뉴 사진.png');

    const read = await s.read(files[0].url, { cookie: user.cookie });
    expect(read.statusCode).toBe(200);
    expect(read.rawPayload.equals(image)).toBe(true);
    expect(read.headers['content-type']).toBe('image/png');
    expect(read.headers['x-content-type-options']).toBe('nosniff');
    expect(read.headers['cache-control']).toBe('private, max-age=3600');
    expect(read.headers['content-disposition']).toBe(`inline; filename="?? ??.png"; filename*=UTF-8''%EB%A9%94%EB%89%B4%20%EC%82%AC%EC%A7%84.png`);
    const video = await s.read(files[1].url, { cookie: user.cookie });
    expect(video.headers['content-disposition']).toBe('attachment; filename=clip.mp4');

    // A preview is a smaller WebP, made once.
    const preview = await s.read(files[0].previewUrl, { cookie: user.cookie });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/webp');
    const meta = await sharp(preview.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 480, 300]);
    const [withThumb] = await s.db().select().from(uploadedFiles).where(eq(uploadedFiles.id, files[0].id));
    expect(withThumb!.thumbnailName).toMatch(/^thumbs\/[0-9a-f-]{36}\.webp$/);
    expect((await s.read(files[0].previewUrl, { cookie: user.cookie })).rawPayload.equals(preview.rawPayload)).toBe(true);
  });

  it('lets only the owner and staff read a file: another customer, a guest and a stranger get 404', async () => {
    const owner = await signUp(s.api);
    const other = await signUp(s.api);
    const { files } = (await s.upload([{ name: 'ref.png', data: await png() }], { cookie: owner.cookie })).json();
    expect((await s.read(files[0].url, { cookie: other.cookie })).statusCode).toBe(404);
    expect((await s.read(files[0].url)).statusCode).toBe(404);
    expect((await s.read(`${files[0].url}?sessionId=${newGuestId()}`)).statusCode).toBe(404);
    expect((await s.read('/uploads/..%2F..%2Fetc%2Fpasswd')).statusCode).toBe(404);

    const staff = await signUp(s.api);
    await s.db().update(users).set({ role: 'admin' }).where(eq(users.email, staff.account.email));
    const staffCookie = sessionCookie(await s.api.call('POST', '/api/auth/login', { email: staff.account.email, password: staff.account.password }));
    expect((await s.read(files[0].url, { cookie: staffCookie })).statusCode).toBe(200);

    // A guest's file: by their guest id only.
    const guest = newGuestId();
    const guestUpload = (await s.upload([{ name: 'g.jpg', data: await jpeg() }], {}, `?sessionId=${guest}`)).json();
    expect((await s.read(guestUpload.files[0].url, { 'x-guest-id': guest })).statusCode).toBe(200);
    expect((await s.read(guestUpload.files[0].url, { 'x-guest-id': newGuestId() })).statusCode).toBe(404);
    expect((await s.read(guestUpload.files[0].url, { cookie: owner.cookie })).statusCode).toBe(404);
  });

  it('refuses an 11 MB file with 413, and stores nothing of its request', async () => {
    const user = await signUp(s.api);
    const before = { rows: await s.fileCount(), disk: s.storedOnDisk() };
    const big = Buffer.alloc(11 * 1024 * 1024, 0x20);
    (await jpeg()).copy(big);
    const response = await s.upload([{ name: 'small.png', data: await png() }, { name: 'big.jpg', data: big }], { cookie: user.cookie });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ success: false, code: 'FILE_TOO_LARGE', message: 'Files can be at most 10 MB: big.jpg' });
    expect(await s.fileCount()).toBe(before.rows);
    expect(s.storedOnDisk()).toEqual(before.disk);
  });

  it('refuses a renamed executable and an HTML file named .png with 415, and stores nothing of the request', async () => {
    const user = await signUp(s.api);
    const before = { rows: await s.fileCount(), disk: s.storedOnDisk() };
    for (const bad of [{ name: 'setup.jpg', data: exe(), type: 'image/jpeg' }, { name: 'cute.png', data: html(), type: 'image/png' }]) {
      const response = await s.upload([{ name: 'ok.png', data: await png() }, bad], { cookie: user.cookie });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toMatchObject({ code: 'UNSUPPORTED_FILE_TYPE', message: `Only JPG, PNG, GIF, WebP and MP4 files can be uploaded: ${bad.name}` });
    }
    expect(await s.fileCount()).toBe(before.rows);
    expect(s.storedOnDisk()).toEqual(before.disk);
  });

  it('refuses requests that are not uploads: no owner, no files, JSON, a declared size over 50 MB', async () => {
    const before = await s.fileCount();
    const anonymous = await s.upload([{ name: 'a.png', data: await png() }]);
    expect(anonymous.statusCode).toBe(400);
    expect(anonymous.json().fields).toHaveProperty('sessionId');
    const user = await signUp(s.api);
    const empty = await multipart([], { note: 'x' });
    const none = await server().app.inject({ method: 'POST', url: '/api/uploads', payload: empty.payload, headers: { 'content-type': empty.contentType, cookie: user.cookie } });
    expect(none.statusCode).toBe(400);
    const json = await s.api.call('POST', '/api/uploads', { files: [] }, { cookie: user.cookie });
    expect(json.statusCode).toBe(415);
    const declared = await server().app.inject({ method: 'POST', url: '/api/uploads', payload: 'x', headers: { 'content-type': 'multipart/form-data; boundary=b', 'content-length': String(60 * 1024 * 1024), cookie: user.cookie } });
    expect(declared.statusCode).toBe(413);
    expect(declared.json().code).toBe('UPLOAD_TOO_LARGE');
    // Multipart the parser cannot read (no boundary) is the client's mistake, not a 500.
    const noBoundary = await server().app.inject({ method: 'POST', url: '/api/uploads', payload: 'x', headers: { 'content-type': 'multipart/form-data', cookie: user.cookie } });
    expect(noBoundary.statusCode).toBe(400);
    expect(await s.fileCount()).toBe(before);
  });
});

describe.each(BACKENDS)('project briefs on %s', (backend) => {
  const server = useTestServer(backend);
  const s = studio(server);

  it('writes the brief of a paid order with the caller\'s files, and shows it in the order history', async () => {
    const user = await signUp(s.api);
    const orderId = await paidOrder(s.api, { cookie: user.cookie });
    const { files } = (await s.upload([{ name: 'one.png', data: await png() }, { name: 'two.jpg', data: await jpeg() }], { cookie: user.cookie })).json();
    const response = await s.brief({ orderId, style: ['modern', 'minimal'], colorTone: ['bright'], usage: [], additionalRequests: 'Warm light, please', referenceNotes: 'Modern, bright', uploadedFiles: files.map((f: { id: string }) => f.id) }, { cookie: user.cookie });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ success: true, orderId, message: 'Your project brief has been submitted.' });
    expect(body.briefId).toMatch(/^[0-9a-f-]{36}$/);

    const mine = (await s.api.call('GET', '/api/orders/me', undefined, { cookie: user.cookie })).json();
    const order = mine.orders.find((o: { orderId: string }) => o.orderId === orderId);
    expect(order.briefDue).toBe(false);
    expect(order.brief).toMatchObject({ id: body.briefId, style: ['modern', 'minimal'], colorTone: ['bright'], usage: [], additionalRequests: 'Warm light, please', status: 'pending' });
    expect(order.brief.uploadedFiles.map((f: { name: string }) => f.name)).toEqual(['one.png', 'two.jpg']);
    const listed = (await s.api.call('GET', '/api/project-briefs', undefined, { cookie: user.cookie })).json();
    expect(listed.briefs.map((b: { id: string }) => b.id)).toEqual([body.briefId]);

    // One brief per order.
    const again = await s.brief({ orderId }, { cookie: user.cookie });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('BRIEF_EXISTS');
  });

  it('refuses a brief without any choice, and stores nothing', async () => {
    const user = await signUp(s.api);
    const orderId = await paidOrder(s.api, { cookie: user.cookie });
    const [before] = await s.db().select({ n: count() }).from(projectBriefs);
    const response = await s.brief({ orderId, style: [], colorTone: [], usage: [], additionalRequests: 'anything' }, { cookie: user.cookie });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.style).toBe('Please choose at least one style, colour tone or usage.');
    const unknown = await s.brief({ orderId, style: ['baroque'] }, { cookie: user.cookie });
    expect(unknown.statusCode).toBe(400);
    const [after] = await s.db().select({ n: count() }).from(projectBriefs);
    expect(after!.n).toBe(before!.n);
  });

  it("refuses another customer's order and files with 404/400, and leaves the files unattached", async () => {
    const owner = await signUp(s.api);
    const other = await signUp(s.api);
    const orderId = await paidOrder(s.api, { cookie: owner.cookie });
    expect((await s.brief({ orderId }, { cookie: other.cookie })).statusCode).toBe(404);
    const guestTry = await s.brief({ orderId, sessionId: newGuestId() });
    expect(guestTry.statusCode).toBe(404);

    const othersFiles = (await s.upload([{ name: 'theirs.png', data: await png() }], { cookie: other.cookie })).json().files;
    const stolen = await s.brief({ orderId, uploadedFiles: [othersFiles[0].id] }, { cookie: owner.cookie });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().fields.uploadedFiles).toBe('An uploaded file could not be found. Please upload it again.');
    // The transaction left no brief and did not touch the file.
    expect(await s.db().select().from(projectBriefs).innerJoin(orders, eq(orders.id, projectBriefs.orderId)).where(eq(orders.orderNumber, orderId))).toHaveLength(0);
    const [file] = await s.db().select().from(uploadedFiles).where(eq(uploadedFiles.id, othersFiles[0].id));
    expect(file!.briefId).toBeNull();
    // Nor can they read the other's brief list.
    expect((await s.api.call('GET', '/api/project-briefs', undefined, { cookie: other.cookie })).json().briefs).toEqual([]);
  });

  it('lets a guest write the brief of their own order only, with their own files', async () => {
    const guest = newGuestId();
    const orderId = await paidOrder(s.api, { guest });
    const stranger = newGuestId();
    expect((await s.brief({ orderId, sessionId: stranger })).statusCode).toBe(404);
    const files = (await s.upload([{ name: 'g.png', data: await png() }], {}, `?sessionId=${guest}`)).json().files;
    const written = await s.brief({ orderId, sessionId: guest, colorTone: ['pastel'], uploadedFiles: [files[0].id] });
    expect(written.statusCode, written.body).toBe(201);
    const mine = (await s.api.call('GET', `/api/orders/me?sessionId=${guest}`)).json();
    expect(mine.orders[0].brief.uploadedFiles[0].name).toBe('g.png');
    expect((await s.api.call('GET', `/api/project-briefs?sessionId=${stranger}`)).json().briefs).toEqual([]);
  });

  it("lets the holder of a guest order's private link write its brief from another browser and read its files", async () => {
    const orderId = await paidOrder(s.api, { guest: newGuestId() });
    const key = createOrderLinks('test-cookie-secret-0123456789abcdef', 'http://localhost').keyFor(orderId);
    const otherBrowser = newGuestId();
    const files = (await s.upload([{ name: 'from-phone.jpg', data: await jpeg() }], {}, `?sessionId=${otherBrowser}`)).json().files;
    expect((await s.brief({ orderId, orderKey: 'A'.repeat(43), sessionId: otherBrowser })).statusCode).toBe(404);
    const written = await s.brief({ orderId, orderKey: key, sessionId: otherBrowser, uploadedFiles: [files[0].id] });
    expect(written.statusCode, written.body).toBe(201);
    // The order's private page lists the file with a link that carries the order's key.
    const page = await s.read(`/kr/orders/${orderId}?key=${key}`);
    expect(page.statusCode).toBe(200);
    const url = new RegExp(`/uploads/[0-9a-f-]{36}\\.jpg\\?order=${orderId}&amp;key=${key}`).exec(page.body)?.[0]?.replace('&amp;', '&');
    expect(url, 'file link on the private order page').toBeTruthy();
    expect((await s.read(url!)).statusCode).toBe(200);
    expect((await s.read(url!.replace(key, 'A'.repeat(43)))).statusCode).toBe(404);
  });

  it('opens a consultation order in quote_review for a quote-only service, visible in the order history', async () => {
    const user = await signUp(s.api);
    const response = await s.brief({ serviceId: 11, usage: ['sns'], additionalRequests: 'A 30-second clip for our café' }, { cookie: user.cookie, 'x-store-country': 'kr' });
    expect(response.statusCode, response.body).toBe(201);
    const { orderId, briefId, orderStatus } = response.json();
    expect(orderStatus).toBe('quote_review');
    const mine = (await s.api.call('GET', '/api/orders/me', undefined, { cookie: user.cookie })).json();
    expect(mine.orders).toHaveLength(1);
    expect(mine.orders[0]).toMatchObject({ orderId, status: 'quote_review', orderType: 'consultation', amount: 0, brief: { id: briefId, serviceId: 11 } });
    const [order] = await s.db().select().from(orders).where(eq(orders.orderNumber, orderId));
    const history = await s.db().select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order!.id));
    expect(history.map((h) => [h.fromStatus, h.toStatus])).toEqual([[null, 'quote_review']]);
  });

  it('asks a guest for a name and e-mail before a consultation, and sends a priced service to checkout first in every store', async () => {
    const [before] = await s.db().select({ n: count() }).from(orders);
    const guest = newGuestId();
    const anonymous = await s.brief({ serviceId: 10, sessionId: guest });
    expect(anonymous.statusCode).toBe(400);
    expect(Object.keys(anonymous.json().fields).sort()).toEqual(['customerEmail', 'customerName']);
    const priced = await s.brief({ serviceId: 4, sessionId: guest, customerName: 'Kim', customerEmail: 'kim@example.com' }, { 'x-store-country': 'kr' });
    expect(priced.statusCode).toBe(422);
    expect(priced.json().code).toBe('ORDER_REQUIRED');
    const [after] = await s.db().select({ n: count() }).from(orders);
    expect(after!.n).toBe(before!.n);
    // Every store sells its priced services online (D26): no consultation for them abroad either.
    const abroad = await s.brief({ serviceId: 4, sessionId: guest, customerName: 'Kim', customerEmail: 'kim@example.com' }, { 'x-store-country': 'us' });
    expect(abroad.statusCode, abroad.body).toBe(422);
    expect(abroad.json().code).toBe('ORDER_REQUIRED');
    const [afterAbroad] = await s.db().select({ n: count() }).from(orders);
    expect(afterAbroad!.n).toBe(before!.n);
  });
});

describe('uploads to an S3-compatible server', () => {
  let s3: S3rver;
  let directory: string;
  let port = 0;
  beforeAll(async () => {
    directory = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 's3rver-'));
    s3 = new S3rver({ port: 0, address: '127.0.0.1', directory, silent: true, configureBuckets: [{ name: 'lumi-uploads', configs: [] }] });
    port = (await s3.run()).port;
  });
  afterAll(async () => {
    await s3.close();
    fs.rmSync(directory, { recursive: true, force: true });
  });
  const server = useTestServer('pglite', () => ({ S3_BUCKET: 'lumi-uploads', S3_ENDPOINT: `http://127.0.0.1:${port}`, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' }));
  const s = studio(server);
  const objects = () => fs.readdirSync(path.join(directory, 'lumi-uploads'), { recursive: true }).map(String).filter((f) => f.endsWith('._S3rver_object'));

  it('streams files into the bucket, serves them and their previews, and removes a refused request', async () => {
    const user = await signUp(s.api);
    const onDisk = s.storedOnDisk();
    const image = await png();
    const big = Buffer.alloc(7 * 1024 * 1024, 0x20);
    mp4().copy(big);
    const response = await s.upload([{ name: 'a.png', data: image }, { name: 'long.mp4', data: big }], { cookie: user.cookie });
    expect(response.statusCode, response.body).toBe(201);
    const { files } = response.json();
    expect(objects().length).toBe(2);
    expect((await s.read(files[0].url, { cookie: user.cookie })).rawPayload.equals(image)).toBe(true);
    expect((await s.read(files[1].url, { cookie: user.cookie })).rawPayload.length).toBe(big.length);
    expect((await s.read(files[0].previewUrl, { cookie: user.cookie })).headers['content-type']).toBe('image/webp');
    expect(s.storedOnDisk()).toEqual(onDisk);

    const refused = await s.upload([{ name: 'b.png', data: image }, { name: 'x.png', data: html() }], { cookie: user.cookie });
    expect(refused.statusCode).toBe(415);
    expect(objects().length).toBe(3); // the two files and one preview; nothing of the refused request
  });
});
