/**
 * Deleting uploads nobody claimed (issue "Hardening, round three", item 4): a reference file that
 * no brief and no order took within a day was abandoned (a closed dialog, or a visitor filling the
 * storage), so its object, its preview and its row go. Batches are claimed with `for update skip
 * locked`, so several server processes purging at once each take other rows, and a brief attaching
 * a file at that very moment either waits for the purge (and finds it gone) or keeps it.
 */
import { inArray, sql } from 'drizzle-orm';
import { UNCLAIMED_UPLOAD_TTL_MS } from '../../../domain/uploads.ts';
import { rowsOf, type Database } from '../../db/client.ts';
import { uploadedFiles } from '../../db/schema.ts';
import type { FileStorage } from '../../storage/index.ts';
import { storageDeletionsPaused } from '../../storage/deletion-pause.ts';

const BATCH = 100;

export async function purgeUnclaimedUploads(db: Database, storage: FileStorage, options: { olderThanMs?: number; batchSize?: number } = {}): Promise<number> {
  const seconds = (options.olderThanMs ?? UNCLAIMED_UPLOAD_TTL_MS) / 1000;
  const batchSize = options.batchSize ?? BATCH;
  let purged = 0;
  for (;;) {
    const count = await db.transaction(async (tx) => {
      // A backup is copying files: the next pass purges these (storage/deletion-pause.ts).
      if (storageDeletionsPaused()) return 0;
      // The same condition as the partial index uploaded_files_unclaimed_idx, oldest first.
      const rows = rowsOf<{ id: string; stored_name: string; thumbnail_name: string | null }>(await tx.execute(sql`
        select id, stored_name, thumbnail_name from ${uploadedFiles}
        where brief_id is null and order_id is null and created_at < now() - make_interval(secs => ${seconds})
        order by created_at limit ${batchSize}
        for update skip locked`));
      if (rows.length === 0) return 0;
      // Objects first, rows last: if the process dies in between, the rows are still there and the
      // next pass deletes again (missing objects are fine); the other way round would leave
      // objects that no row names, for ever.
      await storage.delete(rows.flatMap((row) => (row.thumbnail_name ? [row.stored_name, row.thumbnail_name] : [row.stored_name])));
      await tx.delete(uploadedFiles).where(inArray(uploadedFiles.id, rows.map((row) => row.id)));
      return rows.length;
    });
    purged += count;
    if (count < batchSize) return purged;
  }
}
