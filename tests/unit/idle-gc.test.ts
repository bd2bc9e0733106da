import { fastify } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { collectWhenIdle } from '../../src/server/idle-gc.ts';

describe('collectWhenIdle', () => {
  const original = (globalThis as { gc?: unknown }).gc;
  afterEach(() => {
    (globalThis as { gc?: unknown }).gc = original;
    vi.useRealTimers();
  });

  it('collects once after the answers stop, and not while they go on or when there were none', async () => {
    vi.useFakeTimers();
    const gc = vi.fn();
    (globalThis as { gc?: unknown }).gc = gc;
    const app = fastify();
    app.get('/', async () => 'ok');
    collectWhenIdle(app, { quietMs: 1_000, growthBytes: 0 });
    await app.ready();

    await vi.advanceTimersByTimeAsync(5_000);
    expect(gc).not.toHaveBeenCalled();

    for (let i = 0; i < 5; i++) {
      await app.inject('/');
      await vi.advanceTimersByTimeAsync(600);
    }
    expect(gc).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(500);
    expect(gc).toHaveBeenCalledTimes(1);
    expect(gc).toHaveBeenCalledWith({ type: 'major', execution: 'sync', flavor: 'last-resort' });

    await vi.advanceTimersByTimeAsync(10_000);
    expect(gc).toHaveBeenCalledTimes(1);
    await app.inject('/');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(gc).toHaveBeenCalledTimes(2);
    await app.close();
  });

  it('leaves a heap alone that has not grown enough since the last collection (a health check now and then)', async () => {
    vi.useFakeTimers();
    const gc = vi.fn();
    (globalThis as { gc?: unknown }).gc = gc;
    const app = fastify();
    app.get('/', async () => 'ok');
    collectWhenIdle(app, { quietMs: 1_000, growthBytes: 1024 ** 4 });
    await app.ready();
    for (let i = 0; i < 3; i++) {
      await app.inject('/');
      await vi.advanceTimersByTimeAsync(2_000);
    }
    expect(gc).not.toHaveBeenCalled();
    await app.close();
  });
});
