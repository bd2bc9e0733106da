/**
 * PostgreSQL advisory locks for work that must not run twice at once across server processes
 * on one database (the first administrator). Transaction-scoped: the lock ends
 * with the transaction, so a crashed process never leaves one behind. PGlite has them too.
 */
import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';

/** Runs `work` in a transaction that first waits for the lock named `name`. */
export async function withAdvisoryLock<T>(db: Database, name: string, work: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${name}))`);
    return work(tx as unknown as Database);
  });
}
