/**
 * Mail queued on one instance wakes the mail workers of every instance on the same PostgreSQL
 * database (issue "Hardening, round three", item 13): the nudge is a NOTIFY and each worker
 * LISTENs. Two app instances, each with its own connections; A sends no mail (MAIL_WORKER=off), so
 * only B's worker, woken by A's notification, can deliver what A queued. PostgreSQL only: PGlite is
 * one process, where the nudge is local.
 */
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { openDatabase, rowsOf, type DatabaseHandle } from '../../src/server/db/client.ts';
import { createScratchDatabase, type ScratchDatabase } from './support/scratch-db.ts';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink.ts';

describe.skipIf(!process.env.TEST_DATABASE_URL)('mail queued on one instance on postgres', () => {
  let scratch: ScratchDatabase;
  let sink: SmtpSink;
  const instances: Array<{ app: FastifyInstance; handle: DatabaseHandle }> = [];

  async function startInstance(env: Record<string, string>) {
    const config = loadConfig({
      NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: `${process.env.TMPDIR ?? '/tmp'}/studio-lumi-test-${process.pid}`,
      DATABASE_URL: scratch.url!, SMTP_URL: sink.url, STAFF_EMAIL: 'staff@shop.test', PUBLIC_URL: 'https://shop.test', ALLOW_TEST_PAYMENTS: 'true', ...env,
    });
    const handle = await openDatabase({ databaseUrl: scratch.url });
    const app = await createApp({ config, db: handle.db, cookieSecret: 'test-cookie-secret-0123456789abcdef' });
    await app.ready();
    instances.push({ app, handle });
    return app;
  }

  beforeAll(async () => {
    scratch = await createScratchDatabase('postgres');
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    for (const { app, handle } of instances) {
      await app.close();
      await handle.close();
    }
    await sink?.stop();
    await scratch?.drop();
  });

  it('is sent by another instance\'s worker at once, woken by a notification, not by its 30 s poll', async () => {
    const a = await startInstance({ MAIL_WORKER: 'off' });
    await startInstance({ MAIL_WORKER: 'on' });
    // B listens on a connection of its own; wait until PostgreSQL has it listening.
    const watcher = postgres(scratch.url!, { max: 1, onnotice: () => {} });
    const deadline = Date.now() + 5000;
    while ((await watcher`select count(*)::int as n from pg_stat_activity where datname = current_database() and query ilike 'listen%'`)[0]!.n < 1) {
      if (Date.now() > deadline) throw new Error('no instance is listening');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await watcher.end();

    const response = await a.inject({
      method: 'POST', url: '/api/contact', remoteAddress: '198.51.100.7',
      headers: { 'content-type': 'application/json', 'accept-language': 'ko', 'x-store-country': 'kr' },
      payload: { name: '김민수', email: 'minsu@example.com', service: 'consultation', message: '두 번째 인스턴스가 보내야 합니다.' },
    });
    expect(response.statusCode).toBe(201);
    const queuedAt = Date.now();
    // Well under a second here; the bound leaves room for a slow, busy machine and stays far
    // below the poll that would otherwise have sent it.
    await sink.waitFor(1, 5000);
    expect(Date.now() - queuedAt).toBeLessThan(5000);
    expect(sink.accepted).toHaveLength(1);
    const queued = rowsOf<{ id: string }>(await instances[0]!.handle.db.execute(sql`select id from mail_outbox where kind = 'staff_contact'`));
    expect(sink.accepted).toEqual(queued.map((row) => row.id));
  });
});
