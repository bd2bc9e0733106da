/**
 * A provider call's deadline: it aborts a call that runs past it, and nothing of it is left once
 * the call has ended (decision 0033: `AbortSignal.timeout` fired for every finished call later).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withDeadline } from '../../src/server/features/payments/providers/deadline.ts';

describe('withDeadline', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('aborts a call that has not answered by its deadline, with a TimeoutError', async () => {
    const call = withDeadline(1000, (signal) => new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason as Error))));
    const outcome = expect(call).rejects.toMatchObject({ name: 'TimeoutError' });
    await vi.advanceTimersByTimeAsync(999);
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
  });

  it('leaves no timer behind a call that answered, nor one that failed', async () => {
    let seen: AbortSignal | undefined;
    await expect(withDeadline(1000, async (signal) => {
      seen = signal;
      return 'answer';
    })).resolves.toBe('answer');
    await expect(withDeadline(1000, async () => {
      throw new Error('refused');
    })).rejects.toThrow('refused');
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(5000);
    expect(seen!.aborted).toBe(false);
  });
});
