/** Issue 33, item 14: the settings tab shows the build's real version and commit, not a constant. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildInfo, commitOfCheckout } from '../../src/server/build-info.ts';
import packageJson from '../../package.json' with { type: 'json' };

const HASH = 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678';

function checkout(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'build-info-'));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), text);
  }
  return root;
}

describe('build info', () => {
  it('reads the commit of a branch, loose or packed, or of a detached HEAD', () => {
    expect(commitOfCheckout(checkout({ '.git/HEAD': 'ref: refs/heads/main\n', '.git/refs/heads/main': `${HASH}\n` }))).toBe(HASH);
    expect(commitOfCheckout(checkout({ '.git/HEAD': 'ref: refs/heads/main\n', '.git/packed-refs': `# pack-refs with: peeled\n${HASH} refs/heads/main\n` }))).toBe(HASH);
    expect(commitOfCheckout(checkout({ '.git/HEAD': `${HASH}\n` }))).toBe(HASH);
    expect(commitOfCheckout(checkout({}))).toBeNull();
  });

  it('prefers the deploy\'s COMMIT_SHA, shortens it, and says nothing it does not know', () => {
    const root = checkout({ '.git/HEAD': `${HASH}\n` });
    expect(buildInfo(root, '1.2.3', { COMMIT_SHA: 'FEDCBA9876543210' })).toEqual({ version: '1.2.3', commit: 'fedcba987654', builtAt: null });
    expect(buildInfo(root, '1.2.3', { COMMIT_SHA: 'not a hash' }).commit).toBe(HASH.slice(0, 12));
    expect(buildInfo(checkout({}), '1.2.3', {})).toEqual({ version: '1.2.3', commit: null, builtAt: null });
  });

  it('knows this checkout: its package version and the commit HEAD names', () => {
    const root = path.resolve(import.meta.dirname, '..', '..');
    const info = buildInfo(root, packageJson.version, {});
    expect(info.version).toBe(packageJson.version);
    if (fs.existsSync(path.join(root, '.git'))) expect(info.commit).toMatch(/^[0-9a-f]{12}$/);
  });
});
