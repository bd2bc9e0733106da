/**
 * A store process loads the heavy packages only where they are used (issue 17, memory): image
 * processing (sharp) with the first preview, the AWS SDK only with S3_BUCKET, nodemailer with the
 * first mail, file-type with the first upload, openid-client with the first Google sign-in, koffi
 * (malloc_trim) at the first quiet moment, and only the database driver it runs on (PGlite without
 * DATABASE_URL, postgres.js with it). Each case starts a real store process and lists what it
 * loaded by the time it was ready.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import postgres from 'postgres';
import { describe, expect, it } from 'vitest';

const script = path.resolve(import.meta.dirname, 'support', 'packages-at-start.ts');
const LOADED_ON_USE = ['sharp', 'otplib', 'qrcode', 'yazl', 'tar-stream', '@aws-sdk/client-s3', '@aws-sdk/lib-storage', 'nodemailer', 'file-type', 'openid-client', 'koffi'];

async function packagesAtStart(env: Record<string, string>): Promise<string[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lean-start-'));
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [script], {
      env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ADMIN_EMAIL: '', ADMIN_PASSWORD: '', DATABASE_URL: '', S3_BUCKET: '', SMTP_URL: '', ...env },
      timeout: 60_000,
    });
    return JSON.parse(stdout.trim().split('\n').at(-1)!) as string[];
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

describe('packages a store process loads by the time it is ready', () => {
  it('on the embedded database: none of those loaded on use, and not postgres.js', async () => {
    const loaded = await packagesAtStart({});
    expect(loaded).toContain('@electric-sql/pglite');
    expect(loaded).toContain('fastify');
    for (const name of [...LOADED_ON_USE, 'postgres']) expect(loaded, name).not.toContain(name);
  }, 60_000);

  it('with S3_BUCKET: the AWS SDK, at start, so no upload waits for it', async () => {
    const loaded = await packagesAtStart({ S3_BUCKET: 'lean-start', S3_ENDPOINT: 'http://127.0.0.1:9', S3_ACCESS_KEY_ID: 'x', S3_SECRET_ACCESS_KEY: 'y' });
    expect(loaded).toContain('@aws-sdk/client-s3');
    expect(loaded).not.toContain('sharp');
  }, 60_000);

  it.runIf(process.env.TEST_DATABASE_URL)('on PostgreSQL: not PGlite', async () => {
    const adminUrl = process.env.TEST_DATABASE_URL!;
    const name = `store_test_${Date.now()}_${randomBytes(3).toString('hex')}`;
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database "${name}"`);
    try {
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const loaded = await packagesAtStart({ DATABASE_URL: url.toString() });
      expect(loaded).toContain('postgres');
      for (const name of [...LOADED_ON_USE, '@electric-sql/pglite']) expect(loaded, name).not.toContain(name);
    } finally {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    }
  }, 60_000);
});
