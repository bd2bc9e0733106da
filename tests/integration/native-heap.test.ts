/**
 * `trimNativeHeap` really gives the C heap's free pages back (docs/decisions/0030): a child process
 * with the store's malloc settings fills its heap with 64 KB-ish buffers, frees every other one
 * (holes below blocks still in use, which glibc keeps by itself), and trims. The child's resident
 * size must drop by most of what was freed.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const nativeHeap = path.resolve(import.meta.dirname, '..', '..', 'src', 'server', 'native-heap.ts');

const child = `
import { trimNativeHeap } from ${JSON.stringify(nativeHeap)};
const mb = () => process.memoryUsage.rss() / 1024 ** 2;
let buffers = Array.from({ length: 4000 }, () => Buffer.allocUnsafeSlow(60_000).fill(1));
buffers = buffers.filter((_, i) => i % 2 === 1);
gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
const before = mb();
const trimmed = await trimNativeHeap();
console.log(JSON.stringify({ trimmed, before, after: mb(), kept: buffers.length }));
`;

describe('trimNativeHeap', () => {
  it.runIf(process.platform === 'linux')('gives freed holes in the C heap back to the system', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['--expose-gc', '--input-type=module', '-e', child], {
      // The store's settings (package.json's serve script): 60 KB blocks stay in the heap.
      env: { ...process.env, MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' },
      timeout: 30_000,
    });
    const { trimmed, before, after, kept } = JSON.parse(stdout.trim()) as { trimmed: boolean; before: number; after: number; kept: number };
    expect(trimmed).toBe(true);
    expect(kept).toBe(2000);
    // 2,000 buffers of 60 KB were freed: about 114 MB. Most of it must leave the process.
    expect(before - after).toBeGreaterThan(80);
  }, 30_000);
});
