/**
 * The backup archive (issue 36, decision 0053): one gzip-compressed tar, written as a stream.
 *
 *   manifest.json     what it is: format, version, when, which build, the last migration, counts
 *   db/<path>         every file of the embedded database's data directory, copied at one point
 *   uploads/<key>     every stored file, by its key in storage
 *   checksums.json    last: the sha256 of every member before it
 *
 * A reader checks the checksums before it trusts anything (`verifyArchive`), then reads the members
 * again to restore them (`readArchive`). tar-stream is loaded when a backup is taken or read, never
 * at the store's start.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';

export const BACKUP_FORMAT = 'studio-lumi-backup';
export const BACKUP_VERSION = 1;
export const MANIFEST = 'manifest.json';
export const CHECKSUMS = 'checksums.json';
const DATABASE = 'db/';
const UPLOADS = 'uploads/';

/** What a backup says of itself. */
export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  build: { version: string; commit: string | null };
  database: 'pglite';
  /** The newest migration applied when it was taken (drizzle's journal `when`, and how many). */
  lastMigration: { createdAt: number; count: number };
  counts: Record<string, number>;
  /** Where files were: `local` (in the archive) or `s3` (the bucket is the operator's to keep). */
  storage: 'local' | 's3';
}

/** A stored file's key as storage writes them: never a path out of the uploads folder. */
const SAFE_KEY = /^[a-z0-9][a-z0-9/._-]*$/i;
export function isSafeKey(key: string): boolean {
  return SAFE_KEY.test(key) && !key.split('/').some((part) => part === '..' || part === '.' || part === '') && !key.endsWith('.part');
}

/** A path inside the database folder: relative, forward slashes, never out of it. */
function isSafeDatabasePath(relative: string): boolean {
  return relative.length > 0 && !relative.startsWith('/') && !relative.split('/').some((part) => part === '..' || part === '.' || part === '');
}

/** Every file (or folder) under `dir`, relative with forward slashes, sorted. */
async function pathsUnder(dir: string, kind: 'file' | 'directory' = 'file'): Promise<string[]> {
  const entries = await fs.promises.readdir(dir, { recursive: true, withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  return entries.filter((e) => (kind === 'file' ? e.isFile() : e.isDirectory()))
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/')).sort();
}
const filesUnder = (dir: string) => pathsUnder(dir);

/** What the checksums list for a folder: it has no content, but it must be there (PostgreSQL needs its empty ones). */
export const FOLDER = 'folder';

/** Every file under the uploads folder (keys with their subfolders), but half-written `.part` files. */
export async function uploadKeys(dir: string): Promise<string[]> {
  return (await filesUnder(dir)).filter(isSafeKey);
}

/** Writes the archive to `out`, members in the order above; resolves with how many files it holds. */
export async function writeArchive(out: Writable, parts: { manifest: BackupManifest; databaseDir: string; uploadsDir: string | null }): Promise<{ files: number }> {
  const tar = await import('tar-stream');
  const pack = tar.pack();
  const sums: Record<string, string> = {};
  const done = pipeline(pack as unknown as Readable, zlib.createGzip({ level: 6 }), out);
  const add = (name: string, body: Buffer) => new Promise<void>((resolve, reject) => {
    sums[name] = createHash('sha256').update(body).digest('hex');
    pack.entry({ name, size: body.length, mtime: new Date() }, body, (error) => (error ? reject(error) : resolve()));
  });
  const addStream = (name: string, size: number, source: Readable) => new Promise<void>((resolve, reject) => {
    const hash = createHash('sha256');
    const entry = pack.entry({ name, size, mtime: new Date() }, (error) => {
      if (error) return reject(error);
      sums[name] = hash.digest('hex');
      resolve();
    });
    source.on('data', (chunk: Buffer) => hash.update(chunk));
    source.once('error', reject);
    source.pipe(entry as unknown as Writable);
  });

  await add(MANIFEST, Buffer.from(JSON.stringify(parts.manifest, null, 2)));
  // PostgreSQL's empty folders (pg_tblspc, pg_twophase, …) are part of a data directory too.
  for (const relative of await pathsUnder(parts.databaseDir, 'directory')) {
    const name = `${DATABASE}${relative}/`;
    sums[name] = FOLDER;
    await new Promise<void>((resolve, reject) => pack.entry({ name, type: 'directory', mtime: new Date() }, (error) => (error ? reject(error) : resolve())));
  }
  for (const relative of await filesUnder(parts.databaseDir)) {
    const file = path.join(parts.databaseDir, ...relative.split('/'));
    await addStream(`${DATABASE}${relative}`, (await fs.promises.stat(file)).size, fs.createReadStream(file));
  }
  let files = 0;
  if (parts.uploadsDir) {
    for (const key of await uploadKeys(parts.uploadsDir)) {
      const file = path.join(parts.uploadsDir, ...key.split('/'));
      // A file deleted since the listing (an upload given up) is simply not in the backup.
      const stat = await fs.promises.stat(file).catch(() => null);
      if (!stat) continue;
      await addStream(`${UPLOADS}${key}`, stat.size, fs.createReadStream(file));
      files += 1;
    }
  }
  await add(CHECKSUMS, Buffer.from(JSON.stringify(sums, null, 2)));
  pack.finalize();
  await done;
  return { files };
}

export class BackupRefused extends Error {
  override name = 'BackupRefused';
}

/**
 * Reads every member of the archive in order, handing each to `onMember` with its body as a stream
 * (which it must consume or drain).
 */
export async function readArchive(file: string, onMember: (name: string, body: Readable, folder: boolean) => Promise<void>): Promise<void> {
  const tar = await import('tar-stream');
  const extract = tar.extract();
  const reading = pipeline(fs.createReadStream(file), zlib.createGunzip(), extract as unknown as Writable);
  const walking = (async () => {
    for await (const entry of extract as unknown as AsyncIterable<Readable & { header: { name: string; type: string } }>) {
      const folder = entry.header.type === 'directory';
      if (entry.header.type !== 'file' && !folder) throw new BackupRefused(`unexpected ${entry.header.type} ${entry.header.name} in the archive`);
      await onMember(entry.header.name, entry, folder);
    }
  })();
  await Promise.all([reading, walking]);
}

/** Checks the whole archive against its checksums (every member listed, none missing, none changed) and answers its manifest. */
export async function verifyArchive(file: string): Promise<{ manifest: BackupManifest; members: string[] }> {
  const seen = new Map<string, string>();
  let manifest: BackupManifest | null = null;
  let sums: Record<string, string> | null = null;
  await readArchive(file, async (name, body, folder) => {
    if (folder) {
      for await (const _chunk of body) { /* a folder has no content */ }
      seen.set(name, FOLDER);
      return;
    }
    const hash = createHash('sha256');
    const chunks: Buffer[] = [];
    const keep = name === MANIFEST || name === CHECKSUMS;
    for await (const chunk of body) {
      hash.update(chunk as Buffer);
      if (keep) chunks.push(chunk as Buffer);
    }
    if (name === MANIFEST) manifest = JSON.parse(Buffer.concat(chunks).toString('utf8')) as BackupManifest;
    else if (name === CHECKSUMS) sums = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, string>;
    if (name !== CHECKSUMS) seen.set(name, hash.digest('hex'));
  }).catch((error: unknown) => {
    if (error instanceof BackupRefused) throw error;
    throw new BackupRefused(`the archive cannot be read: ${(error as Error).message}`);
  });
  const found = manifest as BackupManifest | null;
  const listed = sums as Record<string, string> | null;
  if (!found || found.format !== BACKUP_FORMAT) throw new BackupRefused('this is not a Studio Lumi backup (no manifest)');
  if (found.version !== BACKUP_VERSION) throw new BackupRefused(`backup format version ${found.version} is not one this build reads (${BACKUP_VERSION})`);
  if (!listed) throw new BackupRefused('the archive has no checksums: it was cut short');
  for (const [name, sum] of Object.entries(listed)) {
    if (!seen.has(name)) throw new BackupRefused(`${name} is missing from the archive`);
    if (seen.get(name) !== sum) throw new BackupRefused(`${name} does not match its checksum: the archive was changed or damaged`);
  }
  for (const name of seen.keys()) if (!(name in listed)) throw new BackupRefused(`${name} is not in the archive's checksums`);
  if (!seen.has(`${DATABASE}PG_VERSION`)) throw new BackupRefused('the archive holds no database');
  for (const name of seen.keys()) {
    const known = name === MANIFEST
      || (name.startsWith(UPLOADS) && isSafeKey(name.slice(UPLOADS.length)))
      || (name.startsWith(DATABASE) && isSafeDatabasePath(name.slice(DATABASE.length).replace(/\/$/, '')));
    if (!known) throw new BackupRefused(`${name} is not a member a backup holds`);
  }
  return { manifest: found, members: [...seen.keys()] };
}

/** Where a member goes under DATA_DIR (`db/…`, `uploads/…`), or null for the manifest and the checksums. */
export function placeOf(member: string): string | null {
  if (member.startsWith(UPLOADS) && isSafeKey(member.slice(UPLOADS.length))) return member;
  if (member.startsWith(DATABASE) && isSafeDatabasePath(member.slice(DATABASE.length).replace(/\/$/, ''))) return member;
  return null;
}
