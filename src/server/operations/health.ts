/**
 * GET /healthz and GET /readyz (issue 36). Liveness touches nothing; readiness asks the database in
 * one query whether it answers and holds this build's last migration, PINGs Redis when there is
 * one, and says 503 as soon as the instance is shutting down. Each check gives up after two
 * seconds: a probe must answer even when what it checks does not. Neither route is rate-limited
 * or logged (a load balancer asks every few seconds).
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import * as contract from '../../domain/contract/operations.ts';
import { MIGRATIONS_DIR, rowsOf, type Database } from '../db/client.ts';
import type { Lifecycle } from './lifecycle.ts';

const CHECK_TIMEOUT_MS = 2000;

type Checks = z.infer<typeof contract.readinessSchema>['checks'];

/** The last migration this build carries (drizzle records each applied one by its journal time). */
function lastMigrationOfBuild(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: Array<{ when: number }> };
  return Math.max(...journal.entries.map((entry) => entry.when));
}

function within<T>(work: Promise<T>, ms = CHECK_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms); });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

export function registerHealthRoutes(server: FastifyInstance, deps: { db: Database; redis?: Redis | undefined; lifecycle: Lifecycle }): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const expected = lastMigrationOfBuild();
  const quiet = { logLevel: 'silent' as const, config: { rateLimit: false as const } };
  // The log hears of a change of state, not of every probe.
  let wasReady: boolean | undefined;

  async function databaseChecks(): Promise<Pick<Checks, 'database' | 'migrations'>> {
    try {
      const result = await within(deps.db.execute(sql`select coalesce(max(created_at), 0)::bigint as last from drizzle.__drizzle_migrations`));
      const last = Number(rowsOf<{ last: string | number }>(result)[0]?.last ?? 0);
      return { database: 'ok', migrations: last >= expected ? 'ok' : 'failed' };
    } catch {
      return { database: 'failed', migrations: 'not checked' };
    }
  }

  async function redisCheck(): Promise<Checks['redis']> {
    if (!deps.redis) return 'not configured';
    try {
      return (await within(deps.redis.ping())) === 'PONG' ? 'ok' : 'failed';
    } catch {
      return 'failed';
    }
  }

  app.get('/healthz', { schema: contract.liveness, ...quiet }, async () => ({ success: true as const, status: 'ok' as const }));

  app.get('/readyz', { schema: contract.readiness, ...quiet }, async (_request, reply) => {
    if (deps.lifecycle.shuttingDown) {
      return reply.status(503).send({ success: false, status: 'shutting down', checks: { database: 'not checked', migrations: 'not checked', redis: 'not checked' } });
    }
    const [database, redis] = await Promise.all([databaseChecks(), redisCheck()]);
    const checks = { ...database, redis };
    const ready = checks.database === 'ok' && checks.migrations === 'ok' && checks.redis !== 'failed' && !deps.lifecycle.shuttingDown;
    if (ready !== wasReady && (wasReady !== undefined || !ready)) {
      if (ready) server.log.info({ checks }, 'ready again');
      else server.log.warn({ checks }, 'not ready');
    }
    wasReady = ready;
    return reply.status(ready ? 200 : 503).send({ success: ready, status: ready ? 'ready' : deps.lifecycle.shuttingDown ? 'shutting down' : 'not ready', checks });
  });
}
