/**
 * Loaded into a benchmarked server with `--import` (BENCH_HEAP_PROFILE=dir, scripts/bench/serve.ts):
 * samples every allocation the process makes, including what the young generation's collections
 * free at once, and writes a .heapprofile (Chrome's Memory panel reads it) when the process exits.
 * Node's own --heap-prof shows only what is still alive at exit: not what a request allocates.
 * BENCH_HEAP_PROMOTED=1 leaves out what the young generation's collections free, so the profile
 * shows what outlived them: what was promoted and left for a mark-compact, and what is alive.
 */
import fs from 'node:fs';
import { Session } from 'node:inspector';
import path from 'node:path';

const dir = process.env.BENCH_HEAP_PROFILE;
if (dir) {
  const session = new Session();
  session.connect();
  session.post('HeapProfiler.startSampling', { samplingInterval: 16_384, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: !process.env.BENCH_HEAP_PROMOTED });
  // An in-process inspector session answers synchronously, so the profile is written before exit.
  process.once('exit', () => {
    session.post('HeapProfiler.stopSampling', (error, result) => {
      if (error) return;
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, `server-${process.pid}.heapprofile`), JSON.stringify(result.profile));
    });
  });
}
