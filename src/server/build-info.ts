/**
 * Which build is running (issue 33, item 14), for staff's settings tab and the logs: the
 * package's version, the commit it was built from, and when the server bundle was built. The
 * commit comes from COMMIT_SHA (a deploy sets it) or else from the checkout's .git, read once at
 * start without running git; either may be missing (a copied build), and is then shown as such.
 */
import fs from 'node:fs';
import path from 'node:path';

export interface BuildInfo {
  version: string;
  /** The commit's short hash; null when neither COMMIT_SHA nor a .git says it. */
  commit: string | null;
  /** When the server bundle was written; null when it is not there (tests, development). */
  builtAt: Date | null;
}

const SHORT = 12;

function readOr(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    return null;
  }
}

/** The commit a checkout's HEAD names: a detached hash, or its branch's, loose or packed. */
export function commitOfCheckout(root: string): string | null {
  const git = path.join(root, '.git');
  const head = readOr(path.join(git, 'HEAD'));
  if (!head) return null;
  if (!head.startsWith('ref: ')) return /^[0-9a-f]{40}$/.test(head) ? head : null;
  const ref = head.slice(5);
  const loose = readOr(path.join(git, ref));
  if (loose && /^[0-9a-f]{40}$/.test(loose)) return loose;
  const packed = readOr(path.join(git, 'packed-refs'))?.split('\n').find((line) => line.endsWith(` ${ref}`));
  return packed ? packed.slice(0, 40) : null;
}

export function buildInfo(root: string, version: string, env: NodeJS.ProcessEnv = process.env): BuildInfo {
  const fromEnv = env.COMMIT_SHA?.trim();
  const commit = fromEnv && /^[0-9a-f]{7,40}$/i.test(fromEnv) ? fromEnv : commitOfCheckout(root);
  let builtAt: Date | null = null;
  try {
    builtAt = fs.statSync(path.join(root, 'build', 'server', 'index.js')).mtime;
  } catch {
    builtAt = null;
  }
  return { version, commit: commit ? commit.slice(0, SHORT).toLowerCase() : null, builtAt };
}
