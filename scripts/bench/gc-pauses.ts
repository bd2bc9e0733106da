/**
 * Loaded into a benchmarked server with `--import` (BENCH_GC_LOG=dir, scripts/bench/serve.ts and
 * the orders bench's reference): writes each garbage-collection pause of the main thread as a line
 * `<start, µs on the monotonic clock> <pause, ms> <kind>` to dir/gc-<pid>.txt when the process
 * exits. The clock is the one of BENCH_TIMELINE's turns and of CPU profiles, so a slow order can
 * be laid beside the pauses around it (decision 0037). --trace-gc counts from the process's own
 * start instead, which no other record shares.
 */
import fs from 'node:fs';
import path from 'node:path';
import { constants, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';

const dir = process.env.BENCH_GC_LOG;
if (dir) {
  // performance.now() counts from timeOrigin on the monotonic clock; this turns it into µs on hrtime's.
  const originMicros = Number(process.hrtime.bigint() / 1000n) - performance.now() * 1000;
  const kinds: Record<number, string> = {
    [constants.NODE_PERFORMANCE_GC_MINOR]: 'scavenge',
    [constants.NODE_PERFORMANCE_GC_MAJOR]: 'mark-compact',
    [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental-marking',
    [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak-callbacks',
  };
  const lines: string[] = [];
  // Node puts the collection's kind in `detail`, which the DOM-shaped type does not declare.
  const kindOf = (entry: PerformanceEntry) => kinds[(entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind ?? -1] ?? 'other';
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) lines.push(`${Math.round(originMicros + entry.startTime * 1000)} ${entry.duration.toFixed(2)} ${kindOf(entry)}`);
  }).observe({ entryTypes: ['gc'] });
  process.once('exit', () => {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, `gc-${process.pid}.txt`), lines.length ? `${lines.join('\n')}\n` : '');
  });
}
