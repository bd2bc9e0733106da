/**
 * A store as production runs it: the built server in a process of its own, on a free loopback
 * port. Unlike the benchmarks' helper, it can be killed with SIGKILL and still be waited for.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');

export interface StoreProcess {
  name: string;
  origin: string;
  dataDir: string;
  /** Ends it as a power cut would: no shutdown hooks, no answers to what is in flight. */
  kill(): Promise<void>;
  stop(): Promise<void>;
  /** SIGTERM, waits for the exit (its code), and starts it again on the same port. */
  restart(): Promise<{ exitCode: number | null }>;
  output(): string;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Spawns the built server and waits until it says it is ready (GET /readyz). */
async function spawnStore(name: string, port: number, dataDir: string, env: Record<string, string>, log: (chunk: string) => void) {
  const child: ChildProcess = spawn(process.execPath, ['src/server/main.ts'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const take = (chunk: Buffer) => { output += chunk; log(String(chunk)); };
  child.stdout!.on('data', take);
  child.stderr!.on('data', take);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${origin}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${name} was not ready within 60 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, exited };
}

/** `dataDir`: start on this folder (a restored store); `keepData`: leave the folder when it stops. */
export async function startStoreProcess(name: string, env: Record<string, string>, options: { dataDir?: string; keepData?: boolean } = {}): Promise<StoreProcess> {
  if (!fs.existsSync(path.join(root, 'build', 'server', 'index.js'))) throw new Error('No build found: run `npm run build` first.');
  const port = await freePort();
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), `studio-lumi-${name}-`));
  const removeData = () => { if (!options.keepData) fs.rmSync(dataDir, { recursive: true, force: true }); };
  let output = '';
  const log = (chunk: string) => { output += chunk; };
  let current = await spawnStore(name, port, dataDir, env, log);
  const end = async (signal: NodeJS.Signals) => {
    const { child, exited } = current;
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return exited;
  };
  return {
    name,
    origin: `http://127.0.0.1:${port}`,
    dataDir,
    kill: async () => {
      await end('SIGKILL');
      removeData();
    },
    stop: async () => {
      await end('SIGTERM');
      removeData();
    },
    restart: async () => {
      const exitCode = await end('SIGTERM');
      current = await spawnStore(name, port, dataDir, env, log);
      return { exitCode };
    },
    output: () => output,
  };
}
