/**
 * Stored objects are not deleted while a backup copies them (decision 0053). A backup dumps the
 * embedded database, then copies the uploads folder; a file the dump still names must be there when
 * its turn comes. Objects leave storage only through the purge of unclaimed uploads and the queue
 * of erased files, and both check this inside their transaction: the backup turns it on while it
 * holds PGlite's transaction lock, so a pass either finished before the dump or sees it and waits
 * for its next run. One process owns an embedded database, so a flag in the process is the whole truth.
 */
let backups = 0;

export function storageDeletionsPaused(): boolean {
  return backups > 0;
}

/** Pauses deletions from now until `release` is called (once). */
export function pauseStorageDeletions(): () => void {
  backups += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    backups -= 1;
  };
}
