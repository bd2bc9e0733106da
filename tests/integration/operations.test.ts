/**
 * The operator's endpoints (issue 36): GET /healthz answers while the process does; GET /readyz
 * says whether this instance can take traffic (database, migrations, Redis) and turns 503 the
 * moment a shutdown begins, while requests keep being served through the drain. Neither is
 * rate-limited or logged. On PostgreSQL a database that stops taking connections makes the
 * instance not ready, and ready again when it comes back. GET /metrics (Prometheus) exists only when
 * configured, refuses a caller without its token, and its series move with what the store does.
 */
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { rowsOf } from '../../src/server/db/client.ts';
import { gracefulShutdown } from '../../src/server/operations/lifecycle.ts';
import { BACKENDS, useTestServer } from './harness.ts';
import { createScratchDatabase } from './support/scratch-db.ts';
import { staffApi } from './support/staff.ts';
import { FAKE_STRIPE_SECRET, FAKE_STRIPE_WEBHOOK_SECRET } from './support/stripe.ts';

const COOKIE_SECRET = 'test-cookie-secret-0123456789abcdef';

describe.each(BACKENDS)('health and readiness on %s', (backend) => {
  const logs: string[] = [];
  const logStream = new Writable({ write(chunk, _encoding, done) { logs.push(String(chunk)); done(); } });
  const server = useTestServer(backend, { LOG_LEVEL: 'info' }, { logStream });
  const get = (url: string, method: 'GET' | 'HEAD' = 'GET') => server().app.inject({ method, url, remoteAddress: '10.91.0.1' });

  it('answers liveness and readiness plainly, never limited, never logged', async () => {
    const live = await get('/healthz');
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ success: true, status: 'ok' });
    expect((await get('/healthz', 'HEAD')).statusCode).toBe(200);
    const ready = await get('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ success: true, status: 'ready', checks: { database: 'ok', migrations: 'ok', redis: 'not configured' } });
    // A load balancer asks every few seconds from one address: no limit, nothing in the log.
    const statuses = new Set<number>();
    for (let i = 0; i < 120; i++) statuses.add((await get(i % 2 ? '/readyz' : '/healthz')).statusCode);
    expect([...statuses]).toEqual([200]);
    expect(logs.join('')).not.toMatch(/healthz|readyz/);
    // Other requests are logged as before (the log is on).
    await get('/api/auth/me');
    expect(logs.join('')).toContain('/api/auth/me');
  });

  it("is not ready on a database without this build's last migration", async () => {
    const db = server().database.db;
    const [last] = rowsOf<{ id: number; hash: string; created_at: string }>(await db.execute(sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`));
    await db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last!.id}`);
    try {
      const answer = await get('/readyz');
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toEqual({ success: false, status: 'not ready', checks: { database: 'ok', migrations: 'failed', redis: 'not configured' } });
      expect(logs.join('')).toContain('not ready');
    } finally {
      await db.execute(sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last!.id}, ${last!.hash}, ${last!.created_at})`);
    }
    expect((await get('/readyz')).statusCode).toBe(200);
  });

  it('turns not ready the moment a shutdown begins, serves through the drain, then closes', async () => {
    const { config, database } = server();
    const instance = await createApp({ config: { ...config, LOG_LEVEL: 'silent' }, db: database.db, cookieSecret: COOKIE_SECRET });
    await instance.ready();
    const exits: number[] = [];
    const shutdown = gracefulShutdown(instance, instance.lifecycle, { drainMs: 300, timeoutMs: 5000, exit: (code) => exits.push(code) });
    const done = shutdown('SIGTERM');
    // A second signal does not start a second shutdown.
    expect(shutdown('SIGINT')).toBe(done);
    const ready = await instance.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ success: false, status: 'shutting down' });
    // Still serving while the load balancer notices.
    expect((await instance.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await instance.inject({ method: 'GET', url: '/api/tax' })).statusCode).toBe(200);
    await done;
    expect(exits).toEqual([0]);
  });
});

describe('readiness and what it depends on', () => {
  // The database made unreachable by ending the app's pool: terminating its backends while a job
  // writes crashes postgres.js (an uncaught TypeError in its connection), which a test must not risk.
  it.runIf(process.env.TEST_DATABASE_URL)('is not ready when PostgreSQL does not answer, and stays alive', async () => {
    const scratch = await createScratchDatabase('postgres');
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: `${process.env.TMPDIR ?? '/tmp'}/studio-lumi-test-${process.pid}` });
    const app = await createApp({ config, db: scratch.handle.db, cookieSecret: COOKIE_SECRET });
    await app.ready();
    try {
      expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      await scratch.handle.close();
      const down = await app.inject({ method: 'GET', url: '/readyz' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ success: false, status: 'not ready', checks: { database: 'failed', migrations: 'not checked', redis: 'not configured' } });
      // Liveness does not depend on the database.
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await scratch.drop();
    }
  });

  describe('with Redis that does not answer', () => {
    const redis = new Redis('redis://127.0.0.1:1', { maxRetriesPerRequest: 0, lazyConnect: true, retryStrategy: () => 200 });
    redis.on('error', () => {});
    const server = useTestServer('pglite', {}, { redis, rateLimitPrefix: `ops-${Date.now()}` });
    afterAll(() => redis.disconnect());

    it('says Redis failed and is not ready', async () => {
      const answer = await server().app.inject({ method: 'GET', url: '/readyz' });
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toEqual({ success: false, status: 'not ready', checks: { database: 'ok', migrations: 'ok', redis: 'failed' } });
    });
  });

  it.runIf(process.env.REDIS_URL)('is ready with Redis that answers', async () => {
    const redis = new Redis(process.env.REDIS_URL!, { maxRetriesPerRequest: 1 });
    const scratch = await createScratchDatabase('pglite');
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: `${process.env.TMPDIR ?? '/tmp'}/studio-lumi-test-${process.pid}` });
    const app = await createApp({ config, db: scratch.handle.db, cookieSecret: COOKIE_SECRET, redis, rateLimitPrefix: `ops-${Date.now()}` });
    try {
      expect((await app.inject({ method: 'GET', url: '/readyz' })).json()).toMatchObject({ status: 'ready', checks: { redis: 'ok' } });
    } finally {
      await app.close();
      redis.disconnect();
      await scratch.drop();
    }
  });
});

/** A sample's value in the Prometheus text format (0 when the series is absent). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    const match = /^([A-Za-z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const got = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((pair) => [pair[1], pair[2]]));
    if (Object.entries(labels).every(([key, value]) => got[key] === value)) return Number(match[3]);
  }
  return 0;
}

const METRICS_TOKEN = 'metrics-token-0123456789abcdef';

/** The store's own address has no metrics: /metrics is a page address like any other (a store's, then not found). */
async function expectNoMetricsAt(app: FastifyInstance) {
  const first = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(first.statusCode).toBe(302);
  expect(first.headers.location).toBe('/us/metrics');
  const page = await app.inject({ method: 'GET', url: '/us/metrics' });
  expect(page.statusCode).toBe(404);
  expect(page.body).not.toContain('lumi_');
}

describe.each(BACKENDS)('metrics on %s', (backend) => {
  const server = useTestServer(backend, { METRICS_TOKEN, STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET, STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET });
  const s = staffApi(server);
  const scrape = async () => {
    const answer = await server().app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(answer.statusCode).toBe(200);
    return answer.body;
  };

  it('answers only the bearer of its token, in the Prometheus text format', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789abcdef', `Basic ${METRICS_TOKEN}`, METRICS_TOKEN]) {
      const refused = await server().app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(refused.statusCode, String(authorization)).toBe(401);
      expect(refused.headers['www-authenticate']).toBe('Bearer');
      expect(refused.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
      expect(refused.body).not.toContain('lumi_');
    }
    const answer = await server().app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(answer.headers['cache-control']).toBe('no-store');
    for (const name of ['lumi_http_request_duration_seconds', 'lumi_orders_total', 'lumi_mail_outbox_backlog', 'lumi_event_streams_open', 'lumi_money_stuck', 'process_resident_memory_bytes', 'nodejs_eventloop_lag_seconds']) {
      expect(answer.body).toContain(`# TYPE ${name} `);
    }
    expect(sample(answer.body, 'lumi_store_metrics_up')).toBe(1);
    // In the OpenAPI document where it exists, with its bearer scheme and its refusal.
    const document = (await server().app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(document.paths['/metrics'].get).toMatchObject({ tags: ['operations'], security: [{ bearer: [] }] });
    expect(Object.keys(document.paths['/metrics'].get.responses)).toEqual(expect.arrayContaining(['200', '401']));
  });

  it('moves with an order paid, a mail sent, a webhook refused, a job run and every answer', async () => {
    // The job's pass at start may still be under way: counted before, not as this test's.
    await server().app.jobs.runOnce('number-papers');
    const before = await scrape();
    const customer = await s.customer();
    await s.paidOrder(customer.cookie, customer.account.email);
    const forged = await server().app.inject({ method: 'POST', url: '/api/webhooks/stripe', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' }, payload: '{"id":"evt_forged"}' });
    expect(forged.statusCode).toBe(400);
    await server().app.jobs.runOnce('number-papers');
    // The order's mails go out in the background.
    const deadline = Date.now() + 10_000;
    let after = await scrape();
    while (sample(after, 'lumi_mails_sent_total') <= sample(before, 'lumi_mails_sent_total') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      after = await scrape();
    }
    const moved = (name: string, labels: Record<string, string> = {}) => sample(after, name, labels) - sample(before, name, labels);
    expect(moved('lumi_orders_total', { store: 'kr', event: 'created' })).toBe(1);
    expect(moved('lumi_orders_total', { store: 'kr', event: 'paid' })).toBe(1);
    expect(moved('lumi_payment_attempts_total', { provider: 'sandbox', status: 'succeeded' })).toBe(1);
    expect(moved('lumi_mails_sent_total')).toBeGreaterThanOrEqual(1);
    expect(moved('lumi_webhooks_total', { provider: 'stripe', outcome: 'refused' })).toBe(1);
    expect(moved('lumi_job_runs_total', { job_name: 'number-papers', outcome: 'done' })).toBe(1);
    expect(sample(after, 'lumi_job_last_success_timestamp_seconds', { job_name: 'number-papers' })).toBeGreaterThan(Date.now() / 1000 - 60);
    expect(moved('lumi_http_request_duration_seconds_count', { method: 'POST', route: '/api/confirm', status: '200' })).toBe(1);
    expect(moved('lumi_http_request_duration_seconds_count', { method: 'POST', route: '/api/webhooks/stripe', status: '400' })).toBe(1);
  });
});

describe('metrics on an address of their own', () => {
  const server = useTestServer('pglite', { METRICS_HOST: '127.0.0.1', METRICS_PORT: '0' });

  it('serves them there only, and nothing else there', async () => {
    await expectNoMetricsAt(server().app);
    const address = server().app.metricsAddress();
    expect(address?.address).toBe('127.0.0.1');
    const origin = `http://127.0.0.1:${address!.port}`;
    const answer = await fetch(`${origin}/metrics`);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('lumi_orders_total');
    expect((await fetch(`${origin}/`)).status).toBe(404);
    expect((await fetch(`${origin}/metrics`, { method: 'POST' })).status).toBe(404);
  });
});

describe('without metrics configured', () => {
  const server = useTestServer('pglite');
  it('has no /metrics at all', async () => {
    await expectNoMetricsAt(server().app);
    expect(server().app.metricsAddress()).toBeNull();
  });
});
