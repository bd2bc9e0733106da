/**
 * A backup of a busy embedded store (issue 36, decision 0053): the database is seeded with 10,000
 * orders (lines, history, a brief on every fifth) and 200 files of 256 KB on disk, the built store
 * runs on it, and `npm run backup` is taken through its control socket while a client asks GET
 * /readyz (a database round trip) one request after another. Reports the command's time, the
 * archive's size, the longest answer during the backup (what a customer feels while the database is
 * copied) against the median before it, then restores the archive into an empty DATA_DIR and times
 * that too.
 * Usage: npm run bench:backup   (BENCH_ORDERS, BENCH_FILES to change the size)
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../src/server/db/client.ts';
import { seedOrdersSql } from './seed-orders.ts';
import { benchRoot, startBuiltServer } from './serve.ts';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 10_000);
const FILES = Number(process.env.BENCH_FILES ?? 200);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-backup-'));
const dataDir = path.join(work, 'data');
const command = path.join(benchRoot, 'src', 'server', 'operations', 'backup-command.ts');
const run = (verb: string, file: string, dir: string) => promisify(execFile)(process.execPath, [command, verb, file], { env: { ...process.env, DATA_DIR: dir, LOG_LEVEL: 'silent', DATABASE_URL: '' }, timeout: 600_000 });

try {
  const started = performance.now();
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
  await database.db.execute(sql.raw(seedOrdersSql(ORDERS)));
  await database.close();
  // Files as a shop's uploads look to a backup: already compressed (random bytes do not shrink either).
  fs.mkdirSync(path.join(dataDir, 'uploads'), { recursive: true });
  for (let i = 0; i < FILES; i++) fs.writeFileSync(path.join(dataDir, 'uploads', `bench-${i}.jpg`), randomBytes(256 * 1024));
  console.log(`seeded ${ORDERS} orders and ${FILES} files of 256 KB in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const server = await startBuiltServer(3197, { DATA_DIR: dataDir });
  try {
    const ask = async () => {
      const t0 = performance.now();
      const answer = await fetch(`${server.origin}/readyz`);
      await answer.arrayBuffer();
      if (!answer.ok) throw new Error(`/readyz answered ${answer.status}`);
      return performance.now() - t0;
    };
    const before: number[] = [];
    for (let i = 0; i < 200; i++) before.push(await ask());
    before.sort((a, b) => a - b);
    const during: number[] = [];
    let backingUp = true;
    const asking = (async () => { while (backingUp) during.push(await ask()); })();
    const archive = path.join(work, 'store.tar.gz');
    const t0 = performance.now();
    const { stdout } = await run('backup', archive, dataDir);
    const backupMs = performance.now() - t0;
    backingUp = false;
    await asking;
    const size = fs.statSync(archive).size;
    const dbBytes = Number(fs.readdirSync(path.join(dataDir, 'db'), { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).reduce((sum, e) => sum + fs.statSync(path.join(e.parentPath, e.name)).size, 0));
    console.log(stdout.trim());
    console.log(`backup through the control socket: ${(backupMs / 1000).toFixed(2)} s; archive ${(size / 1_048_576).toFixed(1)} MB (database folder ${(dbBytes / 1_048_576).toFixed(1)} MB, files ${(FILES * 0.25).toFixed(0)} MB)`);
    console.log(`GET /readyz before: p50 ${before[100]!.toFixed(1)} ms, max ${before.at(-1)!.toFixed(1)} ms; during the backup: ${during.length} answers, longest ${Math.max(...during).toFixed(0)} ms (the database's pause)`);

    const target = path.join(work, 'restored');
    const t1 = performance.now();
    await run('restore', archive, target);
    console.log(`restore into an empty DATA_DIR: ${((performance.now() - t1) / 1000).toFixed(2)} s`);
  } finally {
    await server.stop();
  }
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
