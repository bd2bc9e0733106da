/**
 * Memory of one store process (issue 17, "Fast pages and a lean server"): the resident set (RSS)
 * of the production server at rest after start, and again at rest after 10,000 anonymous page
 * views (and the most it held meanwhile, the peak), on the embedded database (PGlite in a
 * throwaway DATA_DIR) and on PostgreSQL (a throwaway database on 127.0.0.1:5432, dropped after).
 * Targets: at rest <= 350 MB on PGlite and <= 180 MB on PostgreSQL, and no more than +60 MB after
 * the views. Exit status 1 when one is missed or a request fails.
 *
 * The server cannot be made to collect its garbage from outside, so "at rest" is the RSS read from
 * /proc/<pid>/status over 3 s after 41 seconds with only a health check (see settledRss).
 *
 *   npm run build && npm run bench:memory   (BENCH_DATABASE_URL or TEST_DATABASE_URL, default local postgres)
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import autocannon from 'autocannon';
import postgres from 'postgres';
import { SETTLES_WITHIN_MS } from '../../src/server/idle-gc.ts';
import { startBuiltServer } from './serve.ts';

const VIEWS = Number(process.env.BENCH_VIEWS ?? 10_000);
const CONNECTIONS = 10;
const PATHS = ['/kr', '/kr/templateshop', '/kr/template/1', '/us', '/vn/templateshop', '/kr/terms'];
const TARGET_REST_MB = { pglite: 350, postgres: 180 } as const;
const TARGET_GROWTH_MB = 60;
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Resident set of a process in MB (VmRSS), or its highest so far (VmHWM), from the kernel's own account of it. */
function rssMb(pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(status)?.[1];
  if (!kb) throw new Error(`no ${field} for process ${pid}`);
  return Number(kb) / 1024;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * RSS of a process at rest behind a load balancer: nothing but a health check every 10 s. The
 * store gives memory back once it has been quiet for QUIET_MS (idle-gc.ts), noticed within
 * SETTLES_WITHIN_MS, so this waits 5 s longer than that, then reads the RSS every 500 ms for 3 s
 * and answers the median.
 */
async function settledRss(origin: string, pid: number): Promise<number> {
  const healthCheck = setInterval(() => void fetch(`${origin}/robots.txt`).then((response) => response.arrayBuffer()).catch(() => {}), 10_000);
  try {
    await sleep(SETTLES_WITHIN_MS + 5_000);
    const samples: number[] = [];
    for (let i = 0; i < 7; i++) {
      samples.push(rssMb(pid));
      await sleep(500);
    }
    return samples.sort((a, b) => a - b)[3]!;
  } finally {
    clearInterval(healthCheck);
  }
}

interface Row { database: 'pglite' | 'postgres'; rest: number; peak: number; after: number; rps: number; errors: number }

async function measure(database: Row['database'], port: number, extraEnv: Record<string, string>): Promise<Row> {
  const server = await startBuiltServer(port, extraEnv);
  try {
    const rest = await settledRss(server.origin, server.pid);
    // Each of the connections walks the pages in turn, so every page gets a sixth of the views.
    const result = await autocannon({
      url: server.origin,
      connections: CONNECTIONS,
      amount: VIEWS,
      headers: { 'accept-encoding': 'br' },
      requests: PATHS.map((path) => ({ method: 'GET' as const, path })),
    });
    // The most the process held at any moment, load included (no target: what a host must leave it).
    const peak = rssMb(server.pid, 'VmHWM');
    const after = await settledRss(server.origin, server.pid);
    return { database, rest, peak, after, rps: result.requests.average, errors: result.errors + result.non2xx + result.timeouts };
  } finally {
    await server.stop();
  }
}

const rows: Row[] = [];
rows.push(await measure('pglite', 3195, {}));

// One PostgreSQL database per run, dropped after.
const name = `store_bench_memory_${Date.now()}_${randomBytes(3).toString('hex')}`;
const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
try {
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  rows.push(await measure('postgres', 3196, { DATABASE_URL: url.toString() }));
} finally {
  await admin.unsafe(`drop database if exists "${name}" with (force)`);
  await admin.end();
}

console.log(`\nRSS of one store process, MB; ${VIEWS} anonymous page views at ${CONNECTIONS} connections, accept-encoding: br`);
console.log('database   at rest (target)   peak   after views   growth (target)   views/s   errors');
for (const row of rows) {
  const growth = row.after - row.rest;
  const restTarget = TARGET_REST_MB[row.database];
  const missed = row.rest > restTarget || growth > TARGET_GROWTH_MB || row.errors > 0;
  if (missed) process.exitCode = 1;
  console.log(
    `${row.database.padEnd(9)}  ${row.rest.toFixed(0).padStart(7)} (<= ${restTarget})  ${row.peak.toFixed(0).padStart(5)}  ${row.after.toFixed(0).padStart(11)}   ${`${growth >= 0 ? '+' : ''}${growth.toFixed(0)}`.padStart(6)} (<= +${TARGET_GROWTH_MB})  ${row.rps.toFixed(0).padStart(8)}   ${String(row.errors).padStart(6)}${missed ? '   MISSED' : ''}`,
  );
}
