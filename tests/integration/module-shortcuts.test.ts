/**
 * drizzle-orm's own imports resolved without Node's package lookup (src/server/module-shortcuts.ts,
 * docs/decisions/0032): the same files in the same format as Node's resolver gives, and Node's
 * resolver no longer asked for them. Each case is a process of its own: the test runner's module
 * loader is not the one a store process uses.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const script = path.resolve(import.meta.dirname, 'support', 'drizzle-resolution.ts');

async function resolution(mode: 'shortcut' | 'plain') {
  const { stdout } = await promisify(execFile)(process.execPath, [script, mode], { timeout: 60_000 });
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as { applied: boolean; reachedNode: number; resolved: Record<string, string> };
}

describe('drizzle-orm resolved directly', () => {
  it('loads the same files in the same format as Node would, without asking Node for them', async () => {
    const [plain, shortcut] = await Promise.all([resolution('plain'), resolution('shortcut')]);
    expect(shortcut.applied).toBe(true);
    // Hundreds of imports of its own files: a real sample, not a handful.
    expect(plain.reachedNode).toBeGreaterThan(100);
    expect(shortcut.resolved).toEqual(plain.resolved);
    // Its imports of other packages (the drivers) still go to Node.
    expect(shortcut.reachedNode).toBe(0);
  }, 60_000);
});
