/**
 * The instance's life as an operator sees it (issue 36): ready, then shutting down. On SIGTERM the
 * instance first says it is not ready (GET /readyz answers 503) and keeps serving for
 * SHUTDOWN_DRAIN_MS, so a load balancer stops sending it new requests; then Fastify stops
 * accepting connections and finishes the requests in flight, the event streams end with a retry
 * hint, the mail worker and the jobs finish their current item and the pools close (the `preClose`
 * and `onClose` hooks). If that takes longer than SHUTDOWN_TIMEOUT_MS the process exits anyway.
 */
import type { FastifyInstance } from 'fastify';

export interface Lifecycle {
  readonly shuttingDown: boolean;
  beginShutdown(): void;
}

export function createLifecycle(): Lifecycle {
  let shuttingDown = false;
  return {
    get shuttingDown() { return shuttingDown; },
    beginShutdown() { shuttingDown = true; },
  };
}

export interface ShutdownOptions {
  drainMs: number;
  timeoutMs: number;
  exit: (code: number) => void;
}

/** Runs the shutdown once, whatever number of signals arrive. */
export function gracefulShutdown(app: FastifyInstance, lifecycle: Lifecycle, options: ShutdownOptions): (signal: string) => Promise<void> {
  let running: Promise<void> | undefined;
  return (signal) => (running ??= (async () => {
    lifecycle.beginShutdown();
    app.log.info({ signal, drainMs: options.drainMs }, 'shutting down: not ready any more, finishing what is under way');
    const deadline = setTimeout(() => {
      app.log.error({ timeoutMs: options.timeoutMs }, 'shutdown did not finish in time: exiting with work left (the jobs and the outbox take it up again)');
      options.exit(1);
    }, options.drainMs + options.timeoutMs);
    deadline.unref();
    if (options.drainMs > 0) await new Promise((resolve) => setTimeout(resolve, options.drainMs));
    try {
      await app.close();
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      options.exit(1);
      return;
    }
    clearTimeout(deadline);
    options.exit(0);
  })());
}
