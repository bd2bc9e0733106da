/**
 * Helmet's security headers on every answer (its Content-Security-Policy excepted: pages set
 * their own with a nonce, src/web/entry.server.tsx; the API reference has its own too).
 *
 * Helmet's headers do not depend on the request, so its middleware runs once, at start, against a
 * recorder, and each answer gets the recorded set. @fastify/helmet built helmet's middleware anew
 * for every request in an async hook, and the headers then went out one `setHeader` each: about a
 * tenth of what an order allocated (issue 17's order path). Added when the answer is sent, so an
 * answer refused in an earlier hook (a malformed Host) carries them too; a header a route set
 * itself is kept.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

export type SecurityHeaders = ReadonlyArray<readonly [name: string, value: string]>;

/** The headers helmet's middleware writes with these options, lower-cased, in its order. */
export function helmetHeaders(options: Readonly<HelmetOptions>): SecurityHeaders {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return [...headers];
}

/** Adds the headers the answer does not have yet. */
export function addSecurityHeaders(reply: FastifyReply, headers: SecurityHeaders): void {
  for (const [name, value] of headers) if (reply.getHeader(name) === undefined) reply.header(name, value);
}
