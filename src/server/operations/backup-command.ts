/**
 * `npm run backup -- FILE` and `npm run restore -- FILE` (issue 36, decision 0053), for the embedded
 * database in DATA_DIR (the same environment as the store).
 *
 * - backup: from the running store through its control socket, or, when no store runs, by opening
 *   the stopped store's folder itself (claiming it first, so no store starts meanwhile). Written to
 *   FILE.partial, checked against its own checksums, then renamed to FILE.
 * - restore: into a DATA_DIR with no database and no files, with no store running on it.
 * - With DATABASE_URL (PostgreSQL) both refuse with the way to do it there (exit 2).
 *
 * Exit codes: 0 done, 1 refused or failed (said why), 2 PostgreSQL.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { BackupRefused, verifyArchive } from './backup-archive.ts';
import { restoreBackup, writeBackup } from './backup.ts';
import { claimDataDir, controlSocketPath, DataDirInUse, socketAnswers } from './control-socket.ts';

const POSTGRES_ADVICE = `DATABASE_URL is set: the store's data is in PostgreSQL, which backs itself up.
  Back up:  pg_dump --format=custom --file=store.dump "$DATABASE_URL"
  Restore:  pg_restore --no-owner --dbname="$DATABASE_URL" store.dump   (into an empty database)
Files are in S3_BUCKET (keep its versioning or replication on), or copy DATA_DIR/uploads.
See docs/operations/backups.md.`;

const say = (line: string) => process.stdout.write(`${line}\n`);

/** Asks the running store for its backup; resolves false when no store answers on the socket. */
async function backupFromStore(socket: string, target: string): Promise<boolean> {
  if (!(await socketAnswers(socket))) return false;
  await new Promise<void>((resolve, reject) => {
    const request = http.request({ socketPath: socket, path: '/backup', method: 'POST' }, (response) => {
      if (response.statusCode !== 200) {
        let text = '';
        response.setEncoding('utf8').on('data', (chunk: string) => { text += chunk; }).on('end', () => reject(new BackupRefused(`the store refused: ${text.trim() || response.statusCode}`)));
        return;
      }
      // It holds every customer's data: readable by the operator alone.
      pipeline(response, fs.createWriteStream(target, { mode: 0o600 })).then(resolve, reject);
    });
    request.once('error', reject);
    request.end();
  });
  return true;
}

/** Backs up a stopped store: claims its DATA_DIR, opens the database as it is, copies it. */
async function backupStopped(dataDir: string, storage: 'local' | 's3', target: string) {
  const claim = await claimDataDir(dataDir, 'an offline backup');
  try {
    if (!fs.existsSync(path.join(dataDir, 'db', 'PG_VERSION'))) throw new BackupRefused(`${dataDir} holds no store (no db/ folder)`);
    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db'), skipMigrations: true });
    try {
      return await writeBackup(fs.createWriteStream(target, { mode: 0o600 }), { database, dataDir, storage });
    } finally {
      await database.close();
    }
  } finally {
    await claim?.close();
  }
}

async function main(command: string | undefined, file: string | undefined): Promise<number> {
  if ((command !== 'backup' && command !== 'restore') || !file) {
    say('usage: npm run backup -- FILE  |  npm run restore -- FILE');
    return 1;
  }
  const config = loadConfig(process.env);
  if (config.DATABASE_URL) {
    process.stderr.write(`${POSTGRES_ADVICE}\n`);
    return 2;
  }
  const dataDir = config.dataDir;
  const target = path.resolve(file);
  if (command === 'backup') {
    const partial = `${target}.partial`;
    const storage = config.S3_BUCKET ? 's3' as const : 'local' as const;
    const live = await backupFromStore(controlSocketPath(dataDir), partial);
    if (!live) await backupStopped(dataDir, storage, partial);
    const { manifest, members } = await verifyArchive(partial);
    fs.renameSync(partial, target);
    const size = fs.statSync(target).size;
    say(`backup written to ${target} (${(size / 1_048_576).toFixed(1)} MB, ${live ? 'from the running store' : 'from the stopped store'})`);
    say(`  ${Object.entries(manifest.counts).map(([table, n]) => `${table} ${n}`).join(', ')}; ${members.filter((m) => m.startsWith('uploads/')).length} files`);
    if (storage === 's3') say('  files are in S3_BUCKET, not in the backup: keep the bucket\'s versioning or replication on');
    return 0;
  }
  // A restore writes a folder no store may be using.
  const claim = await claimDataDir(dataDir, 'a restore');
  try {
    const { manifest, files } = await restoreBackup(target, dataDir);
    say(`restored ${target} into ${dataDir} (taken ${manifest.createdAt} by ${manifest.build.version}${manifest.build.commit ? ` ${manifest.build.commit}` : ''})`);
    say(`  ${Object.entries(manifest.counts).map(([table, n]) => `${table} ${n}`).join(', ')}; ${files} files`);
    say('  start the store on it: migrations newer than the backup are applied at start');
    return 0;
  } finally {
    await claim?.close();
  }
}

main(process.argv[2], process.argv[3]).then((code) => process.exit(code), (error: unknown) => {
  // Nothing half-written is left to be taken for a backup.
  if (process.argv[2] === 'backup' && process.argv[3]) fs.rmSync(`${path.resolve(process.argv[3])}.partial`, { force: true });
  if (error instanceof BackupRefused || error instanceof DataDirInUse) process.stderr.write(`${error.message}\n`);
  else console.error(error);
  process.exit(1);
});
