import { fastify } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { collectWhenIdle } from '../../src/server/idle-gc.ts';

describe('collectWhenIdle', () => {
  const original = (globalThis as { gc?: unknown }).gc;
  afterEach(() => {
    (globalThis as { gc?: unknown }).gc = original;
    vi.useRealTimers();
  });

  it('collects once after starting and once after the answers stop, and not while they go on or when there were none', async () => {
    vi.useFakeTimers();
    const gc = vi.fn();
    (globalThis as { gc?: unknown }).gc = gc;
    const app = fastify();
    app.get('/', async () => 'ok');
    const trim = vi.fn(async () => true);
    collectWhenIdle(app, { quietMs: 1_000, growthBytes: 0, trim });
    await app.ready();

    // Starting was work too: its first quiet moment collects, with no request asked.
    await vi.advanceTimersByTimeAsync(1_000);
    expect(gc).toHaveBeenCalledTimes(1);
    expect(gc).toHaveBeenCalledWith({ type: 'major', execution: 'sync', flavor: 'last-resort' });
    // The C heap is trimmed after the collection, so what the collection freed goes back too.
    expect(trim).toHaveBeenCalledTimes(1);
    expect(trim.mock.invocationCallOrder[0]).toBeGreaterThan(gc.mock.invocationCallOrder[0]!);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(gc).toHaveBeenCalledTimes(1);

    for (let i = 0; i < 5; i++) {
      await app.inject('/');
      await vi.advanceTimersByTimeAsync(600);
    }
    expect(gc).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(500);
    expect(gc).toHaveBeenCalledTimes(2);
    expect(trim).toHaveBeenCalledTimes(2);

    await vi.advanceTimersByTimeAsync(10_000);
    expect(gc).toHaveBeenCalledTimes(2);
    await app.inject('/');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(gc).toHaveBeenCalledTimes(3);
    await app.close();
  });

  it('leaves a heap alone that has not grown enough since the last collection (a health check now and then)', async () => {
    vi.useFakeTimers();
    const gc = vi.fn();
    (globalThis as { gc?: unknown }).gc = gc;
    const app = fastify();
    app.get('/', async () => 'ok');
    const trim = vi.fn(async () => true);
    collectWhenIdle(app, { quietMs: 1_000, growthBytes: 1024 ** 4, trim });
    await app.ready();
    for (let i = 0; i < 3; i++) {
      await app.inject('/');
      await vi.advanceTimersByTimeAsync(2_000);
    }
    expect(gc).not.toHaveBeenCalled();
    expect(trim).not.toHaveBeenCalled();
    await app.close();
  });

  it('trims without collecting when the process grew but V8\'s heap did not (buffers of compression live outside it)', async () => {
    vi.useFakeTimers();
    const gc = vi.fn();
    (globalThis as { gc?: unknown }).gc = gc;
    const trim = vi.fn(async () => true);
    let rss = 100 * 1024 ** 2;
    vi.spyOn(process.memoryUsage, 'rss').mockImplementation(() => rss);
    const app = fastify();
    app.get('/', async () => 'ok');
    // V8's heap cannot grow by a terabyte here; the process's size is what the test moves.
    collectWhenIdle(app, { quietMs: 1_000, growthBytes: 1024 ** 4, trim });
    await app.ready();
    rss = 1024 ** 4 + 1;
    await app.inject('/');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(trim).toHaveBeenCalledTimes(1);
    expect(gc).not.toHaveBeenCalled();

    // Measured again after the trim: a process that stays that size is not trimmed again and again.
    await app.inject('/');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(trim).toHaveBeenCalledTimes(1);
    vi.restoreAllMocks();
    await app.close();
  });
});
