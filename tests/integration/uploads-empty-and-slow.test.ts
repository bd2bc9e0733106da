/**
 * Item 9 of "Hardening, round three": an empty file part used to leave the request unanswered (the
 * type detection waited for a 'readable' event an already-ended stream never emits), holding a
 * connection for minutes. Now it is a 400 at once that names the file; a request that stops sending
 * is cut off with 408 after the idle limit, and nothing of it stays in storage or the database.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newGuestId } from '../../src/domain/guest.ts';
import { uploadedFiles } from '../../src/server/db/schema.ts';
import { BACKENDS, useTestServer, type TestServer } from './harness.ts';
import { png } from './support/files.ts';
import { staffApi } from './support/staff.ts';

const BOUNDARY = '----lumi-test-boundary';

/** A multipart body written by hand, so a part can be empty (what `curl -F files=@/dev/null` sends). */
function handMultipart(parts: Array<{ name: string; filename?: string; type?: string; data: Buffer }>): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ''}`;
    chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`), part.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

const contentType = `multipart/form-data; boundary=${BOUNDARY}`;
let address = 0;
const nextAddress = () => `10.209.${Math.floor(++address / 250)}.${address % 250}`;

/** Sends `head` and `body` over a raw socket and resolves with the status line and the time it took. */
function rawRequest(port: number, head: string, body: Buffer, options: { keepOpen?: boolean } = {}): Promise<{ status: number; text: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (data) => {
      received += data;
      // The whole answer is there once its JSON body closed.
      if (/\r\n\r\n[\s\S]*\}$/.test(received)) {
        socket.destroy();
        resolve({ status: Number(received.slice(9, 12)), text: received, ms: Date.now() - started });
      }
    });
    socket.on('error', reject);
    socket.on('close', () => resolve({ status: Number(received.slice(9, 12)) || 0, text: received, ms: Date.now() - started }));
    socket.write(head);
    socket.write(body);
    if (!options.keepOpen) socket.end();
  });
}

function uploadsOnDisk(server: TestServer): string[] {
  const dir = path.join(server.config.dataDir, 'uploads');
  return fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).map(String).filter((f) => !fs.statSync(path.join(dir, f)).isDirectory()).sort() : [];
}

describe.each(BACKENDS)('empty file parts on %s', (backend) => {
  const server = useTestServer(backend);
  const s = staffApi(server);
  const fileRows = async () => (await s.db().select({ n: count() }).from(uploadedFiles))[0]!.n;

  it('answers an empty file part to /api/uploads with 400 at once, naming the file, and stores nothing', async () => {
    const before = { rows: await fileRows(), disk: uploadsOnDisk(server()) };
    const payload = handMultipart([{ name: 'files', filename: 'a.png', type: 'image/png', data: Buffer.alloc(0) }]);
    const answer = await server().app.inject({
      method: 'POST', url: `/api/uploads?sessionId=${newGuestId()}`, payload, remoteAddress: nextAddress(),
      headers: { 'content-type': contentType, 'accept-language': 'en' },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED', message: 'This file is empty: a.png' });
    expect(await fileRows()).toBe(before.rows);
    expect(uploadsOnDisk(server())).toEqual(before.disk);
  }, 15_000);

  it('refuses the whole request when an empty part follows a good file, and removes the good one', async () => {
    const before = { rows: await fileRows(), disk: uploadsOnDisk(server()) };
    const payload = handMultipart([
      { name: 'files', filename: 'good.png', type: 'image/png', data: await png() },
      { name: 'files', filename: '빈 파일.jpg', type: 'image/jpeg', data: Buffer.alloc(0) },
    ]);
    const answer = await server().app.inject({
      method: 'POST', url: `/api/uploads?sessionId=${newGuestId()}`, payload, remoteAddress: nextAddress(),
      headers: { 'content-type': contentType, 'accept-language': 'ko' },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: '빈 파일입니다: 빈 파일.jpg' });
    expect(await fileRows()).toBe(before.rows);
    expect(uploadsOnDisk(server())).toEqual(before.disk);
  }, 15_000);

  it('answers an empty file part to the staff deliverables upload with 400 at once, and stores nothing', async () => {
    const owner = await s.customer();
    const admin = await s.admin();
    const order = await s.paidOrder(owner.cookie, owner.account.email);
    const before = await s.snapshot();
    const disk = uploadsOnDisk(server());
    const payload = handMultipart([{ name: 'files', filename: 'final.pdf', type: 'application/pdf', data: Buffer.alloc(0) }]);
    const answer = await s.inject({ method: 'POST', url: `/api/admin/orders/${order.id}/deliverables?purpose=final`, payload, headers: { 'content-type': contentType, cookie: admin.cookie } });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'This file is empty: final.pdf' });
    expect(await s.snapshot()).toEqual(before);
    expect(uploadsOnDisk(server())).toEqual(disk);
  }, 15_000);
});

describe('upload requests over a real connection', () => {
  // A short idle limit, so the stalled request below is cut off within the test's time.
  // Long enough that "at once" below stays far under it on a slow, busy machine.
  const server = useTestServer('pglite', { UPLOAD_IDLE_TIMEOUT_MS: '1500' });
  let port = 0;
  beforeAll(async () => {
    await server().app.listen({ port: 0, host: '127.0.0.1' });
    port = (server().app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server().app.server.closeAllConnections();
  });

  it('answers `curl -F files=@/dev/null;filename=a.png` at once with 400', async () => {
    const before = { rows: (await server().database.db.select({ n: count() }).from(uploadedFiles))[0]!.n, disk: uploadsOnDisk(server()) };
    const body = handMultipart([{ name: 'files', filename: 'a.png', type: 'application/octet-stream', data: Buffer.alloc(0) }]);
    const head = `POST /api/uploads?sessionId=${newGuestId()} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept-Language: en\r\nContent-Type: ${contentType}\r\nContent-Length: ${body.length}\r\n\r\n`;
    const answer = await rawRequest(port, head, body, { keepOpen: true });
    expect(answer.status).toBe(400);
    expect(answer.text).toContain('This file is empty: a.png');
    // At once: far below the idle limit that would otherwise have ended it.
    expect(answer.ms).toBeLessThan(1000);
    expect((await server().database.db.select({ n: count() }).from(uploadedFiles))[0]!.n).toBe(before.rows);
    expect(uploadsOnDisk(server())).toEqual(before.disk);
  }, 15_000);

  it('cuts off a request that stops sending in the middle of a file with 408, and removes what it wrote', async () => {
    const before = { rows: (await server().database.db.select({ n: count() }).from(uploadedFiles))[0]!.n, disk: uploadsOnDisk(server()) };
    const whole = handMultipart([
      { name: 'files', filename: 'done.png', type: 'image/png', data: await png() },
      { name: 'files', filename: 'stalled.png', type: 'image/png', data: await png() },
    ]);
    // The head announces the whole body; only the first file and half of the second arrive.
    const sent = whole.subarray(0, whole.length - 2000);
    const head = `POST /api/uploads?sessionId=${newGuestId()} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept-Language: en\r\nContent-Type: ${contentType}\r\nContent-Length: ${whole.length}\r\n\r\n`;
    const answer = await rawRequest(port, head, sent, { keepOpen: true });
    expect(answer.status).toBe(408);
    expect(answer.text).toContain('"code":"UPLOAD_TIMEOUT"');
    expect(answer.ms).toBeGreaterThanOrEqual(1400);
    expect((await server().database.db.select({ n: count() }).from(uploadedFiles))[0]!.n).toBe(before.rows);
    expect(uploadsOnDisk(server())).toEqual(before.disk);
  }, 15_000);

  // Issue 33, item 1: a body whose bytes all arrive but end before the closing boundary was a 500.
  it('answers a body cut off before its closing boundary with 400 naming the problem, and stores nothing', async () => {
    const before = { rows: (await server().database.db.select({ n: count() }).from(uploadedFiles))[0]!.n, disk: uploadsOnDisk(server()) };
    const whole = handMultipart([
      { name: 'files', filename: 'done.png', type: 'image/png', data: await png() },
      { name: 'files', filename: 'cut.png', type: 'image/png', data: await png() },
    ]);
    for (const cut of [whole.subarray(0, whole.length - 2000), whole.subarray(0, whole.length - `--${BOUNDARY}--\r\n`.length)]) {
      // The head announces exactly what is sent: the body ends, but the form does not.
      const head = `POST /api/uploads?sessionId=${newGuestId()} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept-Language: en\r\nContent-Type: ${contentType}\r\nContent-Length: ${cut.length}\r\n\r\n`;
      const answer = await rawRequest(port, head, cut, { keepOpen: true });
      expect(answer.status, answer.text).toBe(400);
      expect(answer.text).toContain('"code":"BAD_REQUEST"');
      expect(answer.text).toContain('The upload ended before all of it arrived. Please send the files again.');
      expect(answer.ms).toBeLessThan(1000);
    }
    expect((await server().database.db.select({ n: count() }).from(uploadedFiles))[0]!.n).toBe(before.rows);
    expect(uploadsOnDisk(server())).toEqual(before.disk);
  }, 15_000);

  /** A paid order, its staff, what the store holds before, and a whole delivery body with its request head. */
  async function staffDelivery(lang: string) {
    const s = staffApi(server);
    const owner = await s.customer();
    const admin = await s.admin();
    const order = await s.paidOrder(owner.cookie, owner.account.email);
    const before = { snapshot: await s.snapshot(), disk: uploadsOnDisk(server()) };
    const whole = handMultipart([{ name: 'files', filename: 'final.png', type: 'image/png', data: await png() }]);
    const head = (length: number) => `POST /api/admin/orders/${order.id}/deliverables?purpose=final HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept-Language: ${lang}\r\nCookie: ${admin.cookie}\r\nContent-Type: ${contentType}\r\nContent-Length: ${length}\r\n\r\n`;
    return { s, before, whole, head };
  }

  it('answers a staff delivery cut off before its closing boundary with 400, and changes nothing', async () => {
    const { s, before, whole, head } = await staffDelivery('ko');
    const cut = whole.subarray(0, whole.length - 500);
    const answer = await rawRequest(port, head(cut.length), cut, { keepOpen: true });
    expect(answer.status, answer.text).toBe(400);
    expect(answer.text).toContain('"code":"BAD_REQUEST"');
    expect(await s.snapshot()).toEqual(before.snapshot);
    expect(uploadsOnDisk(server())).toEqual(before.disk);
  }, 10_000);

  it('cuts off a staff delivery that stops sending with 408, and changes nothing', async () => {
    const { s, before, whole, head } = await staffDelivery('en');
    const answer = await rawRequest(port, head(whole.length), whole.subarray(0, whole.length - 500), { keepOpen: true });
    expect(answer.status).toBe(408);
    expect(answer.text).toContain('The upload took too long and was stopped.');
    expect(await s.snapshot()).toEqual(before.snapshot);
    expect(uploadsOnDisk(server())).toEqual(before.disk);
  }, 10_000);
});
