/** The first administrator at start (D5) and the mail outbox used without SMTP_URL. */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { ensureAdmin, DEFAULT_ADMIN_EMAIL } from '../../src/server/features/accounts/admin-bootstrap.ts';
import { users } from '../../src/server/db/schema.ts';
import { createMailer } from '../../src/server/mail/mailer.ts';
import { BACKENDS, useTestServer } from './harness.ts';
import { client, newAccount } from './support/clients.ts';

function capturingLog() {
  const lines: string[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
  return { log, text: () => lines.join('\n') };
}

async function captureStdout(run: () => Promise<void>): Promise<string> {
  const chunks: string[] = [];
  const original = process.stdout.write.bind(process.stdout);
  process.stdout.write = ((chunk: string | Uint8Array) => {
    chunks.push(String(chunk));
    return true;
  }) as typeof process.stdout.write;
  try {
    await run();
  } finally {
    process.stdout.write = original;
  }
  return chunks.join('');
}

describe.each(BACKENDS)('first administrator on %s', (backend) => {
  const server = useTestServer(backend);

  it('creates one with a printed password when none is configured, once', async () => {
    const { db } = server().database;
    const first = capturingLog();
    const printed = await captureStdout(() => ensureAdmin(db, {}, first.log));
    const password = /password: (\S+)/.exec(printed)?.[1];
    expect(printed).toContain(DEFAULT_ADMIN_EMAIL);
    expect(first.text()).toContain(DEFAULT_ADMIN_EMAIL);
    expect(first.text()).not.toContain(password);
    expect(password).toBeTruthy();
    const login = await client(server).call('POST', '/api/auth/login', { email: DEFAULT_ADMIN_EMAIL, password });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.role).toBe('admin');

    const again = await captureStdout(() => ensureAdmin(db, {}, capturingLog().log));
    expect(again).not.toContain('password:');
    expect(await db.select().from(users).where(eq(users.role, 'admin'))).toHaveLength(1);
  });

  it('promotes ADMIN_EMAIL when it already has an account, and sets ADMIN_PASSWORD', async () => {
    const account = newAccount();
    await client(server).call('POST', '/api/auth/register', account);
    await ensureAdmin(server().database.db, { email: account.email.toUpperCase(), password: 'admin-pass-123' }, capturingLog().log);
    const login = await client(server).call('POST', '/api/auth/login', { email: account.email, password: 'admin-pass-123' });
    expect(login.json().user.role).toBe('admin');
  });

  it('creates ADMIN_EMAIL with ADMIN_PASSWORD when it has no account', async () => {
    const email = `boss${Date.now()}@example.com`;
    await ensureAdmin(server().database.db, { email, password: 'admin-pass-456' }, capturingLog().log);
    const login = await client(server).call('POST', '/api/auth/login', { email, password: 'admin-pass-456' });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.role).toBe('admin');
  });
});

describe('mail without SMTP_URL', () => {
  it('writes the message to the outbox as .eml and logs it', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'outbox-'));
    const { log, text } = capturingLog();
    const mailer = createMailer({ from: 'Studio Lumi <hello@shop.test>', outboxDir: dir, logBodies: true }, log);
    expect(mailer.kind).toBe('outbox');
    await mailer.send({ to: 'minsu@example.com', subject: '비밀번호 재설정', text: 'link: https://shop.test/kr/reset-password?token=abc', html: '<p>link</p>' });
    const files = await fs.readdir(dir);
    expect(files).toHaveLength(1);
    const eml = await fs.readFile(path.join(dir, files[0]!), 'utf8');
    expect(eml).toContain('To: minsu@example.com');
    expect(eml).toContain('From: Studio Lumi <hello@shop.test>');
    expect(text()).toContain('reset-password?token=abc');
    await fs.rm(dir, { recursive: true });
  });
});
