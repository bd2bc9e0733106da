/**
 * Backups of the embedded store (issue 36, decision 0053), with the real command against real store
 * processes (the build): a backup taken through the running store's control socket while guests
 * place and pay orders restores into an empty DATA_DIR, and a store started on it serves the same
 * orders, accounts, files and papers. The stopped store is backed up by the command itself; a second
 * store cannot start on a DATA_DIR in use. Restores refuse a folder that holds a store, an archive
 * changed after it was written, and one from a newer build; with DATABASE_URL both commands refuse
 * with the PostgreSQL way.
 */
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { newGuestId } from '../../src/domain/guest.ts';
import { BACKUP_FORMAT, BACKUP_VERSION, writeArchive, type BackupManifest } from '../../src/server/operations/backup-archive.ts';
import { startStoreProcess, type StoreProcess } from '../scale/store-process.ts';
import { multipart, png } from './support/files.ts';

const root = path.resolve(import.meta.dirname, '..', '..');
const command = path.join(root, 'src', 'server', 'operations', 'backup-command.ts');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-test-'));
const ENV = { TRUST_PROXY: 'loopback', SESSION_SECRET: 'backup-test-session-secret-0123456789abcdef', ADMIN_EMAIL: 'owner@shop.test', ADMIN_PASSWORD: 'owner-pass-2026', MAIL_WORKER: 'on' };

/** Runs `npm run backup|restore -- FILE` as the operator would (the command, with DATA_DIR). */
async function run(verb: 'backup' | 'restore', file: string, dataDir: string, env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [command, verb, file], {
      cwd: root, env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: dataDir, DATABASE_URL: '', S3_BUCKET: '', ...env }, timeout: 120_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const cookieOf = (response: Response) => response.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');

/** Calls to a store, from one client address (the store trusts the loopback proxy's X-Forwarded-For: each guest below is a client of its own). */
function client(store: () => StoreProcess, ip = '10.60.0.1') {
  const call = async (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) => fetch(`${store().origin}${url}`, {
    method, headers: { 'accept-language': 'en', 'x-forwarded-for': ip, ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return {
    call,
    async login(email: string, password: string) {
      const answer = await call('POST', '/api/auth/login', { email, password });
      expect(answer.status, await answer.clone().text()).toBe(200);
      return cookieOf(answer);
    },
    /** A Korean order paid in the sandbox: by the signed-in `cookie`, or by a guest. */
    async paidOrder(who: { cookie: string } | { guest: string }, email: string) {
      const auth: Record<string, string> = 'cookie' in who ? { cookie: who.cookie } : {};
      const guest = 'guest' in who ? { sessionId: who.guest } : {};
      const created = await (await call('POST', '/api/orders', { customerName: 'Kim', customerEmail: email, customerPhone: '010-1111-2222', serviceId: 1, quantity: 2, country: 'kr', ...guest }, { ...auth, 'x-store-country': 'kr' })).json() as { orderId: string; amount: number };
      const { paymentKey } = await (await call('POST', '/api/payments/sandbox/authorize', { orderId: created.orderId, card: 'approved', ...guest }, auth)).json() as { paymentKey: string };
      const confirmed = await call('POST', '/api/confirm', { orderId: created.orderId, amount: created.amount, paymentKey });
      expect(confirmed.status, await confirmed.clone().text()).toBe(200);
      return created.orderId;
    },
  };
}

describe('backups of the embedded store', () => {
  let source: StoreProcess | undefined;
  let restored: StoreProcess | undefined;
  afterAll(async () => {
    await source?.stop();
    await restored?.stop();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it('a backup taken while orders are placed restores to a store that serves the same orders, accounts, files and papers', async () => {
    source = await startStoreProcess('backup-source', ENV, { keepData: true });
    const api = client(() => source!);
    // Only the store's user may open its control socket.
    expect(fs.statSync(path.join(source.dataDir, 'control.sock')).mode & 0o777).toBe(0o600);
    // Another store on the same DATA_DIR is refused before it opens the database.
    await expect(startStoreProcess('backup-twin', ENV, { dataDir: source.dataDir, keepData: true })).rejects.toThrow(/another process works on/);

    const email = `backup.${randomBytes(4).toString('hex')}@example.com`;
    const registered = await api.call('POST', '/api/auth/register', { email, username: `backup${randomBytes(3).toString('hex')}`, password: 'buyer-pass-1', firstName: 'Min', lastName: 'Kim' });
    expect(registered.status).toBe(201);
    const cookie = cookieOf(registered);
    const mine = [await api.paidOrder({ cookie }, email), await api.paidOrder({ cookie }, email)];
    const picture = await png();
    const form = await multipart([{ name: 'reference.png', data: picture }]);
    const upload = await fetch(`${source.origin}/api/uploads`, { method: 'POST', body: new Uint8Array(form.payload), headers: { cookie, 'content-type': form.contentType } });
    expect(upload.status).toBe(201);
    const file = (await upload.json() as { files: Array<{ id: string; url: string }> }).files[0]!;
    expect((await api.call('POST', '/api/project-briefs', { orderId: mine[0], style: ['modern'], uploadedFiles: [file.id] }, { cookie })).status).toBe(201);
    const staff = await api.login(ENV.ADMIN_EMAIL, ENV.ADMIN_PASSWORD);

    // Guests keep ordering, four at a time, while the backup is taken.
    const answered: string[] = [];
    const failures: string[] = [];
    let ordering = true;
    const guests = Array.from({ length: 4 }, async (_, n) => {
      const guest = newGuestId();
      const shopper = client(() => source!, `10.60.1.${n + 1}`);
      // Each within the store's limit of orders a client may place in a minute.
      for (let placed = 0; ordering && placed < 25; placed++) {
        try {
          answered.push(await shopper.paidOrder({ guest }, `guest.${randomBytes(3).toString('hex')}@example.com`));
        } catch (error) {
          failures.push(String(error));
        }
      }
    });
    while (answered.length < 4) await new Promise((resolve) => setTimeout(resolve, 20));
    const beforeBackup = [...mine, ...answered];
    const archive = path.join(scratch, 'live.tar.gz');
    const backup = await run('backup', archive, source.dataDir);
    ordering = false;
    await Promise.all(guests);
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toContain('from the running store');
    expect(failures).toEqual([]);
    expect(answered.length).toBeGreaterThan(4);
    expect(fs.existsSync(`${archive}.partial`)).toBe(false);
    // What the store said of each order before the backup, as staff read it.
    const view = async (store: ReturnType<typeof client>, cookieHeader: string, orderNumber: string) => {
      const list = await (await store.call('GET', `/api/orders?q=${orderNumber}`, undefined, { cookie: cookieHeader })).json() as { orders: Array<{ orderId: string; status: string; amount: number; currency: string }> };
      return list.orders.map(({ orderId, status, amount, currency }) => ({ orderId, status, amount, currency }));
    };
    const seen = await Promise.all(beforeBackup.map((n) => view(api, staff, n)));
    const customerView = await (await api.call('GET', `/api/orders/${mine[0]}`, undefined, { cookie })).json() as { order: { papers: Array<{ number: string | null; htmlUrl: string }> } };
    const paper = customerView.order.papers.find((p) => p.number !== null)!;
    expect(paper).toBeDefined();
    const paperPage = await (await api.call('GET', paper.htmlUrl, undefined, { cookie })).text();

    await source.stop();
    source = undefined;
    const target = fs.mkdtempSync(path.join(scratch, 'restored-'));
    const restore = await run('restore', archive, target);
    expect(restore.code, restore.stderr).toBe(0);
    restored = await startStoreProcess('backup-restored', ENV, { dataDir: target, keepData: true });
    const back = client(() => restored!);

    // The same account, password and all; the same orders, as staff and as their customer see them.
    const again = await back.login(email, 'buyer-pass-1');
    const staffAgain = await back.login(ENV.ADMIN_EMAIL, ENV.ADMIN_PASSWORD);
    expect(await Promise.all(beforeBackup.map((n) => view(back, staffAgain, n)))).toEqual(seen);
    const mineAgain = await (await back.call('GET', '/api/orders/me', undefined, { cookie: again })).json() as { orders: Array<{ orderId: string }> };
    expect(mineAgain.orders.map((o) => o.orderId).sort()).toEqual([...mine].sort());
    // The same file, byte for byte, and the same paper.
    const stored = await fetch(`${restored.origin}${file.url}`, { headers: { cookie: again } });
    expect(stored.status).toBe(200);
    expect(createHash('sha256').update(Buffer.from(await stored.arrayBuffer())).digest('hex')).toBe(createHash('sha256').update(picture).digest('hex'));
    expect(await (await back.call('GET', paper.htmlUrl, undefined, { cookie: again })).text()).toBe(paperPage);
    // New orders continue the numbering and the papers' series where the backup left them.
    await back.paidOrder({ guest: newGuestId() }, 'after.restore@example.com');

    // The stopped store is backed up by the command itself, and that backup checks out too.
    await restored.stop();
    restored = undefined;
    const offline = await run('backup', path.join(scratch, 'offline.tar.gz'), target);
    expect(offline.code, offline.stderr).toBe(0);
    expect(offline.stdout).toContain('from the stopped store');

    // A restore never writes over a store.
    const over = await run('restore', archive, target);
    expect([over.code, over.stderr]).toEqual([1, expect.stringContaining('already holds a store')]);
  }, 240_000);

  it('refuses an archive changed after it was written, one from a newer build, and PostgreSQL', async () => {
    const empty = () => fs.mkdtempSync(path.join(scratch, 'empty-'));
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT, version: BACKUP_VERSION, createdAt: new Date().toISOString(), build: { version: '9.9.9', commit: null },
      database: 'pglite', lastMigration: { createdAt: Date.now() + 365 * 86_400_000, count: 999 }, counts: {}, storage: 'local',
    };
    const newer = path.join(scratch, 'newer.tar.gz');
    const folder = fs.mkdtempSync(path.join(scratch, 'fake-db-'));
    fs.writeFileSync(path.join(folder, 'PG_VERSION'), '17\n');
    fs.mkdirSync(path.join(folder, 'base'));
    fs.writeFileSync(path.join(folder, 'base', '1'), 'not a database');
    await writeArchive(fs.createWriteStream(newer), { manifest, databaseDir: folder, uploadsDir: null });
    const fromNewer = await run('restore', newer, empty());
    expect([fromNewer.code, fromNewer.stderr]).toEqual([1, expect.stringContaining('newer build')]);

    // The same archive with one byte of a member changed: its checksum no longer matches.
    const tampered = path.join(scratch, 'tampered.tar.gz');
    const zlib = await import('node:zlib');
    const tar = zlib.gunzipSync(fs.readFileSync(newer));
    const at = tar.indexOf('not a database');
    tar[at] = 'N'.charCodeAt(0);
    fs.writeFileSync(tampered, zlib.gzipSync(tar));
    const changed = await run('restore', tampered, empty());
    expect([changed.code, changed.stderr]).toEqual([1, expect.stringContaining('does not match its checksum')]);
    const cut = path.join(scratch, 'cut.tar.gz');
    fs.writeFileSync(cut, fs.readFileSync(newer).subarray(0, 200));
    expect((await run('restore', cut, empty())).code).toBe(1);

    for (const verb of ['backup', 'restore'] as const) {
      const onPostgres = await run(verb, path.join(scratch, 'pg.tar.gz'), empty(), { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres' });
      expect([onPostgres.code, onPostgres.stderr]).toEqual([2, expect.stringContaining('pg_dump --format=custom')]);
    }
  }, 60_000);
});
