/**
 * The embedded store's control socket (issue 36, decision 0053): `DATA_DIR/control.sock`, a Unix
 * socket only the store's user may open (mode 0600: the file system is the authentication), never a
 * network port. It is also the DATA_DIR's lock: taken before the database is opened, by the store
 * or by the backup command working on a stopped store, so two processes never open one embedded
 * database (that would corrupt it). A socket file nobody answers on is what a dead process left: it
 * is replaced.
 *
 * The store serves `POST /backup` on it: `npm run backup` asks the running store for its backup,
 * since only the database's one owner can copy it consistently while it serves.
 */
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import type { Writable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';

export const CONTROL_SOCKET = 'control.sock';
/** Unix socket paths are limited to about 107 bytes. */
const MAX_SOCKET_PATH = 100;

export interface ControlHandlers {
  backup: (out: Writable) => Promise<{ files: number; pauseMs: number }>;
  shuttingDown: () => boolean;
  log: FastifyBaseLogger;
}

export interface ControlSocket {
  /** Starts answering backups (until then: 503, the store is starting or busy offline). */
  serve(handlers: ControlHandlers): void;
  close(): Promise<void>;
}

export class DataDirInUse extends Error {
  override name = 'DataDirInUse';
}

/** Whether something answers on the socket at `file` (a store, or a backup, working on that DATA_DIR). */
export function socketAnswers(file: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.connect(file);
    probe.once('connect', () => { probe.destroy(); resolve(true); });
    probe.once('error', () => resolve(false));
  });
}

export const controlSocketPath = (dataDir: string) => path.join(path.resolve(dataDir), CONTROL_SOCKET);

/**
 * Claims `dataDir` by listening on its control socket; DataDirInUse when another process answers
 * there. Null when the path is too long for a Unix socket (the store then runs without live backups).
 */
export async function claimDataDir(dataDir: string, who: string): Promise<ControlSocket | null> {
  const file = controlSocketPath(dataDir);
  if (Buffer.byteLength(file) > MAX_SOCKET_PATH) return null;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  if (fs.existsSync(file)) {
    if (await socketAnswers(file)) throw new DataDirInUse(`another process works on ${dataDir} (${file} answers): stop it first`);
    fs.rmSync(file, { force: true });
  }
  let handlers: ControlHandlers | null = null;
  let busy = false;
  const server = http.createServer((request, response) => {
    if (request.method !== 'POST' || request.url !== '/backup') {
      response.writeHead(404).end('POST /backup\n');
      return;
    }
    if (!handlers) {
      response.writeHead(503).end(`${who} holds this DATA_DIR; try again when it is done\n`);
      return;
    }
    if (handlers.shuttingDown()) {
      response.writeHead(503).end('the store is shutting down: back up the stopped store instead\n');
      return;
    }
    if (busy) {
      response.writeHead(409).end('a backup is being taken already\n');
      return;
    }
    busy = true;
    const { log } = handlers;
    response.writeHead(200, { 'content-type': 'application/gzip' });
    handlers.backup(response).then(({ files, pauseMs }) => {
      log.info({ files, pauseMs }, 'backup taken through the control socket');
    }, (error: unknown) => {
      // The archive ends short: the command's check of its checksums refuses it.
      log.error({ err: error }, 'backup failed');
      response.destroy(error as Error);
    }).finally(() => { busy = false; });
  });
  const previous = process.umask(0o177);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(file, () => resolve());
    });
  } finally {
    process.umask(previous);
  }
  fs.chmodSync(file, 0o600);
  return {
    serve: (given) => { handlers = given; },
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
      fs.rmSync(file, { force: true });
    }),
  };
}
