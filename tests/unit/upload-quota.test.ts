/**
 * Daily upload allowances (item 4) with in-memory counters and small limits: per owner and per
 * address, refused before storing when the declared size is more than what is left, stopped in
 * the middle of a file when the arriving bytes pass it, and given back when a request is refused.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { DomainError } from '../../src/domain/errors.ts';
import { REFERENCE_RULES, UPLOAD_DAILY_BYTES } from '../../src/domain/uploads.ts';
import { startUploadBatch } from '../../src/server/features/uploads/upload-batch.ts';
import { createUploadQuota } from '../../src/server/features/uploads/upload-quota.ts';
import { createLocalStorage } from '../../src/server/storage/local-storage.ts';

const MB = 1024 * 1024;
const LIMITS = { guest: 3 * MB, user: 6 * MB, ip: 5 * MB };
const guest = (guestId: string) => ({ kind: 'guest' as const, guestId });

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('upload quota', () => {
  it('allows 200 MB a day to a guest, 1 GB to a customer and 1 GB to an address', () => {
    expect(UPLOAD_DAILY_BYTES).toEqual({ guest: 200 * MB, user: 1024 * MB, ip: 1024 * MB });
  });

  it("counts an owner's bytes and refuses the rest: 413 past what is left, then 429 once nothing is", async () => {
    const quota = createUploadQuota({ limits: LIMITS });
    const first = quota.forRequest('10.0.0.1');
    first.setOwner(guest('g1'));
    await first.check(2 * MB);
    await first.take(2 * MB);

    const second = quota.forRequest('10.0.0.2');
    second.setOwner(guest('g1'));
    // 1 MB left of 3: a declared 2 MB is refused before anything is read.
    const declared = await refusal(second.check(2 * MB));
    expect(declared.code).toBe('UPLOAD_TOO_LARGE');
    expect(declared.messageKey).toBe('uploads.quotaExceeded');
    expect(declared.values).toMatchObject({ left: '1 MB', limit: '3 MB', count: 24 });
    expect(declared.retryAfterMs).toBeGreaterThan(23 * 3_600_000);
    // Counted as it arrives: the bytes past what is left are refused.
    await second.take(MB / 2);
    const arriving = await refusal(second.take(MB));
    expect(arriving.code).toBe('UPLOAD_TOO_LARGE');
    expect(arriving.values).toMatchObject({ left: '1 MB', limit: '3 MB' });

    const third = quota.forRequest('10.0.0.3');
    third.setOwner(guest('g1'));
    const spent = await refusal(third.check(1000));
    expect(spent.code).toBe('TOO_MANY_REQUESTS');
    expect(spent.messageKey).toBe('uploads.quotaSpent');
    expect(spent.values).toMatchObject({ limit: '3 MB', count: 24 });

    // Another guest is not touched by the first one's spending.
    const other = quota.forRequest('10.0.0.4');
    other.setOwner(guest('g2'));
    await other.check(3 * MB);
  });

  it('gives back what a refused request counted', async () => {
    const quota = createUploadQuota({ limits: LIMITS });
    const refused = quota.forRequest('10.0.1.1');
    refused.setOwner(guest('g3'));
    await refused.take(2 * MB);
    await expect(refused.take(2 * MB)).rejects.toThrow(DomainError);
    await refused.giveBack();
    const next = quota.forRequest('10.0.1.1');
    next.setOwner(guest('g3'));
    await next.check(3 * MB);
    await next.take(3 * MB);
  });

  it('holds one address to its own allowance, whatever guest ids it invents', async () => {
    const quota = createUploadQuota({ limits: LIMITS });
    for (const id of ['a', 'b']) {
      const allowance = quota.forRequest('10.0.2.1');
      allowance.setOwner(guest(id));
      await allowance.take(2 * MB);
    }
    const third = quota.forRequest('10.0.2.1');
    third.setOwner(guest('c'));
    const refused = await refusal(third.check(2 * MB));
    expect(refused.code).toBe('UPLOAD_TOO_LARGE');
    expect(refused.values).toMatchObject({ left: '1 MB', limit: '5 MB' });
    // A signed-in customer has the larger allowance of their own, still within the address's.
    const customer = quota.forRequest('10.0.2.2');
    customer.setOwner({ kind: 'user', userId: 'u1' });
    await customer.take(5 * MB);
    const more = quota.forRequest('10.0.2.3');
    more.setOwner({ kind: 'user', userId: 'u1' });
    await more.take(MB);
    await expect(more.take(MB)).rejects.toMatchObject({ code: 'UPLOAD_TOO_LARGE', values: { limit: '6 MB' } });
  });

  it('says minutes in the last two hours of the day', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const quota = createUploadQuota({ limits: LIMITS });
      const allowance = quota.forRequest('10.0.3.1');
      await allowance.take(5 * MB);
      vi.setSystemTime(Date.now() + 23 * 3_600_000);
      const spent = await refusal(quota.forRequest('10.0.3.1').check(undefined));
      expect(spent.messageKey).toBe('uploads.quotaSpentMinutes');
      expect(spent.values).toMatchObject({ limit: '5 MB', count: 60 });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('an upload batch within the allowance', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lumi-quota-'));
  const storage = createLocalStorage(root);
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  const onDisk = () => fs.readdirSync(root, { recursive: true }).map(String).filter((f) => !fs.statSync(path.join(root, f)).isDirectory());

  /** A JPEG header and `bytes` in all, read in 64 KB chunks; `pulled` says how much was read. */
  async function source(bytes: number) {
    const header = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } }).jpeg().toBuffer();
    const state = { pulled: 0 };
    const stream = Readable.from((function* () {
      for (let at = 0; at < bytes; at += 64 * 1024) {
        const chunk = Buffer.alloc(Math.min(64 * 1024, bytes - at), 0x20);
        if (at === 0) header.copy(chunk);
        state.pulled += chunk.length;
        yield chunk;
      }
    })());
    return { stream, state };
  }

  it('stops a file in the middle once it passes what is left, and leaves nothing stored or counted', async () => {
    const quota = createUploadQuota({ limits: LIMITS });
    const allowance = quota.forRequest('10.0.4.1');
    allowance.setOwner(guest('g4'));
    const batch = startUploadBatch(storage, REFERENCE_RULES, allowance);
    const small = await source(MB / 2);
    await batch.add('small.jpg', small.stream);
    const big = await source(9 * MB);
    const error = await refusal(batch.add('big.jpg', big.stream));
    expect(error.code).toBe('UPLOAD_TOO_LARGE');
    // What the request had when it started: its 0.5 MB file and the big one together are more.
    expect(error.values).toMatchObject({ left: '3 MB', limit: '3 MB' });
    // Stopped within a couple of megabytes, not after reading the whole 9 MB file.
    expect(big.state.pulled).toBeLessThan(4 * MB);
    await batch.abort();
    expect(onDisk()).toEqual([]);
    // Everything was given back: the whole 3 MB is there again.
    const again = quota.forRequest('10.0.4.2');
    again.setOwner(guest('g4'));
    await again.check(3 * MB);
  });

  it('counts exactly the bytes of what it stores', async () => {
    const quota = createUploadQuota({ limits: LIMITS });
    const allowance = quota.forRequest('10.0.5.1');
    allowance.setOwner(guest('g5'));
    const batch = startUploadBatch(storage, REFERENCE_RULES, allowance);
    const file = await source(MB + 12_345);
    await batch.add('one.jpg', file.stream);
    const after = quota.forRequest('10.0.5.9');
    after.setOwner(guest('g5'));
    // 3 MB - (1 MB + 12,345 bytes) is left: a declared size of exactly that (plus framing) passes, a byte more of content does not.
    await after.take(2 * MB - 12_345);
    await expect(after.take(1)).rejects.toMatchObject({ code: 'UPLOAD_TOO_LARGE' });
    await batch.abort();
  });
});
