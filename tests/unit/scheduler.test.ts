/** The job scheduler (src/server/jobs): on a clock, never doubled, errors logged, stopped cleanly. */
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../src/server/db/client.ts';
import { createScheduler, type Job } from '../../src/server/jobs/scheduler.ts';

const db = {} as Database;

function logger() {
  const lines: Array<{ level: string; object: Record<string, unknown>; message: string }> = [];
  const at = (level: string) => (object: Record<string, unknown>, message: string) => void lines.push({ level, object, message });
  return { log: { info: at('info'), error: at('error'), warn: at('warn') } as unknown as FastifyBaseLogger, lines };
}

/** A job whose passes end when the test says so. */
function controlledJob(name: string, intervalMs: number) {
  const finishers: Array<(count: number) => void> = [];
  let calls = 0;
  const job: Job = {
    name,
    intervalMs,
    run: () => {
      calls++;
      return new Promise<number>((resolve) => finishers.push(resolve));
    },
  };
  return { job, get calls() { return calls; }, finish: (count = 1) => finishers.shift()!(count) };
}

describe('scheduler', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs each job at start and then on its interval, never while its last pass is still running', async () => {
    const { log } = logger();
    const slow = controlledJob('slow', 1000);
    const scheduler = createScheduler({ db, log, jobs: [slow.job] });
    scheduler.start();
    expect(slow.calls).toBe(1);
    // Three intervals pass while the first pass is still under way: none starts beside it.
    await vi.advanceTimersByTimeAsync(3500);
    expect(slow.calls).toBe(1);
    slow.finish();
    await vi.advanceTimersByTimeAsync(500);
    expect(slow.calls).toBe(2);
    slow.finish();
    await scheduler.stop();
  });

  it('logs a failing pass instead of throwing, and tries again on the next interval', async () => {
    const { log, lines } = logger();
    let calls = 0;
    const failing: Job = {
      name: 'failing',
      intervalMs: 1000,
      run: async () => {
        calls++;
        if (calls === 1) throw new Error('database away');
        return 3;
      },
    };
    const scheduler = createScheduler({ db, log, jobs: [failing] });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(lines).toEqual([expect.objectContaining({ level: 'error', message: 'job failed', object: expect.objectContaining({ job: 'failing' }) })]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toBe(2);
    expect(lines.at(-1)).toMatchObject({ level: 'info', message: 'job done', object: { job: 'failing', count: 3 } });
    await scheduler.stop();
  });

  it('stops: waits for the pass under way and starts no other', async () => {
    const { log } = logger();
    const job = controlledJob('job', 1000);
    const scheduler = createScheduler({ db, log, jobs: [job.job] });
    scheduler.start();
    let stopped = false;
    const stopping = scheduler.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(5000);
    expect(stopped).toBe(false);
    job.finish();
    await stopping;
    expect(stopped).toBe(true);
    await vi.advanceTimersByTimeAsync(5000);
    expect(job.calls).toBe(1);
  });

  it('runs one job on demand after the pass under way, with its count, and passes its error on', async () => {
    const { log } = logger();
    const job = controlledJob('job', 60_000);
    const scheduler = createScheduler({ db, log, jobs: [job.job] });
    scheduler.start();
    const once = scheduler.runOnce('job');
    await vi.advanceTimersByTimeAsync(0);
    expect(job.calls).toBe(1);
    job.finish(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(job.calls).toBe(2);
    job.finish(7);
    await expect(once).resolves.toBe(7);
    await scheduler.drain();

    const broken = createScheduler({ db, log, jobs: [{ name: 'broken', intervalMs: 1000, run: async () => { throw new Error('no'); } }] });
    await expect(broken.runOnce('broken')).rejects.toThrow('no');
    await expect(broken.runOnce('missing')).rejects.toThrow('no job named missing');
    await scheduler.stop();
  });
});
