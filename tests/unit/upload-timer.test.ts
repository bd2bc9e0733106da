/** The clock of an upload request (item 9): idle time between chunks, and the whole request's time. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DomainError } from '../../src/domain/errors.ts';
import { DELIVERABLE_RULES, REFERENCE_RULES } from '../../src/domain/uploads.ts';
import { startUploadTimer } from '../../src/server/features/uploads/upload-timer.ts';

describe('upload timer', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** What `promise` settled to so far ('pending' until it does), read after the clock moved. */
  function watch(promise: Promise<unknown>) {
    const seen = { value: 'pending' as unknown };
    promise.then(() => { seen.value = 'resolved'; }, (error: unknown) => { seen.value = error; });
    return seen;
  }

  it('expires with UPLOAD_TIMEOUT once nothing arrived for the idle time', async () => {
    const timer = startUploadTimer({ idleMs: 1000, totalMs: 60_000 });
    const expired = watch(timer.expired);
    await vi.advanceTimersByTimeAsync(999);
    expect(expired.value).toBe('pending');
    expect(timer.isExpired).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = expired.value;
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe('UPLOAD_TIMEOUT');
    expect(timer.isExpired).toBe(true);
  });

  it('starts the idle time again with every chunk, but still ends a request that trickles past the total', async () => {
    const timer = startUploadTimer({ idleMs: 1000, totalMs: 5000 });
    const expired = watch(timer.expired);
    for (let elapsed = 0; elapsed < 4900; elapsed += 700) {
      await vi.advanceTimersByTimeAsync(700);
      timer.touch();
    }
    expect(expired.value).toBe('pending');
    await vi.advanceTimersByTimeAsync(200);
    expect((expired.value as DomainError).code).toBe('UPLOAD_TIMEOUT');
  });

  it('never fires once stopped', async () => {
    const timer = startUploadTimer({ idleMs: 10, totalMs: 20 });
    const expired = watch(timer.expired);
    timer.stop();
    await vi.advanceTimersByTimeAsync(1000);
    expect(expired.value).toBe('pending');
    expect(timer.isExpired).toBe(false);
  });

  it('gives customers two minutes and staff ten for a whole request', () => {
    expect(REFERENCE_RULES.maxDurationMs).toBe(2 * 60_000);
    expect(DELIVERABLE_RULES.maxDurationMs).toBe(10 * 60_000);
  });
});
