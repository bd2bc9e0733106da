/**
 * Daily upload allowances through the HTTP API (issue "Hardening, round three", item 4): 200 MB a
 * day per guest id, 1 GB per customer and per address, counted in Redis as the bytes arrive.
 * Spending a whole allowance through HTTP would mean uploading gigabytes, so the counters are
 * filled beforehand through the same module, as another server process would. A refused call
 * stores nothing (rows, files) and costs nothing of the allowance.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { count, eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { newGuestId } from '../../src/domain/guest.ts';
import { UPLOAD_DAILY_BYTES } from '../../src/domain/uploads.ts';
import { uploadedFiles, users } from '../../src/server/db/schema.ts';
import type { Owner } from '../../src/server/features/orders/owner.ts';
import { createUploadQuota } from '../../src/server/features/uploads/upload-quota.ts';
import { BACKENDS, useSecondInstance, useTestServer, type TestServer } from './harness.ts';
import { jpeg, multipart, png, type Upload } from './support/files.ts';
import { staffApi } from './support/staff.ts';

const KB = 1024;

/** A JPEG of exactly `bytes` (a real header, then padding that file-type does not look at). */
async function jpegOf(bytes: number): Promise<Buffer> {
  const data = Buffer.alloc(bytes, 0x20);
  (await jpeg()).copy(data);
  return data;
}

describe.runIf(process.env.REDIS_URL)('daily upload allowances', () => {
  const redis = new Redis(process.env.REDIS_URL!, { maxRetriesPerRequest: 1 });
  afterAll(async () => {
    const keys = await redis.keys('uq-test-*');
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });

  describe.each(BACKENDS)('on %s', (backend) => {
    const rateLimitPrefix = `uq-test-${randomBytes(4).toString('hex')}`;
    const server = useTestServer(backend, {}, { redis, rateLimitPrefix });
    const s = staffApi(server);
    /** The same counters, as another server process sees them. */
    const quota = createUploadQuota({ redis, keyPrefix: rateLimitPrefix });
    let serial = 0;
    const nextIp = () => `198.51.100.${++serial}`;

    /** Counts `bytes` against the owner only (through an address nobody uploads from). */
    async function spend(owner: Owner | null, bytes: number, ip = `203.0.113.${++serial}`) {
      const allowance = quota.forRequest(ip);
      if (owner) allowance.setOwner(owner);
      await allowance.take(bytes);
    }
    const counted = async (kind: 'guest' | 'user' | 'ip', key: string) => Number(await redis.get(`${rateLimitPrefix}:upload:${kind}:${key}`) ?? 0);

    async function upload(files: Upload[], options: { ip: string; query?: string; headers?: Record<string, string>; fields?: Record<string, string>; stream?: boolean }) {
      const body = await multipart(files, options.fields);
      return server().app.inject({
        method: 'POST', url: `/api/uploads${options.query ?? ''}`, remoteAddress: options.ip,
        // A stream has no declared size: only the counting of arriving bytes can stop it.
        payload: options.stream ? Readable.from([body.payload]) : body.payload,
        headers: { 'content-type': body.contentType, 'accept-language': 'en', ...options.headers },
      });
    }
    const fileRows = async () => (await s.db().select({ n: count() }).from(uploadedFiles))[0]!.n;
    const onDisk = (server: TestServer) => {
      const dir = path.join(server.config.dataDir, 'uploads');
      return fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).map(String).filter((f) => !fs.statSync(path.join(dir, f)).isDirectory()).sort() : [];
    };
    const stored = async () => ({ rows: await fileRows(), disk: onDisk(server()) });

    it('refuses a guest whose 200 MB of today are spent with 429 before storing anything, and says when it frees up', async () => {
      const guestId = newGuestId();
      await spend({ kind: 'guest', guestId }, UPLOAD_DAILY_BYTES.guest);
      const before = await stored();
      const ip = nextIp();
      const answer = await upload([{ name: 'a.png', data: await png() }], { ip, query: `?sessionId=${guestId}` });
      expect(answer.statusCode).toBe(429);
      expect(answer.json()).toMatchObject({ success: false, code: 'TOO_MANY_REQUESTS', message: "You have used up today's upload allowance of 200 MB. You can upload again in about 24 hours." });
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(23 * 3600);
      // The guest id sent as a field before the files is held to the same allowance, in Korean too.
      const asField = await upload([{ name: 'a.png', data: await png() }], { ip, fields: { sessionId: guestId }, headers: { 'accept-language': 'ko' } });
      expect(asField.statusCode).toBe(429);
      expect(asField.json().message).toBe('오늘 올릴 수 있는 용량(200 MB)을 모두 사용했습니다. 약 24시간 후에 다시 올릴 수 있습니다.');
      expect(await stored()).toEqual(before);
      expect(await counted('ip', ip)).toBe(0);
      // Another guest on the same address is not affected.
      expect((await upload([{ name: 'a.png', data: await png() }], { ip, query: `?sessionId=${newGuestId()}` })).statusCode).toBe(201);
    });

    it('refuses with 413 a request declared larger than what is left, before storing it, and counts what it does store to the byte', async () => {
      const guestId = newGuestId();
      const owner = { kind: 'guest' as const, guestId };
      await spend(owner, UPLOAD_DAILY_BYTES.guest - 100 * KB);
      const before = await stored();
      const ip = nextIp();
      const tooBig = await upload([{ name: 'big.jpg', data: await jpegOf(300 * KB) }], { ip, query: `?sessionId=${guestId}` });
      expect(tooBig.statusCode).toBe(413);
      expect(tooBig.json()).toMatchObject({ code: 'UPLOAD_TOO_LARGE', message: "This upload is larger than what is left of today's upload allowance (100 KB of 200 MB left). The allowance frees up in about 24 hours." });
      expect(await stored()).toEqual(before);
      expect(await counted('guest', guestId)).toBe(UPLOAD_DAILY_BYTES.guest - 100 * KB);

      const fits = await jpegOf(80 * KB);
      const answer = await upload([{ name: 'fits.jpg', data: fits }], { ip, query: `?sessionId=${guestId}` });
      expect(answer.statusCode, answer.body).toBe(201);
      expect(await counted('guest', guestId)).toBe(UPLOAD_DAILY_BYTES.guest - 100 * KB + fits.length);
      expect(await counted('ip', ip)).toBe(fits.length);
    });

    it('stops a request without a declared size once its bytes pass what is left, removes its files and gives the bytes back', async () => {
      const guestId = newGuestId();
      await spend({ kind: 'guest', guestId }, UPLOAD_DAILY_BYTES.guest - 100 * KB);
      const before = await stored();
      const ip = nextIp();
      const answer = await upload([{ name: 'one.jpg', data: await jpegOf(80 * KB) }, { name: 'two.jpg', data: await jpegOf(80 * KB) }], { ip, query: `?sessionId=${guestId}`, stream: true });
      expect(answer.statusCode).toBe(413);
      expect(answer.json().code).toBe('UPLOAD_TOO_LARGE');
      expect(answer.json().message).toContain('(100 KB of 200 MB left)');
      expect(await stored()).toEqual(before);
      expect(await counted('guest', guestId)).toBe(UPLOAD_DAILY_BYTES.guest - 100 * KB);
      expect(await counted('ip', ip)).toBe(0);
    });

    it('holds one address to 1 GB a day whatever guest ids it invents', async () => {
      const ip = nextIp();
      await spend(null, UPLOAD_DAILY_BYTES.ip, ip);
      const before = await stored();
      const guestId = newGuestId();
      const answer = await upload([{ name: 'a.png', data: await png() }], { ip, query: `?sessionId=${guestId}` });
      expect(answer.statusCode).toBe(429);
      expect(answer.json().message).toBe("You have used up today's upload allowance of 1 GB. You can upload again in about 24 hours.");
      expect(await stored()).toEqual(before);
      // The same guest from another address uploads.
      expect((await upload([{ name: 'a.png', data: await png() }], { ip: nextIp(), query: `?sessionId=${guestId}` })).statusCode).toBe(201);
    });

    it('gives a signed-in customer 1 GB of their own', async () => {
      const customer = await s.customer();
      const [row] = await s.db().select({ id: users.id }).from(users).where(eq(users.email, customer.account.email));
      await spend({ kind: 'user', userId: row!.id }, UPLOAD_DAILY_BYTES.user - 50 * KB);
      const before = await stored();
      const answer = await upload([{ name: 'big.jpg', data: await jpegOf(200 * KB) }], { ip: nextIp(), headers: { cookie: customer.cookie } });
      expect(answer.statusCode).toBe(413);
      expect(answer.json().message).toContain('(50 KB of 1 GB left)');
      expect(await stored()).toEqual(before);
      expect((await upload([{ name: 'small.jpg', data: await jpegOf(40 * KB) }], { ip: nextIp(), headers: { cookie: customer.cookie } })).statusCode).toBe(201);
    });

    it('does not count staff deliveries', async () => {
      const owner = await s.customer();
      const admin = await s.admin();
      const order = await s.paidOrder(owner.cookie, owner.account.email);
      const [adminRow] = await s.db().select({ id: users.id }).from(users).where(eq(users.email, admin.account.email));
      // staffApi sends from 10.90.0.1: that address and the staff member have nothing left.
      await spend({ kind: 'user', userId: adminRow!.id }, UPLOAD_DAILY_BYTES.user, '10.90.0.1');
      const form = await multipart([{ name: 'final.png', data: await png() }]);
      const answer = await s.inject({ method: 'POST', url: `/api/admin/orders/${order.id}/deliverables?purpose=final`, payload: form.payload, headers: { 'content-type': form.contentType, cookie: admin.cookie } });
      expect(answer.statusCode, answer.body).toBe(201);
      expect(await counted('user', adminRow!.id)).toBe(UPLOAD_DAILY_BYTES.user);
      expect(await counted('ip', '10.90.0.1')).toBe(UPLOAD_DAILY_BYTES.user);
    });
  });

  describe('across two server processes', () => {
    const rateLimitPrefix = `uq-test-${randomBytes(4).toString('hex')}`;
    const one = useTestServer('pglite', {}, { redis, rateLimitPrefix });
    const two = useSecondInstance(one, { redis, rateLimitPrefix });

    it('counts one allowance for a guest uploading through both', async () => {
      const guestId = newGuestId();
      const quota = createUploadQuota({ redis, keyPrefix: rateLimitPrefix });
      const filler = quota.forRequest('203.0.113.250');
      filler.setOwner({ kind: 'guest', guestId });
      await filler.take(UPLOAD_DAILY_BYTES.guest - 100 * KB);
      const send = async (server: () => TestServer, file: Buffer) => {
        const body = await multipart([{ name: 'f.jpg', data: file }]);
        return server().app.inject({ method: 'POST', url: `/api/uploads?sessionId=${guestId}`, payload: body.payload, remoteAddress: '198.51.100.250', headers: { 'content-type': body.contentType } });
      };
      expect((await send(one, await jpegOf(60 * KB))).statusCode).toBe(201);
      // 40 KB left, whichever process is asked.
      expect((await send(two, await jpegOf(60 * KB))).statusCode).toBe(413);
      expect((await send(two, await jpegOf(30 * KB))).statusCode).toBe(201);
    });
  });
});
