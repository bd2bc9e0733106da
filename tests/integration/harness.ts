/**
 * Starts the real server for a test file against each database it can reach: embedded PGlite
 * always, and a fresh PostgreSQL database per run when TEST_DATABASE_URL is set (created here,
 * dropped after). Requests go through Fastify's inject, so no port is needed.
 */
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createApp, type AppOptions } from '../../src/server/app.ts';
import { loadConfig, type Config } from '../../src/server/config.ts';
import { openDatabase, type DatabaseHandle, type OpenDatabaseOptions } from '../../src/server/db/client.ts';

export type Backend = 'pglite' | 'postgres';
export const BACKENDS: Backend[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestServer {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
}

async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `store_test_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const again = postgres(adminUrl, { max: 1, onnotice: () => {} });
      await again.unsafe(`drop database if exists "${name}" with (force)`);
      await again.end();
    },
  };
}

/** Registers beforeAll/afterAll hooks and returns a getter for the running server. */
export function useTestServer(
  backend: Backend,
  env: Record<string, string> | (() => Record<string, string>) = {},
  extra: Partial<Pick<AppOptions, 'redis' | 'rateLimitPrefix' | 'logStream'>> = {},
  hooks: Pick<OpenDatabaseOptions, 'onQuery'> & { beforeReady?: (app: FastifyInstance) => void } = {},
): () => TestServer {
  let server: TestServer | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    let databaseUrl: string | undefined;
    if (backend === 'postgres') {
      const created = await createPostgresDatabase();
      databaseUrl = created.url;
      dropDatabase = created.drop;
    }
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: `${process.env.TMPDIR ?? '/tmp'}/studio-lumi-test-${process.pid}`, ...(typeof env === 'function' ? env() : env) });
    const database = await openDatabase({ databaseUrl, pgliteDir: 'memory://', onQuery: hooks.onQuery });
    const app = await createApp({ config, db: database.db, cookieSecret: 'test-cookie-secret-0123456789abcdef', ...extra });
    hooks.beforeReady?.(app);
    await app.ready();
    server = { app, database, config };
  });
  afterAll(async () => {
    await server?.app.close();
    await server?.database.close();
    await dropDatabase?.();
  });
  return () => {
    if (!server) throw new Error('test server is not running');
    return server;
  };
}

/**
 * A second store instance on the first one's database (another process in production): for
 * what must behave as one store across instances (limits in Redis, the mail queue, sessions).
 */
export function useSecondInstance(first: () => TestServer, extra: Partial<Pick<AppOptions, 'redis' | 'rateLimitPrefix' | 'logStream'>> = {}): () => TestServer {
  let server: TestServer | undefined;
  beforeAll(async () => {
    const { config, database } = first();
    const app = await createApp({ config, db: database.db, cookieSecret: 'test-cookie-secret-0123456789abcdef', ...extra });
    await app.ready();
    server = { app, database, config };
  });
  afterAll(async () => {
    await server?.app.close();
  });
  return () => {
    if (!server) throw new Error('second instance is not running');
    return server;
  };
}
