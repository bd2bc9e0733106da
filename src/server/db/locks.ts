/**
 * PostgreSQL advisory locks for work that must not run twice at once across server processes
 * on one database (the first administrator, scheduled jobs). Transaction-scoped: the lock ends
 * with the transaction, so a crashed process never leaves one behind. PGlite has them too.
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from './client.ts';

/** Runs `work` in a transaction that first waits for the lock named `name`. */
export async function withAdvisoryLock<T>(db: Database, name: string, work: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${name}))`);
    return work(tx as unknown as Database);
  });
}

/** Runs `work` in a transaction holding the lock named `name`, or skips it (null) when another holds it. */
export async function tryAdvisoryLock<T>(db: Database, name: string, work: (tx: Database) => Promise<T>): Promise<T | null> {
  return db.transaction(async (tx) => {
    const [row] = rowsOf<{ locked: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext(${name})) as locked`));
    if (!row?.locked) return null;
    return work(tx as unknown as Database);
  });
}
