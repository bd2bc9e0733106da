/**
 * Starts the production build on a free port with a throwaway embedded database, for the
 * benchmarks. Requires `npm run build` first.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The checkout whose build is measured: this one, or BENCH_ROOT (another clone, built), so a
 * bench can put an earlier main and this one side by side in one run.
 */
export const benchRoot = process.env.BENCH_ROOT ? path.resolve(process.env.BENCH_ROOT) : path.resolve(import.meta.dirname, '..', '..');
const root = benchRoot;

export async function startBuiltServer(port: number, extraEnv: Record<string, string> = {}): Promise<{ origin: string; pid: number; stop: () => Promise<void> }> {
  if (!fs.existsSync(path.join(root, 'build', 'server', 'index.js'))) {
    throw new Error('No build found: run `npm run build` first.');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-lumi-bench-'));
  // BENCH_PROFILE=dir writes a CPU profile of the server there (for finding where time goes).
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  const child = spawn(process.execPath, [...profile, 'src/server/main.ts'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...extraEnv },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // Whatever way the bench ends (an error before its `finally`, process.exit), the server ends too.
  const orphanGuard = () => child.kill('SIGKILL');
  process.once('exit', orphanGuard);
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const response = await fetch(`${origin}/robots.txt`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    const failure = Date.now() > deadline ? 'server did not start within 60 s' : child.exitCode !== null ? `server exited with ${child.exitCode}` : null;
    if (failure) {
      process.off('exit', orphanGuard);
      child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
      throw new Error(failure);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    origin,
    pid: child.pid!,
    stop: async () => {
      process.off('exit', orphanGuard);
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
