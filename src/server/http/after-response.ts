import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Runs work once the answer has gone out, so its cost cannot be timed by the caller (e.g. whether
 * an address has an account). Failures are logged with the request id; nothing else sees them.
 */
export function afterResponse(request: FastifyRequest, reply: FastifyReply, label: string, task: () => Promise<unknown>): void {
  let started = false;
  const run = () => {
    if (started) return;
    started = true;
    setImmediate(() => {
      task().catch((error: unknown) => request.log.error({ err: error }, `${label} failed`));
    });
  };
  reply.raw.once('finish', run);
  reply.raw.once('close', run);
}
