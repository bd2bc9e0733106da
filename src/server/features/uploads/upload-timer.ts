/**
 * The clock of one upload request: it expires when no byte arrived for `idleMs`, or when the whole
 * request took longer than `totalMs`. Without it a client that stops sending (or sends a byte a
 * minute) holds a connection, a parser and a half-written file for as long as it likes.
 */
import { DomainError } from '../../../domain/errors.ts';

interface UploadTimer {
  /** Bytes arrived: the idle clock starts again. */
  touch(): void;
  /** Rejects with UPLOAD_TIMEOUT once a limit is passed; never resolves. */
  readonly expired: Promise<never>;
  /** Whether a limit was passed. */
  readonly isExpired: boolean;
  stop(): void;
}

export function startUploadTimer(limits: { idleMs: number; totalMs: number }): UploadTimer {
  let fail: (error: DomainError) => void = () => {};
  const expired = new Promise<never>((_resolve, reject) => {
    fail = reject;
  });
  // Nobody may be listening when it fires (the request ended meanwhile): no unhandled rejection.
  expired.catch(() => {});
  let isExpired = false;
  const expire = (detail: string) => {
    isExpired = true;
    stop();
    fail(new DomainError('UPLOAD_TIMEOUT', { detail }));
  };
  const total = setTimeout(() => expire(`upload not finished after ${limits.totalMs} ms`), limits.totalMs);
  let idle = setTimeout(() => expire(`nothing received for ${limits.idleMs} ms`), limits.idleMs);
  function stop() {
    clearTimeout(total);
    clearTimeout(idle);
  }
  return {
    touch() {
      if (isExpired) return;
      // refresh() re-arms the same timer: no allocation per chunk.
      idle = idle.refresh();
    },
    expired,
    get isExpired() {
      return isExpired;
    },
    stop,
  };
}
