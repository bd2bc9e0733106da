/**
 * A request body that arrives too slowly is cut off with 408 (issue 32, item 6): without it a
 * client that sends a JSON body a byte at a time holds a socket, a parser and a request context
 * for as long as it likes, and fifty of them tie up an instance. Every body but an upload's
 * (multipart, which has its own idle and total clocks in features/uploads/upload-timer.ts) must
 * arrive whole within BODY_TIMEOUT_MS of its first byte being asked for.
 *
 * At the deadline the body reader is handed the error (the body stream's 'error' event, which
 * Fastify's reader listens for), not the socket torn down: the answer is the one error shape in
 * the caller's language, and it closes the connection, so the rest of the body is never read. No
 * stream is put in between, so a body that arrives in time costs one timer.
 */
import type { FastifyInstance } from 'fastify';
import { DomainError } from '../../domain/errors.ts';

export function cutOffSlowBodies(app: FastifyInstance, timeoutMs: number): void {
  app.addHook('preParsing', async (request, reply, payload) => {
    const hasBody = request.headers['content-length'] !== undefined || request.headers['transfer-encoding'] !== undefined;
    if (!hasBody || /^multipart\//i.test(request.headers['content-type'] ?? '')) return payload;
    const timer = setTimeout(() => {
      // Read whole meanwhile, or nobody is reading it (the answer went out without it): nothing to cut.
      if (payload.readableEnded || payload.listenerCount('error') === 0) return;
      reply.header('connection', 'close');
      payload.pause();
      payload.emit('error', new DomainError('REQUEST_TIMEOUT', { detail: `body not received within ${timeoutMs} ms` }));
    }, timeoutMs);
    timer.unref();
    const stop = () => clearTimeout(timer);
    payload.once('end', stop);
    payload.once('close', stop);
    reply.raw.once('finish', stop);
    return payload;
  });
}
