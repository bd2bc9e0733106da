import { fastify } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { collectWhenIdle, type IdleCollection } from '../../src/server/idle-gc.ts';

describe('collectWhenIdle', () => {
  const original = (globalThis as { gc?: unknown }).gc;
  afterEach(() => {
    (globalThis as { gc?: unknown }).gc = original;
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  /** A server on fake timers with V8's gc() and the trim replaced by spies; quiet windows of 1 s. */
  async function watched(options: IdleCollection) {
    vi.useFakeTimers();
    const gc = vi.fn();
    (globalThis as { gc?: unknown }).gc = gc;
    const trim = vi.fn(async () => true);
    const app = fastify();
    app.get('/', async () => 'ok');
    collectWhenIdle(app, { quietMs: 1_000, trim, ...options });
    await app.ready();
    return { gc, trim, app };
  }

  it('collects once after starting and once after the answers stop, and not while they go on or when there were none', async () => {
    // Quiet here means no answer at all for 1 s, watched in slices of 200 ms.
    const { gc, trim, app } = await watched({ quietAnswers: 0, growthBytes: 0 });

    // Starting was work too: its first quiet moment collects, with no request asked.
    await vi.advanceTimersByTimeAsync(999);
    expect(gc).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(gc).toHaveBeenCalledTimes(1);
    expect(gc).toHaveBeenCalledWith({ type: 'major', execution: 'sync', flavor: 'last-resort' });
    // The C heap is trimmed after the collection, so what the collection freed goes back too.
    expect(trim).toHaveBeenCalledTimes(1);
    expect(trim.mock.invocationCallOrder[0]).toBeGreaterThan(gc.mock.invocationCallOrder[0]!);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(gc).toHaveBeenCalledTimes(1);

    // Answers every 600 ms (at 6.0 to 8.4 s): never a quiet second among them.
    for (let i = 0; i < 5; i++) {
      await app.inject('/');
      await vi.advanceTimersByTimeAsync(600);
    }
    expect(gc).toHaveBeenCalledTimes(1);
    // The last answer's slice ended at 8.6 s: quiet for a whole second at 9.6 s.
    await vi.advanceTimersByTimeAsync(599);
    expect(gc).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(gc).toHaveBeenCalledTimes(2);
    expect(trim).toHaveBeenCalledTimes(2);

    await vi.advanceTimersByTimeAsync(10_000);
    expect(gc).toHaveBeenCalledTimes(2);
    await app.inject('/');
    await vi.advanceTimersByTimeAsync(1_200);
    expect(gc).toHaveBeenCalledTimes(3);
    await app.close();
  });

  it('leaves a heap alone that has not grown enough since the last collection (a health check now and then)', async () => {
    const { gc, trim, app } = await watched({ growthBytes: 1024 ** 4 });
    for (let i = 0; i < 3; i++) {
      await app.inject('/');
      await vi.advanceTimersByTimeAsync(2_000);
    }
    expect(gc).not.toHaveBeenCalled();
    expect(trim).not.toHaveBeenCalled();
    await app.close();
  });

  it('settles while a health check or a crawler asks now and then, but not while requests keep coming', async () => {
    const { gc, app } = await watched({ quietAnswers: 3, growthBytes: 0 });
    // A load balancer's check every 400 ms: two or three answers a period is quiet, so the
    // process settles (with growthBytes 0, in every period).
    for (let i = 0; i < 10; i++) {
      await app.inject('/');
      await vi.advanceTimersByTimeAsync(400);
    }
    expect(gc).toHaveBeenCalledTimes(4);
    // Traffic: ten answers a period is not quiet, whichever way they fall.
    gc.mockClear();
    for (let i = 0; i < 50; i++) {
      await app.inject('/');
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(gc).not.toHaveBeenCalled();
    await app.close();
  });

  it('trims without collecting when the process grew but V8\'s heap did not (buffers of compression live outside it)', async () => {
    let rss = 100 * 1024 ** 2;
    vi.spyOn(process.memoryUsage, 'rss').mockImplementation(() => rss);
    // V8's heap cannot grow by a terabyte here; the process's size is what the test moves.
    const { gc, trim, app } = await watched({ growthBytes: 1024 ** 4 });
    rss = 1024 ** 4 + 1;
    await app.inject('/');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(trim).toHaveBeenCalledTimes(1);
    expect(gc).not.toHaveBeenCalled();

    // Measured again after the trim: a process that stays that size is not trimmed again and again.
    await app.inject('/');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(trim).toHaveBeenCalledTimes(1);
    await app.close();
  });
});
