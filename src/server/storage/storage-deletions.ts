/**
 * Removing stored objects whose rows are gone (storage_deletions, written by an erasure in its
 * transaction): after that commit, and again by a job for whatever a crash left. Objects first,
 * queue rows last, so a pass that dies half way is repeated (a missing object is fine to delete
 * again); rows are claimed `for update skip locked`, so two processes never take the same ones.
 */
import { inArray, sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../db/client.ts';
import { storageDeletions } from '../db/schema.ts';
import type { FileStorage } from './file-storage.ts';
import { storageDeletionsPaused } from './deletion-pause.ts';

const BATCH = 200;

export async function deleteStoredObjects(db: Database, storage: FileStorage, options: { batchSize?: number } = {}): Promise<number> {
  const batchSize = options.batchSize ?? BATCH;
  let deleted = 0;
  for (;;) {
    const count = await db.transaction(async (tx) => {
      // A backup is copying files: the next pass deletes these (deletion-pause.ts).
      if (storageDeletionsPaused()) return 0;
      const keys = rowsOf<{ key: string }>(await tx.execute(sql`
        select key from ${storageDeletions} order by created_at limit ${batchSize} for update skip locked`)).map((row) => row.key);
      if (keys.length === 0) return 0;
      await storage.delete(keys);
      await tx.delete(storageDeletions).where(inArray(storageDeletions.key, keys));
      return keys.length;
    });
    deleted += count;
    if (count < batchSize) return deleted;
  }
}
