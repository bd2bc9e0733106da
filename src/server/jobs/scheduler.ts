/**
 * Work the server does on a clock (deleting unclaimed uploads, expiring unpaid orders). Each job
 * runs once when the server is ready and then every `intervalMs`; a pass still under way when the
 * next one is due is not doubled but skipped; a failing pass is logged and the next one tries
 * again. Several server processes run the same jobs: each job keeps itself safe with row locks
 * (`for update skip locked`), so the scheduler only keeps one process from tripping over itself.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';

export interface Job {
  name: string;
  intervalMs: number;
  /** One pass; resolves to how many things it changed. */
  run(db: Database): Promise<number>;
}

export interface Scheduler {
  /** Runs every job now, then on its interval. */
  start(): void;
  /** No more passes; resolves once the passes under way have finished (before the database closes). */
  stop(): Promise<void>;
  /** One pass of `name` now, after the one under way if any; resolves to its count, rejects with its error. */
  runOnce(name: string): Promise<number>;
  /** Resolves once no pass is under way. */
  drain(): Promise<void>;
}

interface JobState {
  job: Job;
  running: Promise<number> | null;
  timer: ReturnType<typeof setInterval> | null;
}

export function createScheduler(options: { db: Database; log: FastifyBaseLogger; jobs: readonly Job[]; observe?: ((job: string, outcome: 'done' | 'failed', intervalMs: number) => void) | undefined }): Scheduler {
  const { db, log } = options;
  const states = new Map(options.jobs.map((job) => [job.name, { job, running: null, timer: null } as JobState]));
  let stopped = false;

  /** Starts a pass; its failure is logged and passed on to whoever awaits it. */
  function pass(state: JobState): Promise<number> {
    const started = Date.now();
    const running = state.job.run(db)
      .then((count) => {
        if (count > 0) log.info({ job: state.job.name, count, ms: Date.now() - started }, 'job done');
        options.observe?.(state.job.name, 'done', state.job.intervalMs);
        return count;
      }, (error: unknown) => {
        log.error({ err: error, job: state.job.name }, 'job failed');
        options.observe?.(state.job.name, 'failed', state.job.intervalMs);
        throw error;
      })
      .finally(() => {
        state.running = null;
      });
    state.running = running;
    return running;
  }

  /** A pass on the clock: skipped while one is under way; errors stay in the log. */
  function tick(state: JobState): void {
    if (stopped || state.running) return;
    pass(state).catch(() => {});
  }

  async function drain(): Promise<void> {
    await Promise.all([...states.values()].map((state) => state.running?.catch(() => {})));
  }

  return {
    start() {
      if (stopped) return;
      for (const state of states.values()) {
        if (state.timer) continue;
        tick(state);
        state.timer = setInterval(() => tick(state), state.job.intervalMs);
        // The jobs never keep the process alive on their own.
        state.timer.unref();
      }
    },
    async stop() {
      stopped = true;
      for (const state of states.values()) {
        if (state.timer) clearInterval(state.timer);
        state.timer = null;
      }
      await drain();
    },
    async runOnce(name) {
      const state = states.get(name);
      if (!state) throw new Error(`no job named ${name}`);
      while (state.running) await state.running.catch(() => {});
      return pass(state);
    },
    drain,
  };
}
