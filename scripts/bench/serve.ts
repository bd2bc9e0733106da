/**
 * Starts the production build on a free port with a throwaway embedded database, for the
 * benchmarks. Requires `npm run build` first.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * The checkout whose build is measured: this one, or BENCH_ROOT (another clone, built), so a
 * bench can put an earlier main and this one side by side in one run.
 */
export const benchRoot = process.env.BENCH_ROOT ? path.resolve(process.env.BENCH_ROOT) : path.resolve(import.meta.dirname, '..', '..');
const root = benchRoot;

/**
 * How `npm run serve` starts the store in the measured checkout: its environment variables and
 * node's flags (the heap, malloc and thread settings of docs/decisions/0023, 0030, 0031 and 0033), so a
 * bench measures the process production runs rather than a plain `node src/server/main.ts`.
 */
export function productionStart(from: string = root): { env: Record<string, string>; nodeArgs: string[] } {
  const { scripts } = JSON.parse(fs.readFileSync(path.join(from, 'package.json'), 'utf8')) as { scripts: Record<string, string | undefined> };
  const words = scripts.serve?.trim().split(/\s+/) ?? [];
  const node = words.indexOf('node');
  const settings = words.slice(0, node);
  if (node < 0 || words.at(-1) !== 'src/server/main.ts' || !settings.every((word) => /^[A-Z_][A-Z0-9_]*=\S*$/.test(word))) {
    throw new Error(`package.json's serve script is not "[NAME=value ...] node [flags ...] src/server/main.ts": ${scripts.serve}`);
  }
  return {
    env: Object.fromEntries(settings.map((word) => [word.slice(0, word.indexOf('=')), word.slice(word.indexOf('=') + 1)])),
    nodeArgs: words.slice(node + 1, -1),
  };
}

/**
 * Node flags a bench run adds to every server it starts, for looking into the runtime (V8's flags,
 * which NODE_OPTIONS may not carry): BENCH_TRACE_GC=1 prints each collection (--trace-gc),
 * BENCH_GC_LOG=dir writes each one's pause on the monotonic clock (gc-pauses.ts), and
 * BENCH_NODE_FLAGS="--flag --other" adds those, e.g. --trace-gc-nvp or a setting to try on both.
 */
export function benchNodeFlags(): string[] {
  return [
    ...(process.env.BENCH_TRACE_GC ? ['--trace-gc'] : []),
    ...(process.env.BENCH_GC_LOG ? ['--import', path.join(import.meta.dirname, 'gc-pauses.ts')] : []),
    ...(process.env.BENCH_NODE_FLAGS ?? '').split(/\s+/).filter(Boolean),
  ];
}

/**
 * Refuses a port something else listens on: the readiness check would find that server, and the
 * caller would measure or test it instead of its own (two test workers on one port did so).
 */
export async function assertPortFree(port: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', () => reject(new Error(`port ${port} is in use: stop what listens there first`)));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });
}

/** Starts the built store of `from` (this checkout, or BENCH_ROOT's) on `port`. */
export async function startBuiltServer(port: number, extraEnv: Record<string, string> = {}, from: string = root): Promise<{ origin: string; pid: number; stop: () => Promise<void> }> {
  await assertPortFree(port);
  if (!fs.existsSync(path.join(from, 'build', 'server', 'index.js'))) {
    throw new Error('No build found: run `npm run build` first.');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-lumi-bench-'));
  // BENCH_PROFILE=dir writes a CPU profile of the server there (for finding where time goes);
  // BENCH_HEAP_PROFILE=dir a sampling heap profile (for finding what a request allocates);
  // BENCH_TRACE_GC and BENCH_NODE_FLAGS as benchNodeFlags() says.
  const profile = [
    ...(process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : []),
    ...benchNodeFlags(),
    ...(process.env.BENCH_HEAP_PROFILE ? ['--import', path.join(import.meta.dirname, 'heap-sampler.ts')] : []),
  ];
  const production = productionStart(from);
  const child = spawn(process.execPath, [...production.nodeArgs, ...profile, 'src/server/main.ts'], {
    cwd: from,
    env: { ...process.env, ...production.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...extraEnv },
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
