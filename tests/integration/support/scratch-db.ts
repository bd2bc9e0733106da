/**
 * A throwaway database for tests that run parts of the server without the whole app: embedded
 * PGlite in memory, or a fresh PostgreSQL database (created here, dropped by `drop`). Migrated.
 */
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { openDatabase, type DatabaseHandle } from '../../../src/server/db/client.ts';

export interface ScratchDatabase {
  /** The PostgreSQL URL, to open more handles on the same database; undefined on PGlite. */
  url: string | undefined;
  handle: DatabaseHandle;
  drop(): Promise<void>;
}

export async function createScratchDatabase(backend: 'pglite' | 'postgres', adminUrl = process.env.TEST_DATABASE_URL): Promise<ScratchDatabase> {
  if (backend === 'pglite') {
    const handle = await openDatabase({ pgliteDir: 'memory://' });
    return { url: undefined, handle, drop: () => handle.close() };
  }
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `store_test_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  return {
    url: url.toString(),
    handle,
    drop: async () => {
      await handle.close();
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}
