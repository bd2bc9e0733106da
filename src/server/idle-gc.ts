/**
 * A full garbage collection once the store has been quiet for half a minute, when its heap has
 * grown since the last one.
 *
 * Under load, page renders promote short-lived objects into V8's old generation faster than its
 * collector reclaims them, and V8 keeps the pages it grew: after 10,000 page views a process held
 * 150-230 MB of heap of which 45-55 MB was alive, and kept it at rest (docs/decisions/0023, issue
 * 17). One collection when the traffic stops hands that memory back; it takes tens of
 * milliseconds, at a moment when nobody is waiting, and a process under steady load never runs
 * it. V8's own memory reducer, which did this after a few seconds of low allocation and shrank
 * the young generation the next burst then paid for, is off in `npm run serve`
 * (docs/decisions/0031): this is the one policy.
 *
 * Quiet is not silence: a load balancer's health check or a crawler now and then answered does not
 * keep the process from settling, or it never would behind a load balancer.
 */
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { FastifyInstance } from 'fastify';
import { trimNativeHeap } from './native-heap.ts';

type Gc = (options?: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

/** V8's own `gc()`, exposed at run time so every way of starting the store gets it (not only `npm run serve`). */
function exposeGc(): Gc {
  const existing = (globalThis as { gc?: Gc }).gc;
  if (existing) return existing;
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as Gc;
}

export interface IdleCollection {
  /** How long the answers must stay few for the process to count as quiet. */
  quietMs?: number;
  /** At most this many answers within `quietMs` still count as quiet (health checks, a crawler). */
  quietAnswers?: number;
  /** How much V8's heap, or the process, must have grown since the last quiet moment for it to be worth settling again. */
  growthBytes?: number;
  /** Gives the C heap's free pages back (glibc's `malloc_trim`); tests pass their own. */
  trim?: () => Promise<unknown>;
}

/**
 * How long the store must be quiet. Not a few seconds: the collection shrinks V8's young
 * generation, and the traffic that comes back soon after pays for growing it again (more
 * scavenges, more objects promoted). Measured with bench:orders, whose servers wait 6-7 s between
 * their turns: with 5 s the store's p99 on the schedule was 1.4-3.1x the reference's; with no
 * collection between turns 0.8-2.1x, and its p90 10-13 ms instead of 54 (decision 0030).
 */
export const QUIET_MS = 30_000;
/** One answer every five seconds on average: a load balancer's health check is quiet, a visitor's page with its requests is not. */
export const QUIET_ANSWERS = 6;
/** The quiet window is watched in this many slices, so it ends at most a slice late. */
const SLICES = 5;
/** The longest a process takes to settle after its traffic stops: the quiet window and one slice. */
export const SETTLES_WITHIN_MS = QUIET_MS + QUIET_MS / SLICES;

export function collectWhenIdle(app: FastifyInstance, { quietMs = QUIET_MS, quietAnswers = QUIET_ANSWERS, growthBytes = 32 * 1024 * 1024, trim = trimNativeHeap }: IdleCollection = {}): void {
  const gc = exposeGc();
  // Answers per slice of the quiet window, the current slice last.
  const slices = new Array<number>(SLICES).fill(0);
  // Starting counts as work: a process that is never asked anything (no traffic yet, no health
  // check) still gives back what starting left behind (about 200 MB on the embedded database).
  let worked = true;
  // Slices watched since start or since the last settling: a whole quiet window must pass between two.
  let watched = 0;
  // Zero: the first quiet moment after start collects what starting left behind (migrations, the first renders).
  let heapAfterLast = 0;
  let rssAfterLast = 0;
  const settle = async () => {
    worked = false;
    watched = 0;
    const heapGrew = getHeapStatistics().total_heap_size - heapAfterLast >= growthBytes;
    // The C heap can grow while V8's does not (compression and stream buffers live there).
    const rssGrew = process.memoryUsage.rss() - rssAfterLast >= growthBytes;
    if (!heapGrew && !rssGrew) return;
    if (heapGrew) {
      // 'last-resort' is V8's collection of all available garbage: it also compacts the heap and
      // gives the emptied pages back to the system, which a plain major collection does not.
      gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
      heapAfterLast = getHeapStatistics().total_heap_size;
    }
    // After the collection, so the buffers it freed are among the pages given back.
    await trim();
    rssAfterLast = process.memoryUsage.rss();
  };
  const tick = () => {
    const answers = slices.reduce((sum, count) => sum + count, 0);
    if (slices.at(-1)! > 0) worked = true;
    slices.shift();
    slices.push(0);
    watched++;
    if (watched < SLICES || answers > quietAnswers || !worked) return;
    // A failed trim costs only the memory it would have given back; it must not end the process.
    void settle().catch(() => {});
  };
  const timer = setInterval(tick, quietMs / SLICES).unref();
  app.addHook('onResponse', (_request, _reply, done) => {
    slices[SLICES - 1]!++;
    done();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
