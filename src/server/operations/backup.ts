/**
 * Backing up and restoring the embedded store (issue 36, decision 0053): the database as one
 * consistent snapshot, then the uploads on disk, in one archive (backup-archive.ts). Taken inside the
 * running store (through its control socket) or from a stopped one (the command opens the folder
 * itself); restored only into an empty DATA_DIR, after the whole archive checked out.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Writable } from 'node:stream';
import packageJson from '../../../package.json' with { type: 'json' };
import { buildInfo } from '../build-info.ts';
import { MIGRATIONS_DIR, type DatabaseHandle } from '../db/client.ts';
import { pauseStorageDeletions } from '../storage/deletion-pause.ts';
import { BACKUP_FORMAT, BACKUP_VERSION, BackupRefused, placeOf, readArchive, verifyArchive, writeArchive, type BackupManifest } from './backup-archive.ts';

/** What the manifest counts: enough to see at a glance that a restore brought everything back. */
const COUNTED = ['users', 'orders', 'papers', 'uploaded_files', 'audit_events'] as const;

export interface BackupSource {
  database: DatabaseHandle;
  dataDir: string;
  /** Files live in DATA_DIR/uploads (copied) or in an S3 bucket (the operator's to keep). */
  storage: 'local' | 's3';
}

export interface BackupTaken {
  manifest: BackupManifest;
  files: number;
  /** How long writers waited while the database was copied. */
  pauseMs: number;
}

/** Writes a backup of the store to `out`: the database at one point, then the files it names. */
export async function writeBackup(out: Writable, source: BackupSource): Promise<BackupTaken> {
  if (!source.database.snapshot) throw new BackupRefused('only the embedded database is backed up by the store; on PostgreSQL use pg_dump (docs/operations/backups.md)');
  let release: (() => void) | undefined;
  const started = performance.now();
  // A copy of the database folder beside it (same disk: a fast copy), removed once archived.
  const copy = path.join(source.dataDir, `backup-${process.pid}-${Date.now()}`);
  try {
    const facts = await source.database.snapshot(copy, async (query) => {
      // Inside the database's lock: no deletion of a stored object can start before the files are copied.
      release = pauseStorageDeletions();
      const counts: Record<string, number> = {};
      for (const table of COUNTED) counts[table] = Number((await query(`select count(*) as n from ${table}`))[0]!.n);
      const [last] = await query('select max(created_at) as at, count(*) as n from drizzle.__drizzle_migrations');
      return { counts, lastMigration: { createdAt: Number(last!.at ?? 0), count: Number(last!.n) } };
    });
    const pauseMs = Math.round(performance.now() - started);
    const build = buildInfo(path.resolve(import.meta.dirname, '..', '..', '..'), packageJson.version);
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT, version: BACKUP_VERSION, createdAt: new Date().toISOString(),
      build: { version: build.version, commit: build.commit }, database: 'pglite',
      lastMigration: facts.lastMigration, counts: facts.counts, storage: source.storage,
    };
    const { files } = await writeArchive(out, { manifest, databaseDir: copy, uploadsDir: source.storage === 'local' ? path.join(source.dataDir, 'uploads') : null });
    return { manifest, files, pauseMs };
  } finally {
    release?.();
    await fs.promises.rm(copy, { recursive: true, force: true });
  }
}

/** The newest migration this build knows (drizzle's journal), to refuse a backup from a newer one. */
function newestKnownMigration(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: Array<{ when: number }> };
  return Math.max(...journal.entries.map((e) => e.when));
}

async function isEmptyFolder(dir: string): Promise<boolean> {
  const entries = await fs.promises.readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  return entries.length === 0;
}

export interface Restored {
  manifest: BackupManifest;
  files: number;
}

/**
 * Restores a backup into `dataDir`, which must hold no database and no files: the archive is checked
 * whole first (every checksum), then a backup from a newer build (a migration this one does not know)
 * is refused; an older one is fine (the next start applies the rest).
 */
export async function restoreBackup(file: string, dataDir: string): Promise<Restored> {
  const dbDir = path.join(dataDir, 'db');
  const uploadsDir = path.join(dataDir, 'uploads');
  if (!(await isEmptyFolder(dbDir)) || !(await isEmptyFolder(uploadsDir))) {
    throw new BackupRefused(`${dataDir} already holds a store (db/ or uploads/ is not empty): restore into an empty DATA_DIR`);
  }
  const { manifest } = await verifyArchive(file);
  if (manifest.lastMigration.createdAt > newestKnownMigration()) {
    throw new BackupRefused('this backup was taken by a newer build (its database has migrations this build does not know): restore it with that build or a later one');
  }
  let files = 0;
  await readArchive(file, async (name, body, folder) => {
    const place = placeOf(name);
    if (folder && place !== null) {
      for await (const _chunk of body) { /* a folder has no content */ }
      await fs.promises.mkdir(path.join(dataDir, ...place.split('/').filter(Boolean)), { recursive: true });
      return;
    }
    if (place === null || folder) {
      for await (const _chunk of body) { /* manifest and checksums: read by verifyArchive already */ }
      return;
    }
    const target = path.join(dataDir, ...place.split('/'));
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    await pipeline(body, fs.createWriteStream(target, { flags: 'wx' }));
    if (place.startsWith('uploads/')) files += 1;
  });
  return { manifest, files };
}
