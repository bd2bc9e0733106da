/**
 * Opens the database: embedded PGlite in DATA_DIR by default, a PostgreSQL server when
 * DATABASE_URL is set (DESIGN "data"). Both speak the same dialect, so one schema and one set of
 * committed migrations serve both; migrations are applied on open.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** LISTEN/NOTIFY between the processes sharing a PostgreSQL database; none on PGlite (one process). */
  notifications?: DatabaseNotifications;
  /**
   * The embedded database on disk only: copies its data directory to `copyTo` at one point in time,
   * while it serves (backups), and answers `facts` read at that same point.
   */
  snapshot?: <T>(copyTo: string, facts: (query: (text: string) => Promise<Array<Record<string, unknown>>>) => Promise<T>) => Promise<T>;
}

export interface DatabaseNotifications {
  /** Tells every listener on `channel`, in every process (this one included). */
  notify(channel: string): Promise<void>;
  /**
   * Calls `onNotify` for each notification on `channel`, and `onListen` each time the listening
   * connection is (re)established: what was sent while it was down is lost, so catch up then.
   * Resolves to a function that stops listening.
   */
  listen(channel: string, onNotify: () => void, onListen?: () => void): Promise<() => Promise<void>>;
}

/** The handle's notifications, found from its `db`: the app is given only the `db`. */
const notificationsByDb = new WeakMap<object, DatabaseNotifications>();
export function notificationsOf(db: Database): DatabaseNotifications | undefined {
  return notificationsByDb.get(db);
}

/** postgres.js listens on a connection of its own, and listens again after it reconnects. */
function postgresNotifications(db: object, client: import('postgres').Sql): DatabaseNotifications {
  const notifications: DatabaseNotifications = {
    notify: async (channel) => {
      await client.notify(channel, '');
    },
    listen: async (channel, onNotify, onListen) => {
      const listening = await client.listen(channel, () => onNotify(), onListen);
      return () => listening.unlisten();
    },
  };
  notificationsByDb.set(db, notifications);
  return notifications;
}

/** Rows of a raw `db.execute(sql\`…\`)`: PGlite answers `{ rows }`, postgres.js an array of rows. */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../../drizzle', import.meta.url));

export interface OpenDatabaseOptions {
  databaseUrl?: string | undefined;
  /** Folder for the embedded database; `memory://` keeps it in memory (tests). */
  pgliteDir?: string;
  /** Called with every query Drizzle sends (tests count the queries a page view runs). */
  onQuery?: ((sql: string) => void) | undefined;
  /** Open as it is, without applying this build's migrations (an offline backup copies what is there). */
  skipMigrations?: boolean;
}

const loggerOf = (options: OpenDatabaseOptions) => (options.onQuery ? { logQuery: (sql: string) => options.onQuery!(sql) } : false);

/**
 * Drizzle sends its queries through postgres.js `unsafe`, which does not keep them as prepared
 * statements, so PostgreSQL parses and plans every order's statements anew. Keeping them (one
 * per query text and connection) made checkout half again faster (decision 0014).
 */
function preparedByDefault(client: import('postgres').Sql): void {
  const unsafe = client.unsafe.bind(client);
  client.unsafe = ((query: string, args?: never[], queryOptions?: object) => unsafe(query, args, { ...queryOptions, prepare: true })) as typeof client.unsafe;
}

/** The embedded database's page cache (see openDatabase). */
const PGLITE_SHARED_BUFFERS = '32MB';

/** Any fixed number: the key of the advisory lock every process takes around migrations. */
const MIGRATION_LOCK = 727_140_013;

/**
 * Applies the migrations on one connection that holds a session advisory lock, so processes
 * starting together on a fresh database migrate one after the other instead of racing on the
 * same CREATE statements (issue 13, item 8); the second finds nothing left to do.
 */
async function migrateUnderLock(url: string): Promise<void> {
  const { default: postgres } = await import('postgres');
  const { drizzle } = await import('drizzle-orm/postgres-js');
  const { migrate } = await import('drizzle-orm/postgres-js/migrator');
  const client = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await client`select pg_advisory_lock(${MIGRATION_LOCK})`;
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
    await client`select pg_advisory_unlock(${MIGRATION_LOCK})`;
  } finally {
    // Closing the connection also releases the lock if a migration failed.
    await client.end({ timeout: 5 });
  }
}

/**
 * On the first start on an empty folder, the embedded database is created by a short-lived process
 * of its own (pglite-init.ts) instead of in this one, which then opens it as on any later start:
 * what PGlite's initdb leaves behind (about 120 MB) goes away with that process (issue 17).
 */
async function createPgliteFolder(dir: string): Promise<void> {
  const exists = await fs.access(path.join(dir, 'PG_VERSION')).then(() => true, () => false);
  if (exists) return;
  await promisify(execFile)(process.execPath, [fileURLToPath(new URL('./pglite-init.ts', import.meta.url)), dir], { timeout: 120_000 });
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const { default: postgres } = await import('postgres');
    const { drizzle } = await import('drizzle-orm/postgres-js');
    await migrateUnderLock(options.databaseUrl);
    const client = postgres(options.databaseUrl, { max: 10, onnotice: () => {} });
    preparedByDefault(client);
    const db = drizzle(client, { schema, logger: loggerOf(options) });
    return { db: db as unknown as Database, kind: 'postgres', close: () => client.end({ timeout: 5 }), notifications: postgresNotifications(db, client) };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const dir = options.pgliteDir ?? 'memory://';
  if (!dir.startsWith('memory://')) {
    await fs.mkdir(path.dirname(path.resolve(dir)), { recursive: true });
    await createPgliteFolder(dir);
  }
  // pg_trgm backs the staff search's indexes (migration 0009), as it does in PostgreSQL.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  // PostgreSQL's default shared_buffers (128 MB) is memory PGlite writes at start, so all of it
  // stayed resident in the store process; a small store's data fits in 32 MB many times over,
  // and the operating system caches the files beneath it (issue 17: 150 MB less at rest).
  const client = await PGlite.create(dir, { extensions: { pg_trgm }, startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`] });
  const db = drizzle(client, { schema, logger: loggerOf(options) });
  if (!options.skipMigrations) await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  const handle: DatabaseHandle = { db: db as unknown as Database, kind: 'pglite', close: () => client.close() };
  if (!dir.startsWith('memory://')) handle.snapshot = (copyTo, facts) => pgliteSnapshot(client, dir, copyTo, facts);
  return handle;
}

/**
 * A copy of PGlite's data directory at one point in time (backups, decision 0053). PGlite runs one
 * transaction at a time (every statement outside one waits for it too), so inside a transaction of
 * our own nothing else changes: a checkpoint writes every change to the files, the facts the
 * backup's manifest states (counts, the last migration) are read, and the folder is copied as it is
 * then (a file copy on the same disk: about 0.6 s for 140 MB, where PGlite's own in-memory dump took
 * 1.4 s). Writers wait meanwhile; decision 0053 has the figures.
 */
async function pgliteSnapshot<T>(client: import('@electric-sql/pglite').PGlite, dir: string, copyTo: string, facts: (query: (text: string) => Promise<Array<Record<string, unknown>>>) => Promise<T>): Promise<T> {
  return client.transaction(async (tx) => {
    await tx.exec('CHECKPOINT');
    const read = await facts(async (text) => (await tx.query<Record<string, unknown>>(text)).rows);
    // The running process's pid file means nothing to a restored copy.
    await fs.cp(dir, copyTo, { recursive: true, filter: (source) => path.basename(source) !== 'postmaster.pid' });
    return read;
  });
}
